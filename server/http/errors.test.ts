import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DomainError, ERROR_CODES } from '../../core/errors.ts';
import { parseInput } from '../../core/input.ts';
import { codeForStatus, registerErrorHandling, STATUS_BY_CODE } from './errors.ts';

describe('the code-to-status table', () => {
  it('gives every code its status', () => {
    expect(STATUS_BY_CODE).toEqual({
      invalid: 400,
      unauthenticated: 401,
      forbidden: 403,
      not_found: 404,
      method_not_allowed: 405,
      conflict: 409,
      misdirected: 421,
      too_large: 413,
      unsupported_media_type: 415,
      unprocessable: 422,
      rate_limited: 429,
      internal: 500,
      busy: 503,
      insufficient_storage: 507,
      already_claimed: 409,
      no_contact_email: 422,
      duplicate_request: 409,
    });
    expect(Object.keys(STATUS_BY_CODE).sort()).toEqual([...ERROR_CODES].sort());
  });

  it('names an error that comes with a status only by the general code for it', () => {
    expect(codeForStatus(400)).toBe('invalid');
    expect(codeForStatus(409)).toBe('conflict');
    expect(codeForStatus(413)).toBe('too_large');
    expect(codeForStatus(415)).toBe('unsupported_media_type');
    expect(codeForStatus(422)).toBe('unprocessable');
    expect(codeForStatus(406)).toBe('invalid');
    expect(codeForStatus(504)).toBe('internal');
  });
});

describe('error responses', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/busy', async () => {
      throw new DomainError('busy', 'Try again in 5 seconds.', { retryAfterSeconds: 5 });
    });
    app.get('/claimed', async () => {
      throw new DomainError('already_claimed', 'Profile already claimed');
    });
    app.get('/parsed', async (request) =>
      parseInput(z.object({ page: z.coerce.number().int() }), request.query),
    );
    app.post('/echo', async (request) => request.body);
    app.get('/broken', async () => {
      throw new Error('database password is hunter2');
    });
    await app.ready();
  });
  afterAll(async () => app.close());

  it('carry the domain error’s detail and code, with the code’s status', async () => {
    const claimed = await app.inject({ method: 'GET', url: '/claimed' });
    expect(claimed.statusCode).toBe(409);
    expect(claimed.json()).toEqual({ detail: 'Profile already claimed', code: 'already_claimed' });

    const busy = await app.inject({ method: 'GET', url: '/busy' });
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('5');
    expect(busy.json()).toEqual({ detail: 'Try again in 5 seconds.', code: 'busy' });
  });

  it('name a validation refusal invalid, with the field in the detail', async () => {
    const response = await app.inject({ method: 'GET', url: '/parsed?page=x' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: expect.stringMatching(/^page: /), code: 'invalid' });
  });

  it('give Fastify’s own refusals, unknown paths and failures a code too', async () => {
    const badJson = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toEqual({ detail: 'Request body is not valid JSON', code: 'invalid' });

    const missing = await app.inject({ method: 'GET', url: '/nowhere' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Not Found', code: 'not_found' });

    const broken = await app.inject({ method: 'GET', url: '/broken' });
    expect(broken.statusCode).toBe(500);
    expect(broken.json()).toEqual({ detail: 'Internal server error', code: 'internal' });
  });
});

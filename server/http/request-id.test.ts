import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageBuild } from '../../tests/support/page-build.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { testDialect } from '../../tests/support/test-database.ts';

// Every response names its request in X-Request-Id, and the same id is the reqId of the request's
// log lines, so an operator can go from a user's report to the log.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe(`request ids on ${testDialect}`, () => {
  let app: TestApp;
  const logLines: Array<{ reqId?: string; msg?: string; res?: { statusCode?: number } }> = [];

  beforeAll(async () => {
    app = await createTestApp(
      { LOG_LEVEL: 'info' },
      {
        serverBuild: pageBuild({
          'routes/page': { path: 'page', module: { loader: () => ({ ok: true }), default: () => null } },
        }),
        logStream: { write: (line) => void logLines.push(JSON.parse(line) as (typeof logLines)[number]) },
      },
    );
  });
  afterAll(async () => app.close());

  /** The id in the response header, after checking the request's completion line carries it. */
  function idLoggedFor(response: { statusCode: number; headers: Record<string, unknown> }): string {
    const id = String(response.headers['x-request-id']);
    expect(id).toMatch(UUID);
    const completed = logLines.find((line) => line.reqId === id && line.msg === 'request completed');
    expect(completed?.res?.statusCode).toBe(response.statusCode);
    return id;
  }

  it('names an API response, and its log line', async () => {
    const response = await app.fastify.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    idLoggedFor(response);
  });

  it('names an error response, and its log line', async () => {
    const missing = await app.fastify.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ detail: 'Not Found' });
    idLoggedFor(missing);

    const badJson = await app.fastify.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(badJson.statusCode).toBe(400);
    idLoggedFor(badJson);

    // Refused by the router itself, before any hook runs; Fastify then logs the request as it
    // arrives but writes no completion line.
    const badUrl = await app.fastify.inject({ method: 'GET', url: '/api/v1/%zz' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({
      detail:
        'The URL is not valid (a % not followed by two hexadecimal digits, or bytes that are not UTF-8)',
      code: 'invalid',
    });
    const id = String(badUrl.headers['x-request-id']);
    expect(id).toMatch(UUID);
    expect(logLines.find((line) => line.reqId === id)?.msg).toBe('incoming request');
  });

  it('names a server-rendered page and a missing page', async () => {
    const page = await app.fastify.inject({ method: 'GET', url: '/page' });
    expect(page.statusCode).toBe(200);
    idLoggedFor(page);

    const missing = await app.fastify.inject({ method: 'GET', url: '/no-such-page' });
    expect(missing.statusCode).toBe(404);
    idLoggedFor(missing);
  });

  it('gives each request its own id and ignores one the client sends', async () => {
    const first = await app.fastify.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'x-request-id': 'attacker-chosen-id' },
    });
    const second = await app.fastify.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'x-request-id': 'attacker-chosen-id' },
    });
    const firstId = idLoggedFor(first);
    expect(idLoggedFor(second)).not.toBe(firstId);
    expect(logLines.some((line) => line.reqId === 'attacker-chosen-id')).toBe(false);
  });
});

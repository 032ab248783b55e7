import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../tests/support/test-app.ts';
import { testDialect } from '../tests/support/test-database.ts';

describe(`platform API on ${testDialect}`, () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp({ RATE_LIMIT_MAX: '5', BODY_LIMIT_BYTES: '2048' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('reports a reachable database on GET /api/v1/health', async () => {
    const response = await app.fastify.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'reachable' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    for (const url of ['/api/v1/nope', '/api/v1/companies/x/y', '/carrier-data/api/v1/nope']) {
      const response = await app.fastify.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toMatchObject({ detail: 'Not Found' });
    }
  });

  it('refuses a body over the limit with 413 JSON', async () => {
    const response = await app.fastify.inject({
      method: 'POST',
      url: '/api/v1/nope',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(5000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ detail: 'Request body is too large' });
  });

  it('refuses malformed JSON with 400 and a detail', async () => {
    const response = await app.fastify.inject({
      method: 'POST',
      url: '/api/v1/nope',
      headers: { 'content-type': 'application/json' },
      payload: '{"unterminated": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ detail: 'Request body is not valid JSON' });
  });

  it('sends security headers with API responses', async () => {
    const response = await app.fastify.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('answers 429 with a detail and Retry-After once a client passes the limit', async () => {
    const burst = async () =>
      app.fastify.inject({ method: 'GET', url: '/api/v1/nope', remoteAddress: '203.0.113.9' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await burst()).statusCode);
    expect(statuses).toEqual([404, 404, 404, 404, 404]);

    const limited = await burst();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited.json()).toMatchObject({
      detail: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/),
    });

    // Another client is not affected.
    const other = await app.fastify.inject({
      method: 'GET',
      url: '/api/v1/nope',
      remoteAddress: '203.0.113.10',
    });
    expect(other.statusCode).toBe(404);
  });
});

describe(`client addresses behind a proxy (${testDialect})`, () => {
  /** The link-request limit (10 an hour per client) makes an exhausted bucket cheap to reach. */
  const requestLink = (app: TestApp, remoteAddress: string, forwardedFor?: string) =>
    app.fastify.inject({
      method: 'POST',
      url: '/api/v1/auth/user-login',
      payload: { email: 'nobody@example.com' },
      remoteAddress,
      headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    });

  it.each(['loopback', '127.0.0.1', '10.0.0.0/8,127.0.0.0/8'])(
    'with TRUST_PROXY=%s a forged left-most X-Forwarded-For entry stays in the same bucket',
    async (trustProxy) => {
      const app = await createTestApp({ TRUST_PROXY: trustProxy });
      try {
        // nginx appends the address it saw (198.51.100.7); the client wrote everything before it.
        const statuses: number[] = [];
        for (let i = 0; i < 11; i += 1) {
          const forged = `203.0.113.${i + 1}`;
          statuses.push((await requestLink(app, '127.0.0.1', `${forged}, 198.51.100.7`)).statusCode);
        }
        expect(statuses).toEqual([...Array<number>(10).fill(404), 429]);
        // The same client without a forged entry is limited too; another client is not.
        expect((await requestLink(app, '127.0.0.1', '198.51.100.7')).statusCode).toBe(429);
        expect((await requestLink(app, '127.0.0.1', '198.51.100.8')).statusCode).toBe(404);
      } finally {
        await app.close();
      }
    },
  );

  it('skips every named proxy of a chain, and only those', async () => {
    const app = await createTestApp({ TRUST_PROXY: 'loopback,10.0.0.0/8' });
    try {
      // client -> load balancer (10.0.0.5) -> nginx (loopback) -> app
      const statuses: number[] = [];
      for (let i = 0; i < 11; i += 1) {
        statuses.push(
          (await requestLink(app, '127.0.0.1', `203.0.113.${i + 1}, 198.51.100.7, 10.0.0.5`)).statusCode,
        );
      }
      expect(statuses).toEqual([...Array<number>(10).fill(404), 429]);
      expect((await requestLink(app, '127.0.0.1', '198.51.100.8, 10.0.0.5')).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('ignores X-Forwarded-For from an address that is not a trusted proxy', async () => {
    const app = await createTestApp({ TRUST_PROXY: 'loopback' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i += 1) {
        statuses.push((await requestLink(app, '192.0.2.50', `203.0.113.${i + 1}`)).statusCode);
      }
      expect(statuses).toEqual([...Array<number>(10).fill(404), 429]);
    } finally {
      await app.close();
    }
  });

  it('ignores X-Forwarded-For altogether without TRUST_PROXY', async () => {
    const app = await createTestApp();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i += 1) {
        statuses.push((await requestLink(app, '127.0.0.1', `203.0.113.${i + 1}`)).statusCode);
      }
      expect(statuses).toEqual([...Array<number>(10).fill(404), 429]);
    } finally {
      await app.close();
    }
  });
});

describe(`health when the database is gone (${testDialect})`, () => {
  it('answers 503 with the database unreachable', async () => {
    const app = await createTestApp();
    await app.database.db.destroy();
    const response = await app.fastify.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'degraded', database: 'unreachable' });
    await app.close();
  });
});

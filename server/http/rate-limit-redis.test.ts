import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrier, seedCarriers } from '../../tests/support/factories.ts';
import { startTestRedis, type TestRedis } from '../../tests/support/redis-server.ts';
import { signInOwner } from '../../tests/support/sessions.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { testDialect } from '../../tests/support/test-database.ts';

/** Asks until `done` holds: the client reconnects on its own schedule. */
async function eventually(done: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('condition never held');
}

const requestLink = (app: TestApp) =>
  app.fastify.inject({
    method: 'POST',
    url: '/api/v1/auth/user-login',
    payload: { email: 'nobody@example.com' },
  });
const ready = (app: TestApp) => app.fastify.inject({ method: 'GET', url: '/api/v1/ready' });

describe(`rate limits in Redis shared by two instances (${testDialect})`, () => {
  let redis: TestRedis;
  let apps: TestApp[];
  const logLines: string[] = [];

  beforeAll(async () => {
    redis = startTestRedis();
    const env = { REDIS_URL: redis.url, RATE_LIMIT_MAX: '4', LOG_LEVEL: 'info' };
    apps = [
      await createTestApp(env, { logStream: { write: (line) => logLines.push(line) } }),
      await createTestApp(env),
    ];
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    redis.stop();
  });

  it('refuses the 11th link request in an hour whichever instance gets it', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await requestLink(apps[i % 2]!)).statusCode);
    expect(statuses).toEqual([...Array<number>(10).fill(404), 429]);
    const other = await requestLink(apps[0]!);
    expect(other.statusCode).toBe(429);
    expect(other.json()).toMatchObject({ code: 'rate_limited' });
  });

  it('counts the general limit across instances, each API scope on its own', async () => {
    const get = (app: TestApp, url: string) => app.fastify.inject({ method: 'GET', url });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await get(apps[i % 2]!, '/api/v1/nope')).statusCode);
    expect(statuses).toEqual([404, 404, 404, 404, 429]);
    expect((await get(apps[1]!, '/carrier-data/api/v1/nope')).statusCode).toBe(404);
  });

  it('while Redis is away: other limits let requests through, link requests answer 503, readiness fails', async () => {
    expect((await ready(apps[0]!)).statusCode).toBe(200);
    await seedCarriers(apps[0]!.database.db, testDialect, [
      carrier({ dot_number: 8401, legal_name: 'OUTAGE CO' }),
    ]);
    const company = await apps[0]!.database.db
      .selectFrom('companies')
      .select(['id', 'dot_number'])
      .where('dot_number', '=', 8401)
      .executeTakeFirstOrThrow();
    const token = await signInOwner(apps[0]!, company, 'owner@outage.example.com');
    redis.stop();
    await eventually(async () => (await ready(apps[0]!)).statusCode === 503);
    const notReady = await ready(apps[1]!);
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toEqual({
      detail: 'Not ready: Redis (the shared rate limits) does not answer.',
      code: 'busy',
    });
    // The general limit fails open: the exhausted bucket of the test above no longer refuses.
    const general = await apps[0]!.fastify.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(general.statusCode).toBe(404);
    // The link limit fails closed: no mail goes out uncounted.
    for (const app of apps) {
      const link = await requestLink(app);
      expect(link.statusCode).toBe(503);
      expect(link.headers['retry-after']).toBe('30');
      expect(link.json()).toEqual({
        detail: 'This request cannot be counted against its limit right now; try again in a minute.',
        code: 'busy',
      });
    }
    // So does the rating-request limit.
    const ratingRequest = await apps[0]!.fastify.inject({
      method: 'POST',
      url: '/api/v1/ratings/request',
      payload: { reviewer_email: 'shipper@example.com', load_number: 'LD-1' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(ratingRequest.statusCode).toBe(503);
    expect(ratingRequest.json()).toMatchObject({ code: 'busy' });
    const warnings = logLines.filter((line) => line.includes('Redis is unreachable'));
    expect(warnings).toHaveLength(1);
    // pino's warn level
    expect(JSON.parse(warnings[0]!)).toMatchObject({ level: 40 });

    redis.restart();
    await eventually(async () => (await ready(apps[0]!)).statusCode === 200);
    await eventually(async () => (await ready(apps[1]!)).statusCode === 200);
    // A fresh Redis holds no counters: the link route counts again from zero.
    expect((await requestLink(apps[1]!)).statusCode).toBe(404);
    expect(logLines.some((line) => line.includes('Redis is reachable again'))).toBe(true);
  });
});

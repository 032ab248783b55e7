import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as notFoundRoute from '../../../app/routes/public/not-found.tsx';
import * as outboxRoute from '../../../app/routes/dev/outbox.tsx';
import { carrier, seedCarriers } from '../../../tests/support/factories.ts';
import { pageBuild } from '../../../tests/support/page-build.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { createTestDatabase, testDialect } from '../../../tests/support/test-database.ts';
import { loadConfig } from '../../config.ts';
import { resolveSessionSecret } from '../auth/session-secret.ts';
import { createServices } from '../../services.ts';

// The outbox page shows every claim and login link. These tests go through the real SSR mount and the
// real outbox and not-found route modules (tests/support/page-build.ts), and look at what a client gets.

const ADDRESS = 'owner@outbox.example.com';
const REMOTE = '203.0.113.5';

/** Every path React Router resolves to the outbox route, document and data requests alike. */
const OUTBOX_PATHS = [
  '/outbox',
  '/outbox.data',
  '/outbox/',
  '/OUTBOX',
  '/Outbox.data',
  '/%6Futbox',
  '/outbox?x=1',
];

async function appWithOutboxMessage(env: Record<string, string>): Promise<TestApp> {
  const app = await createTestApp(
    { APP_URL: 'https://carrierpage.example', ...env },
    {
      serverBuild: pageBuild({
        'routes/dev/outbox': { path: 'outbox', module: outboxRoute },
        'routes/public/not-found': { path: '*', module: notFoundRoute },
      }),
    },
  );
  await seedCarriers(app.database.db, testDialect, [
    carrier({ dot_number: 701, legal_name: 'OUTBOX LLC', email: ADDRESS }),
  ]);
  const claim = await app.fastify.inject({
    method: 'POST',
    url: '/api/v1/auth/claim-profile/701',
    payload: {},
  });
  expect(claim.statusCode).toBe(200);
  return app;
}

const get = (
  app: TestApp,
  url: string,
  options: { remoteAddress?: string; headers?: Record<string, string> } = {},
) => app.fastify.inject({ method: 'GET', url, ...options });

/** A refusal: the status and nothing of any message, exactly like a page that does not exist. */
async function expectRefused(app: TestApp, url: string, options: Parameters<typeof get>[2] = {}) {
  const response = await get(app, url, options);
  expect(response.statusCode, url).toBe(404);
  expect(response.body, url).not.toContain('verify-claim');
  expect(response.body, url).not.toContain(ADDRESS);
  expect(response.body, url).not.toMatch(/outbox\.example|SMTP|loopback/i);
}

describe(`the outbox page outside production on ${testDialect}`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await appWithOutboxMessage({});
  });
  afterAll(async () => app.close());

  it('lists the messages, links included, to a browser on this machine', async () => {
    for (const url of ['/outbox', '/outbox.data']) {
      const response = await get(app, url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('https://carrierpage.example/verify-claim/');
      expect(response.body, url).toContain(ADDRESS);
    }
    expect((await get(app, '/outbox', { remoteAddress: '::1' })).statusCode).toBe(200);
    expect((await get(app, '/outbox', { remoteAddress: '::ffff:127.0.0.1' })).statusCode).toBe(200);
  });

  it('answers another machine with the ordinary 404, on every path that reaches the page', async () => {
    for (const url of OUTBOX_PATHS) await expectRefused(app, url, { remoteAddress: REMOTE });
    // The same answer as a page that does not exist: 404 and no data.
    const missing = await get(app, '/no-such-page', { remoteAddress: REMOTE });
    const refused = await get(app, '/outbox', { remoteAddress: REMOTE });
    expect(refused.statusCode).toBe(missing.statusCode);
    expect(refused.headers['content-type']).toBe(missing.headers['content-type']);
    expect(refused.json()).toEqual({ loaderData: { 'routes/dev/outbox': { messages: null } }, errors: null });
  });

  it('refuses a request a proxy forwarded, even from loopback and whatever it names', async () => {
    const forwardings: Record<string, string>[] = [
      { 'x-forwarded-for': REMOTE },
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: `for=${REMOTE}` },
      { 'x-real-ip': REMOTE },
    ];
    for (const headers of forwardings) {
      for (const url of ['/outbox', '/outbox.data']) await expectRefused(app, url, { headers });
    }
  });
});

describe(`the outbox page behind a trusted proxy on ${testDialect}`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await appWithOutboxMessage({ TRUST_PROXY: 'loopback' });
  });
  afterAll(async () => app.close());

  it('refuses a client the proxy forwarded, judged by the address Fastify trusts', async () => {
    const forwarded = { 'x-forwarded-for': REMOTE };
    const seen = await app.fastify.inject({ method: 'GET', url: '/api/v1/health', headers: forwarded });
    expect(seen.statusCode).toBe(200);
    for (const url of ['/outbox', '/outbox.data']) {
      await expectRefused(app, url, { headers: forwarded });
      // A client that writes loopback into X-Forwarded-For itself is refused as well.
      await expectRefused(app, url, { headers: { 'x-forwarded-for': `127.0.0.1, ${REMOTE}` } });
      await expectRefused(app, url, { headers: { 'x-forwarded-for': '127.0.0.1' }, remoteAddress: REMOTE });
    }
  });
});

describe(`the outbox page in production on ${testDialect}`, () => {
  it('answers nobody without the operator’s OUTBOX_PAGE=true, not even this machine', async () => {
    const app = await appWithOutboxMessage({ NODE_ENV: 'production' });
    for (const url of OUTBOX_PATHS) await expectRefused(app, url);
    // The message was kept all the same: mail still goes to the outbox, it is only not shown.
    expect(await app.database.db.selectFrom('outbox_messages').select('to_address').execute()).toEqual([
      { to_address: ADDRESS },
    ]);
    await app.close();
  });

  it('answers this machine only with OUTBOX_PAGE=true', async () => {
    const app = await appWithOutboxMessage({ NODE_ENV: 'production', OUTBOX_PAGE: 'true' });
    const local = await get(app, '/outbox');
    expect(local.statusCode).toBe(200);
    expect(local.body).toContain('https://carrierpage.example/verify-claim/');
    for (const url of OUTBOX_PATHS) await expectRefused(app, url, { remoteAddress: REMOTE });
    await expectRefused(app, '/outbox', { headers: { 'x-forwarded-for': REMOTE } });
    await app.close();
  });
});

describe(`page routes on ${testDialect}`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await appWithOutboxMessage({});
  });
  afterAll(async () => app.close());

  it('take no form posts or other writes, from this machine or any site', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of ['/outbox', '/outbox.data', '/no-such-page']) {
        const response = await app.fastify.inject({
          method,
          url,
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
          payload: 'a=1',
        });
        expect(response.statusCode, `${method} ${url}`).toBe(405);
        expect(response.headers.allow).toBe('GET, HEAD');
        expect(response.headers['access-control-allow-origin']).toBeUndefined();
        expect(response.body).not.toContain('verify-claim');
      }
    }
  });
});

describe(`the log while mail goes to the outbox, on ${testDialect}`, () => {
  /** Claims a carrier through the auth service and returns everything the services logged. */
  async function logOfAClaim(env: Record<string, string>): Promise<string> {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-outbox-log-'));
    const database = await createTestDatabase();
    const lines: unknown[] = [];
    const record = (...args: unknown[]) => void lines.push(args);
    const logger = { trace: record, debug: record, info: record, warn: record, error: record, fatal: record };
    try {
      const config = { ...loadConfig({ DATA_DIR: dataDir, ...env }), database: database.config };
      const services = createServices(
        { ...config, jwtSecret: await resolveSessionSecret(config, database.db) },
        database.db,
        () => new Date(),
        logger as unknown as FastifyBaseLogger,
      );
      await seedCarriers(database.db, testDialect, [
        carrier({ dot_number: 702, legal_name: 'LOGGED LLC', email: ADDRESS }),
      ]);
      await services.auth.claimProfile(702);
      return JSON.stringify(lines);
    } finally {
      await database.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  it('never carries a link in production, with or without the outbox page', async () => {
    const productions: Record<string, string>[] = [
      { NODE_ENV: 'production' },
      { NODE_ENV: 'production', OUTBOX_PAGE: 'true' },
    ];
    for (const env of productions) {
      const log = await logOfAClaim(env);
      expect(log).toContain('outbox: message stored');
      expect(log).not.toContain('verify-claim');
    }
  });

  it('carries the link for a developer outside production', async () => {
    expect(await logOfAClaim({ NODE_ENV: 'development' })).toContain('/verify-claim/');
    expect(await logOfAClaim({ NODE_ENV: 'development', OUTBOX_PAGE: 'false' })).not.toContain(
      'verify-claim',
    );
  });
});

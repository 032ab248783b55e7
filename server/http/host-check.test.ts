import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppLoadContext } from 'react-router';
import { carrier, seedCarriers } from '../../tests/support/factories.ts';
import { pageBuild } from '../../tests/support/page-build.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { testDialect } from '../../tests/support/test-database.ts';
import { hostAccepter, MISDIRECTED_DETAIL } from './host-check.ts';

// DNS rebinding (issue 51, finding 1): a page on a domain that resolves to this machine reaches the
// loopback socket under its own name. The server answers only its own names.

const REBIND = 'rebind.attacker.example:3999';
const ADDRESS = 'owner@rebind.example.com';
const METRICS_TOKEN = 'metrics-token-long-enough';

/** The outbox route as the SSR mount sees it: what the load context hands its loader. */
const outboxPage = {
  loader: async ({ context }: { context: AppLoadContext }) => ({
    messages: context.outbox ? await context.outbox.latest() : null,
  }),
  default: () => null,
};

describe('hostAccepter', () => {
  const accepts = hostAccepter('https://carrierpage.example');

  it("accepts APP_URL's host with its port or none, and this machine's names on any port", () => {
    for (const host of [
      'carrierpage.example',
      'CarrierPage.Example',
      'carrierpage.example:443',
      'localhost',
      'localhost:3000',
      '127.0.0.1:8080',
      '127.5.5.5',
      '[::1]:3000',
    ]) {
      expect(accepts(host), host).toBe(true);
    }
  });

  it('refuses every other name, another port of APP_URL, and what is not a host', () => {
    for (const host of [
      REBIND,
      'carrierpage.example:8443',
      'carrierpage.example.evil.example',
      'evil.localhost',
      'localhost.',
      '10.0.0.1:3000',
      '[::2]:3000',
      'localhost:3000@evil.example',
      '',
      undefined,
    ]) {
      expect(accepts(host), String(host)).toBe(false);
    }
  });

  it("takes APP_URL's own port when it names one", () => {
    const onPort = hostAccepter('http://directory.example:8080');
    expect(onPort('directory.example:8080')).toBe(true);
    expect(onPort('directory.example')).toBe(true);
    expect(onPort('directory.example:80')).toBe(false);
  });
});

describe(`requests under a foreign Host on ${testDialect}`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(
      { APP_URL: 'https://carrierpage.example', TRUST_PROXY: 'loopback', METRICS_TOKEN },
      {
        serverBuild: pageBuild({ 'routes/dev/outbox': { path: 'outbox', module: outboxPage } }),
      },
    );
    await seedCarriers(app.database.db, testDialect, [
      carrier({ dot_number: 711, legal_name: 'REBOUND LLC', email: ADDRESS }),
    ]);
  });
  afterAll(async () => app.close());

  const misdirected = { detail: MISDIRECTED_DETAIL, code: 'misdirected' };

  it('are refused with 421 before any route runs: pages, reads and the claim alike', async () => {
    for (const [method, url] of [
      ['GET', '/outbox'],
      ['GET', '/outbox.data'],
      ['GET', '/api/v1/companies/profile/711'],
      ['GET', '/no-such-page'],
      ['POST', '/api/v1/auth/claim-profile/711'],
    ] as const) {
      const response = await app.fastify.inject({
        method,
        url,
        headers: { host: REBIND, 'content-type': 'application/json', origin: `http://${REBIND}` },
        payload: method === 'POST' ? '{}' : undefined,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(421);
      expect(response.json()).toEqual(misdirected);
    }
    const links = await app.database.db.selectFrom('login_tokens').select('email').execute();
    expect(links).toEqual([]);
  });

  it('are refused when a trusted proxy names a foreign host, or a page adds X-Forwarded-Host itself', async () => {
    const forwarded = await app.fastify.inject({
      url: '/api/v1/companies/profile/711',
      headers: { host: 'carrierpage.example', 'x-forwarded-host': REBIND },
    });
    expect(forwarded.statusCode).toBe(421);
    const spoofed = await app.fastify.inject({
      url: '/api/v1/companies/profile/711',
      headers: { host: REBIND, 'x-forwarded-host': 'carrierpage.example' },
    });
    expect(spoofed.statusCode).toBe(421);
  });

  it("are answered under APP_URL's host and this machine's names", async () => {
    for (const host of ['carrierpage.example', 'localhost:3000', '127.0.0.1:3000', '[::1]:3000']) {
      const response = await app.fastify.inject({ url: '/api/v1/companies/profile/711', headers: { host } });
      expect(response.statusCode, host).toBe(200);
    }
  });

  it('leave the health checks, which a load balancer sends to the address, answering', async () => {
    for (const url of ['/api/v1/health', '/api/v1/ready']) {
      const response = await app.fastify.inject({ url, headers: { host: '10.0.0.7:3000' } });
      expect(response.statusCode, url).toBe(200);
    }
  });

  it('reach the outbox only from the loopback socket under a loopback name', async () => {
    const claim = await app.fastify.inject({
      method: 'POST',
      url: '/api/v1/auth/claim-profile/711',
      headers: { host: 'localhost:3000', origin: 'http://localhost:3000' },
      payload: {},
    });
    expect(claim.statusCode).toBe(200);

    const local = await app.fastify.inject({ url: '/outbox', headers: { host: 'localhost:3000' } });
    expect(local.statusCode).toBe(200);
    expect(local.body).toContain(ADDRESS);

    // APP_URL's own name is served, but it is not this machine's: a proxy or another client may use it.
    const published = await app.fastify.inject({ url: '/outbox', headers: { host: 'carrierpage.example' } });
    expect(published.statusCode).toBe(200);
    expect(published.json().loaderData['routes/dev/outbox']).toEqual({ messages: null });
  });

  it('read /metrics with the token whatever the Host, and without it not even from loopback', async () => {
    const withToken = await app.fastify.inject({
      url: '/metrics',
      headers: { host: '10.0.0.7:3000', authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(withToken.statusCode).toBe(200);
    const rebound = await app.fastify.inject({ url: '/metrics', headers: { host: REBIND } });
    expect(rebound.statusCode).toBe(403);
  });
});

describe(`/metrics without a token on ${testDialect}`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => app.close());

  it('answers a loopback socket under a loopback name only', async () => {
    const local = await app.fastify.inject({ url: '/metrics', headers: { host: '127.0.0.1:3000' } });
    expect(local.statusCode).toBe(200);
    const rebound = await app.fastify.inject({ url: '/metrics', headers: { host: REBIND } });
    expect(rebound.statusCode).toBe(403);
    expect(rebound.body).not.toContain('http_requests_total');
  });
});

describe(`an absolute-form request target on ${testDialect}`, () => {
  let app: TestApp;
  let port: number;
  beforeAll(async () => {
    app = await createTestApp();
    await seedCarriers(app.database.db, testDialect, [
      carrier({ dot_number: 712, legal_name: 'TARGET LLC' }),
    ]);
    await app.fastify.listen({ host: '127.0.0.1', port: 0 });
    port = (app.fastify.server.address() as AddressInfo).port;
  });
  afterAll(async () => app.close());

  /** The status line of one request written on a raw socket, as a proxy's client writes it. */
  const statusLine = (target: string, method = 'GET') =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.write(`${method} ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`),
      );
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
      socket.on('end', () => resolve(received.split('\r\n', 1)[0]!));
      socket.on('error', reject);
    });

  it('is answered as its path under its own host, which must be one of this deployment', async () => {
    expect(await statusLine(`http://localhost:${port}/api/v1/companies/profile/712`)).toBe('HTTP/1.1 200 OK');
    expect(await statusLine('http://evil.example/api/v1/companies/profile/712')).toBe(
      'HTTP/1.1 421 Misdirected Request',
    );
    expect(await statusLine('HTTP://LOCALHOST?q=1')).toBe('HTTP/1.1 404 Not Found');
    expect(await statusLine('*', 'OPTIONS')).toBe('HTTP/1.1 400 Bad Request');
  });
});

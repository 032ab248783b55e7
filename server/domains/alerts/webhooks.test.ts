import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrier, seedCarriers } from '../../../tests/support/factories.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../../../tests/support/test-database.ts';
import { revokeAuthority, seedWatchlist } from '../../../tests/support/watchers.ts';
import { computeAlerts } from './compute.ts';
import { createAlertsService } from './service.ts';
import { checkWebhookUrl, type AddressPolicy, type ResolvedAddress } from './webhook-address.ts';
import { createWebhookQueue } from './webhooks.ts';

const APP_URL = 'https://carrierpage.test';

/** A resolver of a few made-up names, as a test's DNS. */
function stubResolver(names: Record<string, string[]>): AddressPolicy['resolve'] {
  return async (hostname) => {
    const addresses = names[hostname];
    if (!addresses) throw new Error(`ENOTFOUND ${hostname}`);
    return addresses.map((address): ResolvedAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

describe('webhook URLs are checked, after DNS resolution too', () => {
  const production: AddressPolicy = {
    allowLoopback: false,
    resolve: stubResolver({
      'hooks.example': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
      'inside.example': ['10.1.2.3'],
      'mixed.example': ['93.184.216.34', '192.168.1.10'],
      'metadata.example': ['169.254.169.254'],
      'loop.example': ['127.0.0.1'],
      'v6loop.example': ['::1'],
    }),
  };

  it('accepts an https URL whose every address is public, and keeps the address to connect to', async () => {
    const check = await checkWebhookUrl('https://hooks.example/carrierpage?x=1', production);
    expect(check).toEqual({
      ok: true,
      url: new URL('https://hooks.example/carrierpage?x=1'),
      address: { address: '93.184.216.34', family: 4 },
    });
  });

  it.each([
    ['not a URL', 'The webhook URL is not a valid URL'],
    ['http://hooks.example/', 'The webhook URL must start with https://'],
    ['ftp://hooks.example/', 'The webhook URL must start with https://'],
    ['https://user:secret@hooks.example/', 'The webhook URL must not contain a user name or password'],
    ['https://nowhere.example/', 'The webhook host nowhere.example could not be found'],
    [
      'https://10.0.0.5/',
      'The webhook URL must reach a public internet address; 10.0.0.5 is 10.0.0.5, a private, loopback, link-local or reserved address',
    ],
    [
      'https://127.0.0.1:8443/',
      'The webhook URL must reach a public internet address; 127.0.0.1 is 127.0.0.1, a private, loopback, link-local or reserved address',
    ],
    [
      'https://169.254.169.254/latest/meta-data',
      'The webhook URL must reach a public internet address; 169.254.169.254 is 169.254.169.254, a private, loopback, link-local or reserved address',
    ],
    [
      'https://[::1]/',
      'The webhook URL must reach a public internet address; ::1 is ::1, a private, loopback, link-local or reserved address',
    ],
    [
      'https://[fe80::1]/',
      'The webhook URL must reach a public internet address; fe80::1 is fe80::1, a private, loopback, link-local or reserved address',
    ],
    [
      'https://[fd00::1]/',
      'The webhook URL must reach a public internet address; fd00::1 is fd00::1, a private, loopback, link-local or reserved address',
    ],
    [
      'https://[::ffff:127.0.0.1]/',
      'The webhook URL must reach a public internet address; ::ffff:7f00:1 is ::ffff:7f00:1, a private, loopback, link-local or reserved address',
    ],
    [
      'https://inside.example/',
      'The webhook URL must reach a public internet address; inside.example is 10.1.2.3, a private, loopback, link-local or reserved address',
    ],
    [
      'https://mixed.example/',
      'The webhook URL must reach a public internet address; mixed.example is 192.168.1.10, a private, loopback, link-local or reserved address',
    ],
    [
      'https://metadata.example/',
      'The webhook URL must reach a public internet address; metadata.example is 169.254.169.254, a private, loopback, link-local or reserved address',
    ],
    [
      'https://loop.example/',
      'The webhook URL must reach a public internet address; loop.example is 127.0.0.1, a private, loopback, link-local or reserved address',
    ],
    [
      'https://v6loop.example/',
      'The webhook URL must reach a public internet address; v6loop.example is ::1, a private, loopback, link-local or reserved address',
    ],
  ])('refuses %s', async (url, detail) => {
    expect(await checkWebhookUrl(url, production)).toEqual({ ok: false, detail });
  });

  it('lets tests reach loopback, and only loopback, over http', async () => {
    const tests: AddressPolicy = { ...production, allowLoopback: true };
    expect(await checkWebhookUrl('http://loop.example:8080/', tests)).toMatchObject({ ok: true });
    expect(await checkWebhookUrl('http://hooks.example/', tests)).toEqual({
      ok: false,
      detail: 'The webhook URL must start with https://',
    });
    expect(await checkWebhookUrl('https://inside.example/', tests)).toMatchObject({ ok: false });
  });
});

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

describe(`webhook deliveries to a local receiver on ${testDialect}`, () => {
  let database: TestDatabase;
  let receiver: Server;
  let port: number;
  const received: Received[] = [];
  /** Paths the receiver answers 500 once. */
  const failOnce = new Set<string>();
  let names: Record<string, string[]> = {};
  const addresses: AddressPolicy = {
    allowLoopback: true,
    resolve: async (host) => stubResolver(names)(host),
  };
  const logger = pino({ level: 'silent' });

  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({ headers: request.headers, body });
        response.statusCode = failOnce.delete(request.url ?? '') ? 500 : 200;
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    port = (receiver.address() as AddressInfo).port;
    await seedCarriers(database.db, testDialect, [
      carrier({ legal_name: 'HOOKED LINES INC', dot_number: 820001 }),
    ]);
  });
  afterAll(async () => {
    await new Promise((resolve) => receiver.close(resolve));
    await database.destroy();
  });

  const service = () =>
    createAlertsService({ db: database.db, appUrl: APP_URL, addresses, clock: () => new Date() });
  const queue = () =>
    createWebhookQueue({
      db: database.db,
      dialect: testDialect,
      appUrl: APP_URL,
      addresses,
      policy: { maxAttempts: 3, retryBaseMs: 100, perAccountPerMinute: 100 },
      clock: () => new Date(),
      logger,
    });

  it('signs each alert with the endpoint secret (Standard Webhooks), connecting to the address checked', async () => {
    // A name only the test's resolver knows: the delivery can only have connected to the address it checked.
    names = { 'receiver.test': ['127.0.0.1'] };
    const { accountId } = await seedWatchlist(database.db, 'hooks@broker.example', 'Hooked', [820001]);
    const endpoint = await service().addEndpoint(accountId, `http://receiver.test:${port}/alerts`);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(await service().endpoints(accountId)).toEqual([
      { id: endpoint.id, url: `http://receiver.test:${port}/alerts`, created_at: expect.any(String) },
    ]);
    await revokeAuthority(database.db, 820001, '2026-11-02');
    await computeAlerts({ db: database.db, dialect: testDialect, appUrl: APP_URL });
    await queue().deliverDue();

    expect(received).toHaveLength(1);
    const [delivery] = received;
    const payload = new Webhook(endpoint.secret).verify(
      delivery!.body,
      delivery!.headers as Record<string, string>,
    );
    expect(payload).toMatchObject({
      type: 'carrier.alert',
      data: {
        dot_number: 820001,
        carrier_name: 'HOOKED LINES INC',
        severity: 'severe',
        kind: 'authority',
        event: 'revoked',
        text: 'Authority revoked: MC100001 common',
        profile_url: `${APP_URL}/profile/820001`,
      },
    });
    expect(delivery!.headers['webhook-id']).toMatch(/^msg_\d+_\d+$/);
    // Another secret does not verify it.
    expect(() =>
      new Webhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw').verify(
        delivery!.body,
        delivery!.headers as Record<string, string>,
      ),
    ).toThrow();
    expect(await service().deliveries(accountId)).toEqual([
      {
        id: expect.any(Number),
        url: `http://receiver.test:${port}/alerts`,
        alert: 'HOOKED LINES INC (USDOT 820001): Authority revoked: MC100001 common',
        status: 'delivered',
        attempts: 1,
        response_status: 200,
        last_error: null,
        created_at: expect.any(String),
        delivered_at: expect.any(String),
      },
    ]);
  });

  it('retries a receiver answering 500, with the same message id, and logs each answer', async () => {
    received.length = 0;
    failOnce.add('/retry');
    const { accountId } = await seedWatchlist(database.db, 'retry@broker.example', 'Retry', [820001]);
    await service().addEndpoint(accountId, `http://receiver.test:${port}/retry`);
    await revokeAuthority(database.db, 820001, '2026-11-03', 'MC100002 common');
    await computeAlerts({ db: database.db, dialect: testDialect, appUrl: APP_URL });
    await queue().deliverDue();
    const first = (await service().deliveries(accountId))[0];
    expect(first).toMatchObject({
      status: 'queued',
      attempts: 1,
      response_status: 500,
      last_error: 'the receiver answered 500',
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    await queue().deliverDue();
    expect((await service().deliveries(accountId))[0]).toMatchObject({
      status: 'delivered',
      attempts: 2,
      response_status: 200,
      last_error: null,
    });
    // The hooks@ account's endpoint got the alert once; the retry@ one twice, with one message id.
    const ids = received
      .filter((request) => request.headers['user-agent'])
      .map((request) => request.headers['webhook-id']);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(2);
  });

  it('refuses at delivery a name that now resolves to a private address (DNS rebinding)', async () => {
    const { accountId } = await seedWatchlist(database.db, 'rebind@broker.example', 'Rebind', [820001]);
    names = { 'receiver.test': ['127.0.0.1'] };
    await service().addEndpoint(accountId, `http://receiver.test:${port}/rebind`);
    names = { 'receiver.test': ['10.9.8.7'] };
    await revokeAuthority(database.db, 820001, '2026-11-04', 'MC100003 common');
    await computeAlerts({ db: database.db, dialect: testDialect, appUrl: APP_URL });
    received.length = 0;
    await queue().deliverDue();
    expect(received).toEqual([]);
    expect((await service().deliveries(accountId))[0]).toMatchObject({
      status: 'queued',
      attempts: 1,
      response_status: null,
      last_error:
        'The webhook URL must reach a public internet address; receiver.test is 10.9.8.7, a private, loopback, link-local or reserved address',
    });
  });

  it('refuses to add a private address, with the reason', async () => {
    const { accountId } = await seedWatchlist(database.db, 'private@broker.example', 'Private', []);
    await expect(service().addEndpoint(accountId, 'https://192.168.0.1/hook')).rejects.toMatchObject({
      code: 'invalid',
      detail:
        'The webhook URL must reach a public internet address; 192.168.0.1 is 192.168.0.1, a private, loopback, link-local or reserved address',
    });
    await expect(service().deleteEndpoint(accountId, 999_999)).rejects.toMatchObject({ code: 'not_found' });
  });
});

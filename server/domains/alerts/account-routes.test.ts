import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, startSmtpServer } from '../../../tests/support/smtp-server.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { testDialect } from '../../../tests/support/test-database.ts';

describe(`a watcher's alert settings, feeds and webhooks through the API on ${testDialect}`, () => {
  let app: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let alice = '';
  let bob = '';
  let aliceList = 0;
  let bobList = 0;

  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  const call = (method: Method, url: string, token?: string, payload?: object) =>
    app.fastify.inject({
      method,
      url: `/api/v1${url}`,
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
      ...(payload !== undefined ? { payload } : method === 'POST' || method === 'PUT' ? { payload: {} } : {}),
    });

  let clients = 0;
  async function signIn(email: string): Promise<string> {
    clients += 1;
    const asked = await app.fastify.inject({
      method: 'POST',
      url: '/api/v1/watch/sign-in',
      payload: { email },
      remoteAddress: `10.8.${clients}.1`,
    });
    expect(asked.statusCode).toBe(200);
    const verified = await call('GET', `/watch/verify/${linkIn(smtp.received.at(-1), 'watch/verify')}`);
    return (verified.json() as { access_token: string }).access_token;
  }
  const newList = async (token: string, name: string) =>
    ((await call('POST', '/watchlists', token, { name })).json() as { id: number }).id;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      APP_URL: 'https://carrierpage.example',
      WEBHOOK_TEST_LOOPBACK: 'true',
    });
    alice = await signIn('alice@broker.example');
    bob = await signIn('bob@broker.example');
    aliceList = await newList(alice, 'Reefers');
    bobList = await newList(bob, 'Vans');
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it('refuses every alert route without a watcher session or key', async () => {
    for (const [method, url] of [
      ['GET', '/alerts/settings'],
      ['PUT', '/alerts/settings'],
      ['GET', '/alerts/feeds'],
      ['POST', `/alerts/feeds/${aliceList}`],
      ['GET', '/alerts/webhooks'],
      ['POST', '/alerts/webhooks'],
      ['GET', '/alerts/webhook-deliveries'],
    ] as const) {
      const response = await call(method, url);
      expect([url, response.statusCode, response.json()]).toEqual([
        url,
        401,
        { detail: 'Sign in, or send an API key as Authorization: Bearer <key>', code: 'unauthenticated' },
      ]);
    }
  });

  it('keeps e-mail settings per account, on by default', async () => {
    expect((await call('GET', '/alerts/settings', alice)).json()).toEqual({
      severe_email: true,
      digest_email: true,
    });
    const saved = await call('PUT', '/alerts/settings', alice, { severe_email: true, digest_email: false });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ severe_email: true, digest_email: false });
    expect((await call('GET', '/alerts/settings', bob)).json()).toEqual({
      severe_email: true,
      digest_email: true,
    });
    const bad = await call('PUT', '/alerts/settings', alice, { severe_email: 'no', digest_email: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid' });
  });

  it("makes a list's feed URL once, shows only its date after, and never for another account's list", async () => {
    expect((await call('GET', '/alerts/feeds', alice)).json()).toEqual([
      { watchlist_id: aliceList, name: 'Reefers', feed_created_at: null },
    ]);
    const made = await call('POST', `/alerts/feeds/${aliceList}`, alice);
    expect(made.statusCode).toBe(201);
    const { url } = made.json() as { url: string };
    expect(url).toMatch(/^https:\/\/carrierpage\.example\/alerts\/feeds\/[\w-]{32}$/);
    expect((await app.fastify.inject({ method: 'GET', url: new URL(url).pathname })).statusCode).toBe(200);
    expect((await call('GET', '/alerts/feeds', alice)).json()).toEqual([
      { watchlist_id: aliceList, name: 'Reefers', feed_created_at: expect.any(String) },
    ]);

    const foreign = await call('POST', `/alerts/feeds/${bobList}`, alice);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'No such watchlist in your account', code: 'not_found' });
    expect((await call('DELETE', `/alerts/feeds/${aliceList}`, bob)).statusCode).toBe(404);
    const badId = await call('POST', '/alerts/feeds/abc', alice);
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toMatchObject({ code: 'invalid' });

    expect((await call('DELETE', `/alerts/feeds/${aliceList}`, alice)).statusCode).toBe(204);
    expect((await app.fastify.inject({ method: 'GET', url: new URL(url).pathname })).statusCode).toBe(404);
  });

  it('makes feeds and webhooks on the session only, not with an API key', async () => {
    const key = (await call('POST', '/watch/keys', alice, { name: 'CI' })).json() as { key: string };
    expect((await call('GET', '/alerts/settings', key.key)).statusCode).toBe(200);
    const feed = await call('POST', `/alerts/feeds/${aliceList}`, key.key);
    expect(feed.statusCode).toBe(403);
    expect((await call('POST', '/alerts/webhooks', key.key, { url: 'https://8.8.8.8/' })).statusCode).toBe(
      403,
    );
  });

  it('adds a checked webhook endpoint with its secret shown once, refuses private addresses, deletes only its own', async () => {
    const refused = await call('POST', '/alerts/webhooks', alice, { url: 'https://169.254.169.254/latest' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      detail:
        'The webhook URL must reach a public internet address; 169.254.169.254 is 169.254.169.254, a private, loopback, link-local or reserved address',
      code: 'invalid',
    });
    const empty = await call('POST', '/alerts/webhooks', alice, { url: ' ' });
    expect(empty.statusCode).toBe(400);

    const added = await call('POST', '/alerts/webhooks', alice, { url: 'http://127.0.0.1:9/hook' });
    expect(added.statusCode).toBe(201);
    const endpoint = added.json() as { id: number; url: string; secret: string };
    expect(endpoint).toEqual({
      id: expect.any(Number),
      url: 'http://127.0.0.1:9/hook',
      secret: expect.stringMatching(/^whsec_/),
    });
    const listed = (await call('GET', '/alerts/webhooks', alice)).json();
    expect(listed).toEqual([
      { id: endpoint.id, url: 'http://127.0.0.1:9/hook', created_at: expect.any(String) },
    ]);
    expect(JSON.stringify(listed)).not.toContain('whsec_');
    expect((await call('GET', '/alerts/webhooks', bob)).json()).toEqual([]);
    expect((await call('GET', '/alerts/webhook-deliveries', alice)).json()).toEqual([]);

    const foreign = await call('DELETE', `/alerts/webhooks/${endpoint.id}`, bob);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'No such webhook endpoint in your account', code: 'not_found' });
    expect((await call('DELETE', `/alerts/webhooks/${endpoint.id}`, alice)).statusCode).toBe(204);
    expect((await call('GET', '/alerts/webhooks', alice)).json()).toEqual([]);
  });
});

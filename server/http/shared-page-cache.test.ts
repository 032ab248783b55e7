import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppLoadContext } from 'react-router';
import { carrier, seedCarriers } from '../../tests/support/factories.ts';
import { pageBuild } from '../../tests/support/page-build.ts';
import { companyOf, signInOwner } from '../../tests/support/sessions.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { testDialect } from '../../tests/support/test-database.ts';
import { createSharedPageCache, isKeptPath } from './shared-page-cache.ts';

// Search, city and information pages are kept a few seconds and served again with a fresh nonce;
// profiles never; a write of listed data this instance answers empties the cache
// (server/http/shared-page-cache.ts, server/http/listing-writes.ts).

const REMOTE = '203.0.113.9';
const nonceOf = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1];

describe(`the shared page cache on ${testDialect}`, () => {
  let app: TestApp;
  let renders = 0;
  /** A page that shows its nonce (as every real page does in its script tags) and how often it rendered. */
  const countingPage = {
    loader: ({ context }: { context: AppLoadContext }) => ({ nonce: context.nonce, render: ++renders }),
    default: () => null,
  };
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.fastify.inject({ method: 'GET', url, headers, remoteAddress: REMOTE });
  /** Which render of its loader a page shows: the same number again is a kept page. */
  const renderOf = async (url: string) => {
    const response = await get(url);
    const data = response.json().loaderData as Record<string, { render: number }>;
    return Object.values(data)[0]!.render;
  };

  beforeAll(async () => {
    app = await createTestApp(
      { PAGE_CACHE_SECONDS: '30' },
      {
        serverBuild: pageBuild({
          'routes/search': { path: 'search', module: countingPage },
          'routes/profile': { path: 'profile/:dotNumber', module: countingPage },
        }),
      },
    );
  });
  afterAll(async () => app.close());

  const OWNER = 'owner@listed.example.com';
  const owner = { token: '', companyId: 0 };
  beforeAll(async () => {
    await seedCarriers(app.database.db, testDialect, [
      carrier({ dot_number: 1000002, legal_name: 'LISTED LLC' }),
    ]);
    const company = await companyOf(app, 1000002);
    owner.companyId = company.id;
    owner.token = await signInOwner(app, company, OWNER);
  });

  it('serves a search page again without rendering it, with a nonce of its own that its policy names', async () => {
    const first = await get('/search?q=kept');
    const second = await get('/search?q=kept');
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    // Nothing tells a visitor the page was kept, so nobody learns what others asked for a moment ago.
    expect(second.headers['x-page-cache']).toBeUndefined();
    expect(second.json().loaderData['routes/search'].render).toBe(
      first.json().loaderData['routes/search'].render,
    );

    const firstNonce = nonceOf(first.headers['content-security-policy']);
    const secondNonce = nonceOf(second.headers['content-security-policy']);
    expect(secondNonce).not.toBe(firstNonce);
    expect(first.json().loaderData['routes/search'].nonce).toBe(firstNonce);
    expect(second.json().loaderData['routes/search'].nonce).toBe(secondNonce);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.headers['cache-control']).toBe('no-cache');
    expect(second.headers.etag).toBe(first.headers.etag);

    const revalidated = await get('/search?q=kept', { 'if-none-match': String(first.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
  });

  it('keeps each URL apart', async () => {
    const one = await get('/search?q=one');
    const other = await get('/search?q=other');
    expect(other.json().loaderData['routes/search'].render).toBe(
      one.json().loaderData['routes/search'].render + 1,
    );
  });

  it('renders a profile every time', async () => {
    const first = await get('/profile/1000001');
    const second = await get('/profile/1000001');
    expect(second.json().loaderData['routes/profile'].render).toBe(
      first.json().loaderData['routes/profile'].render + 1,
    );
  });

  it('is neither served nor kept for a request with credentials, which is answered private, no-store', async () => {
    const kept = await renderOf('/search?q=credentialed');
    const owners = await get('/search?q=credentialed', { authorization: `Bearer ${owner.token}` });
    expect(owners.headers['cache-control']).toBe('private, no-store');
    expect(owners.headers.etag).toBeUndefined();
    expect(owners.json().loaderData['routes/search'].render).toBe(kept + 1);
    expect(await renderOf('/search?q=credentialed')).toBe(kept);
  });

  it('is kept through logouts, link requests and refused writes, which change no listed data', async () => {
    const kept = await renderOf('/search?q=written');
    const writes = [
      { url: '/api/v1/auth/logout', payload: {} },
      { url: '/api/v1/auth/logout', payload: {}, headers: { authorization: 'Bearer garbage' } },
      { url: '/api/v1/auth/user-login', payload: { email: OWNER } },
      { url: '/api/v1/auth/user-login', payload: { email: 'not an address' } },
      { url: '/api/v1/content/blocks', payload: { block_type: 'about_us' } },
    ];
    const statuses = [];
    for (const write of writes) {
      statuses.push(
        (await app.fastify.inject({ method: 'POST', remoteAddress: REMOTE, ...write })).statusCode,
      );
    }
    expect(statuses).toEqual([204, 204, 200, 400, 401]);
    expect(await renderOf('/search?q=written')).toBe(kept);
  });

  it('renders afresh after a block edit this instance answered', async () => {
    const kept = await renderOf('/search?q=edited');
    expect(await renderOf('/search?q=edited')).toBe(kept);
    const edit = await app.fastify.inject({
      method: 'POST',
      url: '/api/v1/content/blocks',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { company_id: owner.companyId, block_type: 'about_us' },
      remoteAddress: REMOTE,
    });
    expect(edit.statusCode).toBe(201);
    expect(await renderOf('/search?q=edited')).toBe(kept + 1);
  });
});

describe('createSharedPageCache', () => {
  const page = { body: Buffer.from('<p>page</p>'), nonce: 'abc', etag: 'W/"page"', headers: [] };

  it('forgets a page when its time to live has passed', () => {
    let now = 50_000;
    const cache = createSharedPageCache(10, () => now);
    cache.set('/search?q=a', page);
    now = 59_999;
    expect(cache.get('/search?q=a')).toBe(page);
    now = 60_001;
    expect(cache.get('/search?q=a')).toBeUndefined();
  });

  it('keeps nothing at 0 seconds', () => {
    const cache = createSharedPageCache(0);
    expect(cache.keeps('/search?q=a')).toBe(false);
    cache.set('/search?q=a', page);
    expect(cache.get('/search?q=a')).toBeUndefined();
  });

  it('keeps only the listing and information pages and the vetting reports', () => {
    for (const url of [
      '/',
      '/search?q=freight&addressState=TX',
      '/trucking-companies/dallas-tx?page=50',
      '/how-it-works',
      '/resources/choosing-a-carrier',
      '/reports/AbCdEfGhIjKlMnOpQrSt_-?verified=00',
    ]) {
      expect(isKeptPath(url), url).toBe(true);
    }
    for (const url of [
      '/profile/1000001',
      '/search.data?q=x',
      '/login',
      '/settings',
      '/outbox',
      '/review/abc',
      '/reports/AbCdEfGhIjKlMnOpQrSt_-.pdf',
      '/reports/short',
    ]) {
      expect(isKeptPath(url), url).toBe(false);
    }
  });
});

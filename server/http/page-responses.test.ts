import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppLoadContext } from 'react-router';
import { carrier, insertContentBlock, seedCarriers } from '../../tests/support/factories.ts';
import { pageBuild } from '../../tests/support/page-build.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { testDialect } from '../../tests/support/test-database.ts';

// Compression (@fastify/compress, server/http/compression.ts) and page validators (page-cache.ts) as a
// client sees them: a JSON API response and server-rendered pages through the real SSR mount.
// Static files are served precompressed by the built server: tests/e2e/compression.spec.ts.

const REMOTE = '203.0.113.9';
const LONG_TEXT = 'Dry van and reefer freight across the Midwest. '.repeat(60);

/** A page whose body holds the response's CSP nonce, as every real page does (its script tags). */
const pageRoute = {
  loader: ({ context }: { context: AppLoadContext }) => ({ nonce: context.nonce, text: LONG_TEXT }),
  default: () => null,
};
/** A page that reads the outbox, as the outbox page does. */
const outboxRoute = {
  loader: ({ context }: { context: AppLoadContext }) => ({ messages: context.outbox ? 0 : null }),
  default: () => null,
};

const nonceOf = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1];

describe(`compression and page validators on ${testDialect}`, () => {
  let app: TestApp;
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.fastify.inject({ method: 'GET', url, headers, remoteAddress: REMOTE });

  beforeAll(async () => {
    app = await createTestApp(
      {},
      {
        serverBuild: pageBuild({
          'routes/page': { path: 'page', module: pageRoute },
          'routes/outbox': { path: 'outbox', module: outboxRoute },
        }),
      },
    );
    await seedCarriers(
      app.database.db,
      testDialect,
      Array.from({ length: 30 }, (_, index) => carrier({ legal_name: `COMPRESSION FREIGHT ${index} LLC` })),
    );
  });
  afterAll(async () => app.close());

  it('compresses an API response with brotli or gzip as the client accepts, with Vary', async () => {
    const url = '/api/v1/companies/supersearch?super_search_term=compression&limit=30';
    const plain = await get(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('sends a response under 1 KB as it is', async () => {
    const response = await get('/api/v1/health', { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('never compresses an image again', async () => {
    const company = await app.database.db
      .selectFrom('companies')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const blockId = await insertContentBlock(app.database.db, {
      company_id: company.id,
      block_type: 'equipment_pictures',
      block_title: 'Our Equipment',
      block_position: 0,
    });
    // A flat PNG, which gzip would shrink a lot: still sent as stored.
    const data = await sharp({
      create: { width: 400, height: 300, channels: 3, background: { r: 20, g: 90, b: 160 } },
    })
      .png()
      .toBuffer();
    const asset = await app.services.media.upload(company.id, blockId, async () => ({
      data,
      altText: 'Truck',
    }));
    const response = await get(asset.url, { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.rawPayload.length).toBeGreaterThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('compresses a server-rendered page', async () => {
    const response = await get('/page', { 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    const body = JSON.parse(brotliDecompressSync(response.rawPayload).toString());
    expect(body.loaderData['routes/page'].text).toBe(LONG_TEXT);
  });

  it('gives a page the same ETag on every render although each carries its own nonce', async () => {
    const first = await get('/page');
    const second = await get('/page', { 'accept-encoding': 'gzip' });
    expect(nonceOf(first.headers['content-security-policy'])).not.toBe(
      nonceOf(second.headers['content-security-policy']),
    );
    expect(first.json().loaderData['routes/page'].nonce).toBe(
      nonceOf(first.headers['content-security-policy']),
    );
    expect(first.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(first.headers['cache-control']).toBe('no-cache');
  });

  it('answers a conditional request for an unchanged page with 304 and no body', async () => {
    const { etag } = (await get('/page')).headers;
    for (const ifNoneMatch of [String(etag), `"other", ${etag}`, String(etag).replace(/^W\//, ''), '*']) {
      const response = await get('/page', { 'if-none-match': ifNoneMatch, 'accept-encoding': 'br' });
      expect(response.statusCode, ifNoneMatch).toBe(304);
      expect(response.rawPayload.length).toBe(0);
      expect(response.headers.etag).toBe(etag);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      // The stored page keeps the policy with its own nonce (a new one would block its scripts).
      expect(response.headers['content-security-policy']).toBeUndefined();
    }
    const changed = await get('/page', { 'if-none-match': 'W/"an-older-page"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().loaderData['routes/page'].text).toBe(LONG_TEXT);
  });

  it('gives no validator to a 404 page', async () => {
    const response = await get('/no-such-page');
    expect(response.statusCode).toBe(404);
    expect(response.headers.etag).toBeUndefined();
  });

  it('never lets a page rendered with the outbox be stored or revalidated', async () => {
    const local = await app.fastify.inject({ method: 'GET', url: '/outbox' });
    expect(local.statusCode).toBe(200);
    expect(local.json().loaderData['routes/outbox'].messages).toBe(0);
    expect(local.headers['cache-control']).toBe('private, no-store');
    expect(local.headers.etag).toBeUndefined();
    // Another machine never gets the outbox, so its answer is an ordinary page.
    const remote = await get('/outbox');
    expect(remote.headers['cache-control']).toBe('no-cache');
  });
});

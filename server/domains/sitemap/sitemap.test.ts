import { readFile } from 'node:fs/promises';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrier, seedCarriers } from '../../../tests/support/factories.ts';
import { countingQueries } from '../../../tests/support/query-count.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { testDialect } from '../../../tests/support/test-database.ts';
import { createCarrierDataRepo } from '../carrier-data/repo.ts';
import { createSitemapRepo } from './repo.ts';
import { SITEMAP_REQUESTS_PER_HOUR } from './routes.ts';
import { createSitemapService } from './service.ts';

async function collect(chunks: AsyncIterable<string> | null): Promise<string> {
  let text = '';
  for await (const chunk of chunks ?? []) text += chunk;
  return text;
}

describe(`robots.txt and sitemaps on ${testDialect}`, () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp({ APP_URL: 'https://carrierpage.example' });
    await seedCarriers(app.database.db, testDialect, [
      carrier({ dot_number: 11, legal_name: 'A', phy_city: 'DALLAS', phy_state: 'TX' }),
      carrier({ dot_number: 12, legal_name: 'B', phy_city: 'DALLAS', phy_state: 'TX' }),
      carrier({ dot_number: 13, legal_name: 'C', phy_city: 'ST. LOUIS', phy_state: 'MO' }),
      carrier({ dot_number: 14, legal_name: 'D', phy_city: 'KANSAS CITY', phy_state: 'MO' }),
      carrier({ dot_number: 15, legal_name: 'E', phy_city: 'FRESNO', phy_state: 'CA' }),
    ]);
  });
  afterAll(async () => {
    await app.close();
  });

  it('serves robots.txt pointing at the sitemap and keeping private paths out', async () => {
    const response = await app.fastify.inject({ url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toContain('Sitemap: https://carrierpage.example/sitemap.xml');
    expect(response.body).toContain('Disallow: /api/');
    expect(response.body).toContain('Disallow: /profile/*/edit');
  });

  it('serves a sitemap index of static, city and profile files', async () => {
    const response = await app.fastify.inject({ url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual([
      'https://carrierpage.example/sitemaps/static.xml',
      'https://carrierpage.example/sitemaps/cities-1.xml',
      'https://carrierpage.example/sitemaps/profiles-1.xml',
    ]);
  });

  it('lists every profile and every city with carriers', async () => {
    const profiles = await app.fastify.inject({ url: '/sitemaps/profiles-1.xml' });
    expect(profiles.statusCode).toBe(200);
    for (const dot of [11, 12, 13, 14, 15]) {
      expect(profiles.body).toContain(`<loc>https://carrierpage.example/profile/${dot}</loc>`);
    }
    const cities = await app.fastify.inject({ url: '/sitemaps/cities-1.xml' });
    const cityLocs = [...cities.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(cityLocs).toEqual([
      'https://carrierpage.example/trucking-companies/fresno-ca',
      'https://carrierpage.example/trucking-companies/kansas-city-mo',
      'https://carrierpage.example/trucking-companies/st-louis-mo',
      'https://carrierpage.example/trucking-companies/dallas-tx',
    ]);
    const statics = await app.fastify.inject({ url: '/sitemaps/static.xml' });
    expect(statics.body).toContain('<loc>https://carrierpage.example/resources/grid-layout</loc>');
  });

  it.each([
    '/sitemaps/profiles-2.xml',
    '/sitemaps/cities-9.xml',
    '/sitemaps/other.xml',
    '/sitemaps/profiles-0.xml',
    '/sitemaps/static',
  ])('answers 404 for %s', async (url) => {
    expect((await app.fastify.inject({ url })).statusCode).toBe(404);
  });

  it('splits files at the URL limit', async () => {
    const service = createSitemapService(createSitemapRepo(app.database.db), 'https://x.example', {
      clock: () => new Date(),
      newestImport: async () => null,
      urlsPerFile: 2,
    });
    expect((await service.fileNames()).filter((name) => name.startsWith('profiles'))).toEqual([
      'profiles-1',
      'profiles-2',
      'profiles-3',
    ]);
    // Files follow the companies' ids, which PostgreSQL's parallel import does not hand out in DOT
    // order: the files hold 2, 2 and 1 profiles, and together every profile once.
    const parts = await Promise.all(
      [1, 2, 3].map(async (part) => {
        const file = await collect(await service.file({ kind: 'profiles', part }));
        return [...file.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
      }),
    );
    expect(parts.map((locs) => locs.length)).toEqual([2, 2, 1]);
    expect(parts.flat().sort()).toEqual(
      [11, 12, 13, 14, 15].map((dot) => `https://x.example/profile/${dot}`),
    );
    const secondCities = await collect(await service.file({ kind: 'cities', part: 2 }));
    expect(secondCities).toContain('st-louis-mo');
    expect(secondCities).not.toContain('fresno-ca');
    expect(await service.file({ kind: 'profiles', part: 4 })).toBeNull();
  });
  it('builds the index and each file once an hour, or after a census import, with no query between', async () => {
    const counter = countingQueries(app.database.db);
    let now = new Date('2026-12-01T12:00:00Z');
    const service = createSitemapService(createSitemapRepo(counter.db), 'https://x.example', {
      clock: () => now,
      newestImport: () => createCarrierDataRepo(counter.db).newestImportAt('companies'),
      urlsPerFile: 2,
    });
    const read = async (name: string | null) => {
      const file = name === null ? await service.keptIndex() : await service.keptFile(name);
      return file && (await readFile(file.identity.path, 'utf8'));
    };
    try {
      const index = await read(null);
      const profiles = await read('profiles-3');
      expect(counter.count()).toBeGreaterThan(0);

      // Within the hour: the same files, no query at all, and no query for a name the index lacks.
      counter.reset();
      now = new Date(now.getTime() + 30_000);
      expect(await read(null)).toBe(index);
      expect(await read('profiles-3')).toBe(profiles);
      expect(await read('profiles-9')).toBeNull();
      expect(counter.count()).toBe(0);

      // Past the minute without an import: one look at the imports, nothing built again.
      now = new Date(now.getTime() + 2 * 60_000);
      expect(await read(null)).toBe(index);
      expect(counter.count()).toBe(1);
      expect(counter.reading('companies')).toBe(0);

      // A census import (rows, then its record): the next look builds the index and the file again.
      await seedCarriers(app.database.db, testDialect, [
        carrier({ dot_number: 16, legal_name: 'F', phy_city: 'RENO', phy_state: 'NV' }),
      ]);
      await createCarrierDataRepo(app.database.db).recordImport({
        dataset: 'company_census',
        table_name: 'companies',
        file: 'census.csv',
        as_of: '2026-12-01',
        imported_rows: 1,
        imported_at: now.toISOString(),
      });
      now = new Date(now.getTime() + 2 * 60_000);
      counter.reset();
      expect(await read(null)).not.toBe(index);
      expect(await read('profiles-3')).toContain('https://x.example/profile/16');
      expect(counter.reading('companies')).toBeGreaterThan(0);

      // An hour after a build, it is built again even without an import.
      counter.reset();
      now = new Date(now.getTime() + 60 * 60_000);
      await read('static');
      expect(counter.reading('companies')).toBeGreaterThan(0);
    } finally {
      await service.close();
      await app.database.db.deleteFrom('companies').where('dot_number', '=', 16).execute();
      await app.database.db.deleteFrom('data_imports').execute();
    }
  });

  it('sends the form the client accepts: brotli, gzip or as built', async () => {
    const get = (encoding?: string) =>
      app.fastify.inject({
        url: '/sitemaps/profiles-1.xml',
        headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
      });
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<loc>https://carrierpage.example/profile/11</loc>');
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await get('gzip;q=1, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it(`answers 429 past ${SITEMAP_REQUESTS_PER_HOUR} requests an hour from one client, to the index and to the files`, async () => {
    for (const url of ['/sitemap.xml', '/sitemaps/static.xml']) {
      const statuses: number[] = [];
      for (let request = 0; request < SITEMAP_REQUESTS_PER_HOUR; request += 1) {
        statuses.push((await app.fastify.inject({ url, remoteAddress: '192.0.2.80' })).statusCode);
      }
      expect(statuses.every((status) => status === 200)).toBe(true);
      const refused = await app.fastify.inject({ url, remoteAddress: '192.0.2.80' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        detail: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/),
        code: 'rate_limited',
      });
      // Another client is not held back.
      expect((await app.fastify.inject({ url, remoteAddress: '192.0.2.81' })).statusCode).toBe(200);
    }
  });
});

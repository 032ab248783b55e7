import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrier, seedCarriers } from '../../../tests/support/factories.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { testDialect } from '../../../tests/support/test-database.ts';
import { createSitemapRepo } from './repo.ts';
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
    const service = createSitemapService(createSitemapRepo(app.database.db), 'https://x.example', 2);
    expect((await service.index()).match(/profiles-\d/g)).toEqual(['profiles-1', 'profiles-2', 'profiles-3']);
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
});

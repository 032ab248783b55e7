import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as reviewRoute from '../../app/routes/public/review.tsx';
import * as searchRoute from '../../app/routes/public/search.tsx';
import { carrier, seedCarriers } from '../../tests/support/factories.ts';
import { pageBuild } from '../../tests/support/page-build.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { testDialect } from '../../tests/support/test-database.ts';

// A loader's unexpected failure (issue 51, finding 10): the search page's real loader, through the SSR
// mount and the shared page cache, with its search service failing once.

describe(`a search that fails unexpectedly on ${testDialect}`, () => {
  let app: TestApp;
  let failures = 1;
  /** A kept kind of page whose loader throws the first time. */
  const failingOnce = {
    loader: () => {
      if (failures-- > 0) throw new Error('disk I/O error');
      return { listed: true };
    },
    default: () => null,
  };
  beforeAll(async () => {
    app = await createTestApp(
      { PAGE_CACHE_SECONDS: '30' },
      {
        serverBuild: pageBuild({
          'routes/public/search': { path: 'search', module: searchRoute },
          'routes/public/city': { path: 'trucking-companies/:cityState', module: failingOnce },
          'routes/public/review': { path: 'review/:reviewId', module: reviewRoute },
        }),
      },
    );
    await seedCarriers(app.database.db, testDialect, [
      carrier({ dot_number: 3101, legal_name: 'FAILSAFE LLC' }),
    ]);
  });
  afterAll(async () => app.close());

  it('is a 500 page that nothing stores, and the next request searches again', async () => {
    const search = app.services.search;
    const working = search.supersearchQuery;
    search.supersearchQuery = async () => {
      throw new Error('disk I/O error');
    };
    const failed = await app.fastify.inject({ url: '/search?q=failsafe' });
    search.supersearchQuery = working;

    expect(failed.statusCode).toBe(500);
    expect(failed.headers['cache-control']).toBe('no-store');
    expect(failed.headers.etag).toBeUndefined();
    expect(failed.json().loaderData['routes/public/search'].outcome).toEqual({ ok: false, detail: null });

    const again = await app.fastify.inject({ url: '/search?q=failsafe' });
    expect(again.statusCode).toBe(200);
    expect(again.headers['cache-control']).toBe('no-cache');
    const { outcome } = again.json().loaderData['routes/public/search'];
    expect(outcome.ok).toBe(true);
    expect(outcome.result.data.map((company: { dot_number: number }) => company.dot_number)).toEqual([3101]);
  });

  it('is a 500 page that nothing stores wherever a loader throws', async () => {
    const failed = await app.fastify.inject({ url: '/trucking-companies/dallas-tx' });
    expect(failed.statusCode).toBe(500);
    expect(failed.headers['cache-control']).toBe('no-store');
    const again = await app.fastify.inject({ url: '/trucking-companies/dallas-tx' });
    expect(again.statusCode).toBe(200);
    expect(again.json().loaderData['routes/public/city']).toEqual({ listed: true });
  });

  it('keeps a review link’s page, which is its reviewer’s alone, nowhere', async () => {
    for (const url of ['/review/no-such-review', '/review/no-such-review.data']) {
      const response = await app.fastify.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['cache-control'], url).toBe('private, no-store');
      expect(response.headers.etag, url).toBeUndefined();
    }
  });
});

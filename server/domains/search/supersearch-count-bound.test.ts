import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrier, seedCarriers } from '../../../tests/support/factories.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { testDialect } from '../../../tests/support/test-database.ts';
import { COUNT_BOUND } from './sql-conditions.ts';

describe(`supersearch counts past the bound on ${testDialect}`, () => {
  let app: TestApp;
  const search = async (query: Record<string, string>) => {
    const response = await app.fastify.inject({ url: '/api/v1/companies/supersearch', query });
    return { status: response.statusCode, body: response.json() };
  };

  beforeAll(async () => {
    app = await createTestApp();
    // Past the bound in Tulsa, a city of their own; 20 more elsewhere keep a filtered count exact.
    await seedCarriers(app.database.db, testDialect, [
      ...Array.from({ length: COUNT_BOUND + 30 }, (_, index) =>
        carrier({
          legal_name: `BOUND HAULING ${index}`,
          phy_city: 'TULSA',
          phy_state: 'OK',
          phy_zip: '74103',
          power_units: index % 50,
        }),
      ),
      ...Array.from({ length: 20 }, (_, index) => carrier({ legal_name: `BOUND HAULING TX ${index}` })),
      // Next door in Broken Arrow: an exact name and two that start with the word, for a radius search.
      ...[
        { legal_name: 'HAULING', power_units: 1 },
        { legal_name: 'HAULING EXPERTS', power_units: 3 },
        { legal_name: 'ZED LLC', dba_name: 'HAULING PROS', power_units: 2 },
      ].map((names) => carrier({ ...names, phy_city: 'BROKEN ARROW', phy_state: 'OK', phy_zip: '74012' })),
    ]);
  }, 120_000);
  afterAll(async () => app.close());

  /** The Tulsa carriers in search order: larger fleets first, then name (byte order). */
  const inFleetOrder = Array.from({ length: COUNT_BOUND + 30 }, (_, index) => ({
    name: `BOUND HAULING ${index}`,
    units: index % 50,
  }))
    .sort((a, b) => b.units - a.units || (a.name < b.name ? -1 : 1))
    .map((row) => row.name);
  const names = (body: { data: { name: string }[] }) => body.data.map((company) => company.name);

  it('says "at least the bound" for a broad search and lists its first 1,000 results, in order', async () => {
    const first = await search({ super_search_term: 'bound hauling', address_state: 'OK' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      total: 10_000,
      total_exact: false,
      page: 1,
      total_pages: 1000,
      page_limit: 100,
    });
    expect(names(first.body)).toEqual(inFleetOrder.slice(0, 10));
    const last = await search({ super_search_term: 'bound hauling', address_state: 'OK', page: '100' });
    expect(last.status).toBe(200);
    expect(names(last.body)).toEqual(inFleetOrder.slice(990, 1000));
    // Past the page bound: no results, the count still there, and the bound said.
    const past = await search({ super_search_term: 'bound hauling', page: '101' });
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({
      data: [],
      total: 10_000,
      total_exact: false,
      page: 101,
      page_limit: 100,
    });
    const deep = await search({ super_search_term: 'bound hauling', page: '100000' });
    expect(deep.status).toBe(200);
    expect(deep.body).toMatchObject({ data: [], total: 10_000, page: 100_000, page_limit: 100 });
    // One word in a state, at the bound.
    const word = await search({ super_search_term: 'bound', address_state: 'OK', page: '100' });
    expect(word.body).toMatchObject({ total: 10_000, total_exact: false, page: 100 });
    expect(names(word.body)).toEqual(inFleetOrder.slice(990, 1000));
  });

  it('ends the last page at the 1,000th result when the page size does not divide it', async () => {
    const query = { super_search_term: 'bound hauling', address_state: 'OK', limit: '30' };
    const last = await search({ ...query, page: '34' });
    expect(last.body).toMatchObject({ page: 34, limit: 30, total_pages: 334, page_limit: 34 });
    expect(names(last.body)).toEqual(inFleetOrder.slice(990, 1000));
    expect((await search({ ...query, page: '35' })).body).toMatchObject({ data: [], page_limit: 34 });
  });

  it('ranks a broad radius search past the bound: exact name, names starting with the word, then fleets', async () => {
    const query = { super_search_term: 'hauling', radius_zipcode: '74103', radius_miles: '50' };
    const first = await search(query);
    expect(first.body).toMatchObject({ total: 10_000, total_exact: false });
    expect(names(first.body)).toEqual(['HAULING', 'HAULING EXPERTS', 'ZED LLC', ...inFleetOrder.slice(0, 7)]);
    expect(names((await search({ ...query, page: '100' })).body)).toEqual(inFleetOrder.slice(987, 997));
    expect((await search({ ...query, page: '101' })).body).toMatchObject({
      data: [],
      total: 10_000,
      total_exact: false,
    });
    const nearby = await search({ ...query, radius_zipcode: '74012', radius_miles: '5' });
    expect(nearby.body).toMatchObject({ total: 3, total_exact: true });
    expect(names(nearby.body)).toEqual(['HAULING', 'HAULING EXPERTS', 'ZED LLC']);
  });

  it('counts exactly below the bound, with filters and on city listings', async () => {
    expect((await search({ super_search_term: 'bound', address_state: 'TX' })).body).toMatchObject({
      total: 20,
      total_exact: true,
      total_pages: 2,
    });
    const city = await search({ address_city: 'tulsa', address_state: 'OK', limit: '100', page: '10' });
    expect(city.body).toMatchObject({ total: 10_000, total_exact: false, total_pages: 100, page_limit: 10 });
    expect(city.body.data).toHaveLength(100);
    const past = await search({ address_city: 'tulsa', address_state: 'OK', limit: '100', page: '11' });
    expect(past.body).toMatchObject({ data: [], total: 10_000, page_limit: 10 });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrier, seedCarriers } from '../../../tests/support/factories.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { testDialect } from '../../../tests/support/test-database.ts';

describe(`GET /api/v1/companies/supersearch on ${testDialect}`, () => {
  let app: TestApp;

  const search = async (query: Record<string, string>) => {
    const response = await app.fastify.inject({ url: '/api/v1/companies/supersearch', query });
    return { status: response.statusCode, body: response.json() };
  };
  const names = (body: { data: { name: string }[] }) => body.data.map((company) => company.name);

  beforeAll(async () => {
    app = await createTestApp();
    await seedCarriers(app.database.db, testDialect, [
      carrier({
        dot_number: 1001,
        legal_name: 'BLUE RIDGE TRUCKING LLC',
        mc_number: '555001',
        email: 'ops@blueridge-freight.com',
      }),
      carrier({
        dot_number: 1002,
        legal_name: 'RIDGE LINE CARRIERS INC',
        dba_name: 'BLUE LINE',
        phy_zip: '76102',
        phy_city: 'FORT WORTH',
      }),
      carrier({
        dot_number: 1003,
        legal_name: 'HOUSTON HAULERS',
        phy_city: 'HOUSTON',
        phy_zip: '77002',
        carship: 'C;B',
        cargo_codes: ['PRODUCE', 'COLDFOOD'],
      }),
      carrier({ dot_number: 1004, legal_name: 'DALLAS BROKERAGE', carship: 'B', cargo_codes: [] }),
      carrier({
        dot_number: 555001,
        legal_name: 'NUMBER NAMED CO',
        phy_city: 'TULSA',
        phy_state: 'OK',
        phy_zip: '74103',
      }),
      carrier({
        dot_number: 1006,
        legal_name: 'MÜLLER EXPRESS',
        phy_city: 'PHOENIX',
        phy_state: 'AZ',
        phy_zip: '85004',
      }),
      carrier({
        dot_number: 1007,
        legal_name: 'GATEWAY ARCH LINES',
        phy_city: 'ST. LOUIS',
        phy_state: 'MO',
        phy_zip: '63101',
      }),
      carrier({
        dot_number: 1008,
        legal_name: 'TWIN CITY CARTAGE',
        phy_city: 'WINSTON-SALEM',
        phy_state: 'NC',
        phy_zip: '27101',
      }),
      // Sole proprietors with free-mail addresses, away from the other tests' states and radii.
      ...[
        { dot_number: 1009, legal_name: 'LONE STAR SOLO', email: 'lonestar.solo@gmail.com' },
        { dot_number: 1010, legal_name: 'PANHANDLE HOTSHOT', email: 'Panhandle@Yahoo.com' },
      ].map((fields) =>
        carrier({ ...fields, phy_city: 'BOISE', phy_state: 'ID', phy_zip: '83702', cargo_codes: [] }),
      ),
      // Hazmat haulers and others in Baton Rouge (the census HM flag: set, clear, not given).
      ...[
        { dot_number: 1101, legal_name: 'BAYOU TANK LINES', hm_flag: true, power_units: 9 },
        { dot_number: 1102, legal_name: 'BAYOU DRY VAN', hm_flag: false, power_units: 30 },
        { dot_number: 1103, legal_name: 'BAYOU HAULERS', hm_flag: null, power_units: 20 },
        {
          dot_number: 1104,
          legal_name: 'DELTA ACID CARRIERS',
          hm_flag: true,
          power_units: 2,
          carship: 'C;B',
        },
      ].map((fields) => carrier({ ...fields, phy_city: 'BATON ROUGE', phy_state: 'LA', phy_zip: '70801' })),
      ...Array.from({ length: 23 }, (_, index) =>
        carrier({
          dot_number: 2000 + index,
          legal_name: `ACME FREIGHT ${index + 1}`,
          phy_city: 'ATLANTA',
          phy_state: 'GA',
          phy_zip: '30303',
          power_units: index + 1,
        }),
      ),
    ]);
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers the spec shape with the public company fields only', async () => {
    const { status, body } = await search({ super_search_term: 'blue ridge' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: 2, page: 1, limit: 10, total_pages: 1 });
    expect(body.data[0]).toEqual({
      id: expect.any(Number),
      name: 'BLUE RIDGE TRUCKING LLC',
      dba_name: null,
      dot_number: 1001,
      mc_number: 'MC-555001',
      power_units: 1,
      truck_units: null,
      total_drivers: null,
      claimed: false,
      status_code: 'A',
      safety_rating: null,
      company_types: ['carrier'],
      cargo_types: ['General Freight'],
      address: { city: 'DALLAS', state: 'TX', zip: '75201' },
    });
  });

  it('ranks a name match above a DBA-name match', async () => {
    const { body } = await search({ super_search_term: 'blue' });
    expect(names(body)).toEqual(['BLUE RIDGE TRUCKING LLC', 'RIDGE LINE CARRIERS INC']);
  });

  it('puts exact DOT and MC matches first', async () => {
    // 555001 is one carrier's DOT number and another's MC number: DOT first, then MC.
    const { body } = await search({ super_search_term: '555001' });
    expect(body.data.map((company: { dot_number: number }) => company.dot_number)).toEqual([555001, 1001]);
    for (const term of ['MC555001', 'MC-555001', 'mc 555001']) {
      const { body: byMc } = await search({ super_search_term: term });
      expect(byMc.data[0].dot_number).toBe(1001);
    }
  });

  it('matches by prefix, city, e-mail domain and without diacritics', async () => {
    expect(names((await search({ super_search_term: 'hou' })).body)).toEqual(['HOUSTON HAULERS']);
    expect(names((await search({ super_search_term: 'fort worth' })).body)).toEqual([
      'RIDGE LINE CARRIERS INC',
    ]);
    expect(names((await search({ super_search_term: 'blueridge-freight.com' })).body)).toEqual([
      'BLUE RIDGE TRUCKING LLC',
    ]);
    expect(names((await search({ super_search_term: 'muller' })).body)).toEqual(['MÜLLER EXPRESS']);
  });

  it('never finds carriers by their free-mail provider, only by a domain of their own', async () => {
    for (const term of ['gmail', 'gmail.com', 'lonestar.solo@gmail.com', 'yahoo', 'yahoo.com']) {
      expect((await search({ super_search_term: term })).body.total, term).toBe(0);
    }
    // Their names still find them, and a company domain still finds its carrier.
    expect(names((await search({ super_search_term: 'lone star' })).body)).toEqual(['LONE STAR SOLO']);
    expect(names((await search({ super_search_term: 'blueridge' })).body)).toEqual([
      'BLUE RIDGE TRUCKING LLC',
    ]);
  });

  it('matches typed words against names, places and domains, never against the filter tokens', async () => {
    // The SQLite index also holds tokens such as 'statetx', 'cargoproduce' and 'typebroker'.
    for (const term of ['state', 'cargo', 'status', 'typebroker', 'tri-state']) {
      expect((await search({ super_search_term: term })).body.total).toBe(0);
    }
  });

  it('filters by state, company type and cargo type', async () => {
    expect((await search({ super_search_term: 'ridge', address_state: 'tx' })).body.total).toBe(2);
    expect((await search({ super_search_term: 'ridge', address_state: 'OK' })).body.total).toBe(0);
    expect(names((await search({ super_search_term: 'tx', company_types: 'broker' })).body).sort()).toEqual([
      'DALLAS BROKERAGE',
      'HOUSTON HAULERS',
    ]);
    expect(
      names((await search({ super_search_term: 'tx', company_types: 'Carrier,Broker' })).body),
    ).toHaveLength(4);
    expect(names((await search({ super_search_term: 'tx', cargo_types: 'COLDFOOD' })).body)).toEqual([
      'HOUSTON HAULERS',
    ]);
  });

  it('keeps hazmat carriers alone with hazmat_only, with words, filters, numbers or none', async () => {
    expect(names((await search({ super_search_term: 'bayou' })).body)).toEqual([
      'BAYOU DRY VAN',
      'BAYOU HAULERS',
      'BAYOU TANK LINES',
    ]);
    expect((await search({ super_search_term: 'bayou', hazmat_only: 'true' })).body).toMatchObject({
      total: 1,
      total_exact: true,
      data: [{ name: 'BAYOU TANK LINES' }],
    });
    expect((await search({ super_search_term: 'bayou', hazmat_only: 'false' })).body.total).toBe(3);
    // A city's listing, largest fleets first.
    const city = { address_city: 'baton rouge', address_state: 'LA' };
    expect(names((await search({ ...city, hazmat_only: 'true' })).body)).toEqual([
      'BAYOU TANK LINES',
      'DELTA ACID CARRIERS',
    ]);
    expect(names((await search({ ...city, hazmat_only: 'true', company_types: 'broker' })).body)).toEqual([
      'DELTA ACID CARRIERS',
    ]);
    expect(
      names((await search({ super_search_term: 'la', address_state: 'LA', hazmat_only: 'true' })).body),
    ).toEqual(['BAYOU TANK LINES', 'DELTA ACID CARRIERS']);
    // An exact DOT number of a carrier without the flag is no match.
    expect((await search({ super_search_term: '1102', hazmat_only: 'true' })).body.total).toBe(0);
    expect(names((await search({ super_search_term: '1101', hazmat_only: 'true' })).body)).toEqual([
      'BAYOU TANK LINES',
    ]);
  });

  it('lists a city without a term, largest fleets first', async () => {
    const atlanta = (await search({ address_city: 'atlanta', address_state: 'GA', limit: '3' })).body;
    expect(atlanta.total).toBe(23);
    expect(names(atlanta)).toEqual(['ACME FREIGHT 23', 'ACME FREIGHT 22', 'ACME FREIGHT 21']);
    // City pages name cities without punctuation: st-louis-mo, winston-salem-nc.
    expect(names((await search({ address_city: 'St Louis', address_state: 'MO' })).body)).toEqual([
      'GATEWAY ARCH LINES',
    ]);
    expect(names((await search({ address_city: 'Winston Salem', address_state: 'NC' })).body)).toEqual([
      'TWIN CITY CARTAGE',
    ]);
    const fortWorth = (await search({ address_city: 'Fort Worth', address_state: 'TX' })).body;
    expect(names(fortWorth)).toEqual(['RIDGE LINE CARRIERS INC']);
    const withTerm = (
      await search({ super_search_term: 'acme 7', address_city: 'atlanta', address_state: 'GA' })
    ).body;
    expect(names(withTerm)).toEqual(['ACME FREIGHT 7']);
  });

  it('filters by radius around a ZIP centroid', async () => {
    // From downtown Dallas (75201): Fort Worth is about 30 miles, Houston about 225, Tulsa about 235.
    const within = async (miles: string) =>
      names(
        (await search({ super_search_term: 'tx ok', radius_zipcode: '75201', radius_miles: miles })).body,
      ).sort();
    expect(
      names((await search({ super_search_term: 'fort', radius_zipcode: '75201', radius_miles: '20' })).body),
    ).toEqual([]);
    expect(
      names((await search({ super_search_term: 'fort', radius_zipcode: '75201', radius_miles: '50' })).body),
    ).toEqual(['RIDGE LINE CARRIERS INC']);
    expect(await within('50')).toEqual([]);
    const wide = names(
      (await search({ super_search_term: 'haulers', radius_zipcode: '75201', radius_miles: '250' })).body,
    );
    expect(wide).toEqual(['HOUSTON HAULERS']);
    const narrow = names(
      (await search({ super_search_term: 'haulers', radius_zipcode: '75201', radius_miles: '200' })).body,
    );
    expect(narrow).toEqual([]);
    // Radius alone lists the nearest first.
    const nearest = (await search({ radius_zipcode: '75201', radius_miles: '40', limit: '3' })).body;
    expect(nearest.total).toBe(3);
    expect(nearest.data.at(-1)?.name).toBe('RIDGE LINE CARRIERS INC');
  });

  it('pages through results and answers past the end with an empty page', async () => {
    const first = (await search({ super_search_term: 'acme', limit: '10' })).body;
    expect(first).toMatchObject({ total: 23, total_pages: 3, page: 1 });
    const third = (await search({ super_search_term: 'acme', limit: '10', page: '3' })).body;
    expect(third.data).toHaveLength(3);
    const seen = new Set<number>();
    for (const page of ['1', '2', '3']) {
      for (const company of (await search({ super_search_term: 'acme', page })).body.data)
        seen.add(company.id);
    }
    expect(seen.size).toBe(23);
    const past = (await search({ super_search_term: 'acme', page: '9' })).body;
    expect(past).toMatchObject({ data: [], total: 23, page: 9, total_pages: 3 });
    expect((await search({ super_search_term: 'acme', limit: '1' })).body.data).toHaveLength(1);
    expect((await search({ super_search_term: 'acme', limit: '1000' })).body.limit).toBe(100);
  });

  it.each([
    [{ page: '0' }, 'page: must be a whole number from 1 to 100,000'],
    [{ page: 'x' }, 'page: must be a whole number from 1 to 100,000'],
    [{ limit: '0' }, 'limit: must be a whole number of at least 1'],
    [{ limit: '2.5' }, 'limit: must be a whole number of at least 1'],
    [{ address_state: 'ZZ' }, 'address_state: unknown state code'],
    [{ company_types: 'carrier,shipper' }, 'company_types: must be carrier and/or broker'],
    [{ cargo_types: 'GOLD' }, 'cargo_types: unknown cargo type code'],
    [{ radius_zipcode: '75201' }, 'radius_miles: radius_zipcode and radius_miles go together'],
    [{ radius_zipcode: '75201', radius_miles: '0' }, 'radius_miles: must be from 1 to 500'],
    [{ radius_zipcode: '75201', radius_miles: '501' }, 'radius_miles: must be from 1 to 500'],
    [{ radius_zipcode: 'abcde', radius_miles: '50' }, 'radius_zipcode: must be a 5-digit ZIP code'],
    [{ radius_zipcode: '00000', radius_miles: '50' }, 'radius_zipcode: unknown ZIP code'],
    // A misspelt or invented filter would otherwise answer every carrier, unfiltered.
    [{ hazmat: 'true' }, 'hazmat: not a supersearch parameter'],
    [{ hazmat_only: 'yes' }, 'hazmat_only: must be true or false'],
    [{ addressState: 'TX', sort: 'name' }, 'addressState, sort: not supersearch parameters'],
  ])('refuses %j with 400', async (query, detail) => {
    const { status, body } = await search({ super_search_term: 'acme', ...query });
    expect(status).toBe(400);
    expect(body).toMatchObject({ detail });
  });

  it.each([
    '"',
    "'; DROP TABLE companies; --",
    '*',
    '-',
    'NEAR(',
    'acme NEAR( freight',
    'AND',
    'OR OR',
    '((acme',
    'acme)',
    '🚚',
    'ac*me',
    'col:acme',
    '^acme',
    'x'.repeat(10_000),
    'acme '.repeat(2_000),
  ])('answers hostile term #%# with results or an empty list', async (term) => {
    const { status, body } = await search({ super_search_term: term });
    expect(status).toBe(200);
    expect(Array.isArray(body.data)).toBe(true);
    expect(body.total).toBeGreaterThanOrEqual(0);
  });

  it('answers an empty term with an empty list', async () => {
    expect((await search({})).body).toEqual({
      data: [],
      total: 0,
      total_exact: true,
      page: 1,
      limit: 10,
      total_pages: 0,
      page_limit: 100,
    });
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoData } from '../../../cli/demo/generate.ts';
import { importFiles } from '../../../cli/import/import-files.ts';
import { MAX_SEARCH_RESULTS, searchPageLimit } from '../../../core/search-bounds.ts';
import { distanceMiles } from '../../../core/geo.ts';
import { nameKey, searchWords } from '../../../core/search-words.ts';
import { zipCentroid } from '../carrier-data/geocode.ts';
import { carrier, seedCarriers } from '../../../tests/support/factories.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../../../tests/support/test-database.ts';
import { parseSearchTerms, significantWords } from './search-terms.ts';
import { createSearchService, type SearchService } from './service.ts';

/** A stored carrier as the plain scan reads it. */
interface Row {
  id: number;
  name: string;
  dba_name: string | null;
  phy_city: string | null;
  phy_state: string | null;
  web_domain: string | null;
  power_units: number | null;
  dot_number: number;
  mc_number: string | null;
  carship: string | null;
  cargo_codes: string | null;
  latitude: number | null;
  longitude: number | null;
  hm_flag: number | null;
}

type Query = {
  super_search_term: string;
  address_state?: string;
  company_types?: string;
  cargo_types?: string;
  radius_zipcode?: string;
  radius_miles?: string;
  hazmat_only?: string;
};

/** Larger fleets first, then name in byte order, then DOT number: the order of equally good matches. */
function byFleet(a: Row, b: Row): number {
  const fleet = (b.power_units ?? -1) - (a.power_units ?? -1);
  if (fleet !== 0) return fleet;
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  return a.dot_number - b.dot_number;
}

/**
 * What the supersearch must answer, by reading every row: exact DOT number, exact MC number, then
 * rows where each typed word starts a word of the name, DBA name, city or state (like `LIKE 'word%'`
 * on every word; a single letter only as a whole word) or is a whole word of the web domain, ordered exact name,
 * name starting with the typed words, the rest; each group by fleet.
 */
function scan(rows: Row[], query: Query): Row[] {
  const terms = parseSearchTerms(query.super_search_term);
  const types = query.company_types?.split(',') ?? [];
  const cargo = query.cargo_types?.split(',') ?? [];
  const passesFilters = (row: Row) =>
    (!query.address_state || row.phy_state === query.address_state) &&
    (types.length === 0 ||
      types.some((type) => (row.carship ?? '').split(';').includes(type === 'carrier' ? 'C' : 'B'))) &&
    (cargo.length === 0 || cargo.some((code) => (row.cargo_codes ?? '').split(';').includes(code))) &&
    (query.hazmat_only !== 'true' || row.hm_flag === 1);
  const centre = query.radius_zipcode ? zipCentroid(query.radius_zipcode) : null;
  const inCircle = (row: Row) =>
    !centre ||
    (row.latitude !== null &&
      row.longitude !== null &&
      distanceMiles(centre.latitude, centre.longitude, row.latitude, row.longitude) <=
        Number(query.radius_miles));
  const candidates = rows.filter((row) => passesFilters(row) && inCircle(row));
  const number = terms.number;
  const isDot = (row: Row) =>
    number !== null && number.as !== 'mc' && row.dot_number === Number(number.digits);
  const isMc = (row: Row) => number !== null && number.as !== 'dot' && row.mc_number === number.digits;
  const exact = [
    ...candidates.filter(isDot).sort(byFleet),
    ...candidates.filter((row) => !isDot(row) && isMc(row)).sort(byFleet),
  ];
  const required = terms.words.length > 0 ? significantWords(terms.words) : [];
  const key = terms.words.join(' ');
  const tier = (row: Row) => {
    const names = [nameKey(row.name), nameKey(row.dba_name)];
    if (names.includes(key)) return 0;
    // The last typed word as a prefix from two letters; a single letter as a whole word.
    const last = terms.words[terms.words.length - 1] ?? '';
    const startsWithWords = (name: string) =>
      name.startsWith(key) && (last.length >= 2 || name.length === key.length || name[key.length] === ' ');
    return names.some(startsWithWords) ? 1 : 2;
  };
  if (terms.words.length === 0 && number === null) {
    // Filters alone: the nearest first in a circle, otherwise by fleet.
    const distance = (row: Row) =>
      distanceMiles(centre!.latitude, centre!.longitude, row.latitude!, row.longitude!);
    return candidates.sort((a, b) =>
      centre ? distance(a) - distance(b) || a.dot_number - b.dot_number : byFleet(a, b),
    );
  }
  const text = candidates
    .filter((row) => required.length > 0 && !exact.includes(row))
    .filter((row) => {
      const words = searchWords([row.name, row.dba_name, row.phy_city, row.phy_state].join(' '));
      const webWords = searchWords(row.web_domain ?? '');
      return required.every(
        (typed) =>
          (typed.length >= 2 ? words.some((word) => word.startsWith(typed)) : words.includes(typed)) ||
          webWords.includes(typed),
      );
    })
    .sort((a, b) => tier(a) - tier(b) || byFleet(a, b));
  return [...exact, ...text];
}

describe(`supersearch against a plain scan of the table on ${testDialect}`, () => {
  let database: TestDatabase;
  let search: SearchService;
  /**
   * The same search in other ways: every query through the rank groups read in rank-key order (on
   * SQLite circles through their cells; on PostgreSQL every group walked); the same with typed
   * prefixes left as prefix queries (on PostgreSQL a word of 4 letters or more then read through GIN,
   * not its postings, and every group as the planner reads it); and every circle narrowed by its
   * cells (SQLite).
   */
  let searchByGroups: SearchService;
  let searchByPrefixes: SearchService;
  let searchByCells: SearchService;
  let rows: Row[];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-search-scan-'));

  beforeAll(async () => {
    database = await createTestDatabase();
    const demo = await generateDemoData({
      carriers: 3000,
      seed: 17,
      outDir: dir,
      inspectionsPerCarrierScale: 0,
    });
    await importFiles(database.db, testDialect, [demo.census], { showProgress: false });
    // Cases the demo names rarely make: an exact name, a DBA name, a number that is a DOT and an MC.
    await seedCarriers(database.db, testDialect, [
      carrier({ dot_number: 9_100_001, legal_name: 'EXPRESS', power_units: 2 }),
      carrier({
        dot_number: 9_100_002,
        legal_name: 'ZED CARRIERS',
        dba_name: 'EXPRESS LANE',
        power_units: 1,
      }),
      carrier({ dot_number: 9_100_003, legal_name: 'J & B EXPRESS, LLC', mc_number: '9100001' }),
      // Names that start with an exact name and outrank it by fleet: the exact one still comes first.
      carrier({ dot_number: 9_100_005, legal_name: 'EXPRESS LANE LOGISTICS', power_units: 50 }),
      carrier({ dot_number: 9_100_006, legal_name: 'ZED CARRIERS WEST', power_units: 60 }),
      // Matches 'zed carr' without starting with it, and outranks by fleet those that do.
      carrier({ dot_number: 9_100_007, legal_name: 'CARRIAGE ZED HAULING', power_units: 99 }),
      carrier({ dot_number: 9_100_004, legal_name: 'O’NEIL-SMITH TRUCKING', power_units: null }),
      // A broker only, whose exact name and name start a carrier-only search must leave out.
      carrier({ dot_number: 9_100_009, legal_name: 'EXPRESS', carship: 'B', power_units: 1 }),
      // Words joined by punctuation, which a text parser may read as one token ('m-2', 'c&j').
      carrier({ dot_number: 9_100_008, legal_name: 'M-2 LIVESTOCK LLC', dba_name: 'C&J HAULERS' }),
      // Two words of 'tr' in Texas, two postings of its lead tokens ('tri', 'tru') and a web word
      // 'lines' beside the name's: counted once in a state and within a circle (decision 086).
      carrier({
        dot_number: 9_100_050,
        legal_name: 'TRINITY TRUCKING LINES',
        email: 'ops@lines.com',
        power_units: 4,
      }),
      // Its name holds another carrier's DOT number: a text match after the two exact numbers.
      carrier({ dot_number: 9_100_042, legal_name: 'ROUTE 9100001 HAULERS' }),
      // Web domains: their words match whole, so 'bluewater' finds the name, not the domain that
      // runs it together with 'freight'.
      carrier({ dot_number: 9_100_040, legal_name: 'ZED HAULING CO', email: 'ops@bluewaterfreight.com' }),
      carrier({ dot_number: 9_100_041, legal_name: 'BLUEWATER TRANSPORT', email: 'ops@acme-lines.net' }),
      // Its name starts with one term of 'pine' and its city is another: it ranks once, with the names
      // that start with the word, ahead of a larger fleet that only lives in such a city.
      carrier({
        dot_number: 9_100_043,
        legal_name: 'PINECREST HAULING',
        phy_city: 'PINEVILLE',
        power_units: 3,
      }),
      carrier({
        dot_number: 9_100_044,
        legal_name: 'ZED PINE LINES',
        phy_city: 'PINEVILLE',
        power_units: 40,
      }),
      carrier({
        dot_number: 9_100_045,
        legal_name: 'ZED HAULING',
        dba_name: 'PINEVILLE EXPRESS',
        power_units: 2,
      }),
      // Large fleets share a rank-key bucket (decision 045) whatever their names: the order inside
      // it is by fleet size first. Names past ASCII share one too, in byte order.
      ...[
        ['AAA BIGFLEET', 850],
        ['ZZZ BIGFLEET', 870],
        ['MMM BIGFLEET', 870],
        ['HUGE BIGFLEET', 20_000],
        ['ÉCLAIR ZULU BIGFLEET', 3],
        ['ÖLAND ALPHA BIGFLEET', 3],
        ['ÉCLAIR ALPHA BIGFLEET', 3],
        ['ECLAIR BIGFLEET', 3],
        // A page boundary inside the large fleets' bucket, whose names run against their sizes.
        ...Array.from({ length: 12 }, (_, index) => [`${'ABCDEFGHIJKL'[index]} BIGFLEET`, 850 + index * 3]),
      ].map(([legal_name, power_units], index) =>
        carrier({
          dot_number: 9_100_010 + index,
          legal_name: String(legal_name),
          power_units: Number(power_units),
        }),
      ),
    ]);
    rows = (
      await database.db
        .selectFrom('companies')
        .select([
          'id',
          'name',
          'dba_name',
          'phy_city',
          'phy_state',
          'web_domain',
          'power_units',
          'dot_number',
          'mc_number',
          'carship',
          'cargo_codes',
          'latitude',
          'longitude',
          'hm_flag',
        ])
        .execute()
    ).map((row) => ({ ...row, id: Number(row.id), dot_number: Number(row.dot_number) }));
    search = createSearchService(database.db, testDialect);
    searchByGroups = createSearchService(database.db, testDialect, {
      fewMatches: 0,
      rankedInCount: 0,
      cellsFromMatches: 0,
      // Every rank group walked along the rank key, its rows tested one by one (PostgreSQL).
      groupWalkRows: Number.POSITIVE_INFINITY,
    });
    searchByPrefixes = createSearchService(database.db, testDialect, {
      fewMatches: 0,
      rankedInCount: 0,
      // Every word of 4 letters or more a prefix: PostgreSQL reads it through GIN, not its postings.
      mostPrefixTerms: 0,
      // Every rank group as the planner chooses (PostgreSQL).
      groupWalkRows: 0,
    });
    searchByCells = createSearchService(database.db, testDialect, {
      cellsFromMatches: 0,
      mostPrefixTerms: 1,
    });
  }, 60_000);
  afterAll(async () => {
    await database.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A fixed sample: whole names, first words, short prefixes, places, numbers, common words, filters. */
  function sampleQueries(): Query[] {
    const picks = [7, 101, 333, 808, 1500, 2222, 2999].map((index) => rows[index % rows.length]!);
    const queries: Query[] = [];
    for (const row of picks) {
      const words = row.name.split(/\s+/);
      queries.push(
        { super_search_term: row.name },
        { super_search_term: words[0]! },
        { super_search_term: words.slice(0, 2).join(' ') },
        { super_search_term: words[0]!.slice(0, 2) },
        { super_search_term: words[0]!.slice(0, 3), address_state: row.phy_state ?? 'TX' },
        { super_search_term: `${row.phy_city ?? ''} ${row.phy_state ?? ''}` },
        { super_search_term: String(row.dot_number) },
      );
      if (row.dba_name) queries.push({ super_search_term: row.dba_name });
      if (row.mc_number) queries.push({ super_search_term: `MC${row.mc_number}` });
    }
    // Circles: the matches in the quarter-degree cells entirely inside are counted in the index (the
    // circle index on SQLite), those on the edge measured (Houston, El Paso and Atlanta hold the most
    // demo carriers); beside filters, a web domain's word and an exact number, which the count leaves out.
    queries.push(
      { super_search_term: 'express', address_state: 'TX', radius_zipcode: '75201', radius_miles: '250' },
      { super_search_term: 'tr', company_types: 'broker', radius_zipcode: '77002', radius_miles: '60' },
      { super_search_term: 'fre', cargo_types: 'COLDFOOD', radius_zipcode: '30303', radius_miles: '500' },
      { super_search_term: 'bluewaterfreight', radius_zipcode: '75201', radius_miles: '500' },
      { super_search_term: '9100001', radius_zipcode: '75201', radius_miles: '500' },
    );
    // Filters alone: a circle nearest first (PostGIS's order on PostgreSQL), alone or with a filter;
    // a state by fleet.
    queries.push(
      { super_search_term: '', radius_zipcode: '75201', radius_miles: '25' },
      { super_search_term: '', radius_zipcode: '77002', radius_miles: '250' },
      { super_search_term: '', radius_zipcode: '30303', radius_miles: '500', company_types: 'broker' },
      { super_search_term: '', radius_zipcode: '60601', radius_miles: '100', hazmat_only: 'true' },
      { super_search_term: '', address_state: 'TX' },
    );
    for (const [word, zip, miles] of [
      ['trucking', '75201', '50'],
      ['llc', '77002', '50'],
      ['tr', '79901', '25'],
      ['inc', '30303', '60'],
      ['a', '77002', '60'],
      ['llc', '75201', '250'],
      ['tr', '60601', '500'],
      ['express', '30303', '500'],
      ['a', '98101', '250'],
    ]) {
      queries.push({ super_search_term: word!, radius_zipcode: zip!, radius_miles: miles! });
    }
    for (const word of [
      'trucking',
      'llc',
      'inc',
      'express',
      'transport',
      'freight',
      'a',
      'j b',
      'o neil',
      'tr',
      'fre',
    ]) {
      queries.push(
        { super_search_term: word },
        { super_search_term: word, address_state: 'TX' },
        { super_search_term: word, company_types: 'broker' },
        { super_search_term: word, company_types: 'carrier' },
        { super_search_term: word, cargo_types: 'COLDFOOD' },
        { super_search_term: word, hazmat_only: 'true' },
      );
    }
    // Hazmat carriers only: with a state, a role, cargo, a circle, a number and a page of a city.
    queries.push(
      { super_search_term: 'tr', address_state: 'TX', hazmat_only: 'true' },
      { super_search_term: 'llc', company_types: 'carrier', cargo_types: 'GENFREIGHT', hazmat_only: 'true' },
      { super_search_term: 'trucking', radius_zipcode: '77002', radius_miles: '250', hazmat_only: 'true' },
      { super_search_term: 'express', radius_zipcode: '30303', radius_miles: '500', hazmat_only: 'true' },
      { super_search_term: 'tx', company_types: 'broker', hazmat_only: 'true' },
      { super_search_term: '9100001', hazmat_only: 'true' },
    );
    // Words of 2 and 3 letters with the most matches, read from their lead tokens' postings (decision 077).
    queries.push(
      { super_search_term: 'tr', company_types: 'carrier' },
      { super_search_term: 'fre' },
      { super_search_term: 'fre', company_types: 'carrier' },
    );
    queries.push(
      { super_search_term: 'tr', company_types: 'carrier,broker', cargo_types: 'GENFREIGHT,COLDFOOD' },
      {
        super_search_term: 'express',
        address_state: 'TX',
        company_types: 'carrier',
        cargo_types: 'GENFREIGHT',
      },
    );
    queries.push(
      { super_search_term: '9100001' },
      { super_search_term: 'express lane' },
      { super_search_term: 'zed carriers' },
      { super_search_term: 'zed carr' },
      { super_search_term: 'bigfleet' },
      { super_search_term: 'eclair' },
      { super_search_term: 'M-2 LIVESTOCK LLC' },
      { super_search_term: 'C&' },
      { super_search_term: 'c&j haulers' },
      { super_search_term: 'bluewaterfreight' },
      { super_search_term: 'bluewaterfreight.com' },
      { super_search_term: 'bluewater' },
      { super_search_term: 'acme lines' },
      { super_search_term: 'lines', address_state: 'TX' },
      { super_search_term: 'pine' },
      { super_search_term: 'pinev', address_state: 'TX' },
      { super_search_term: 'pine', radius_zipcode: '75201', radius_miles: '50' },
    );
    return queries;
  }

  it('finds every match the scan finds, in the same order, with the same total', async () => {
    // The filters' queries test something: the demo census holds hazmat carriers among others.
    const hazmat = rows.filter((row) => row.hm_flag === 1).length;
    expect(hazmat).toBeGreaterThan(20);
    expect(hazmat).toBeLessThan(rows.length / 2);
    for (const query of sampleQueries()) {
      const expected = scan(rows, query);
      // The first pages, one in the middle and the last listed: pages are read in rank-key order from
      // the index and must still hold exactly the rows of the scan's order. Past the page bound, none.
      const pageLimit = searchPageLimit(10);
      const lastPage = Math.max(1, Math.min(Math.ceil(expected.length / 10), pageLimit));
      const pages = new Set([1, 2, Math.ceil(lastPage / 2), lastPage]);
      if (expected.length > MAX_SEARCH_RESULTS) pages.add(pageLimit + 1);
      for (const [service, way] of [
        [search, ''],
        [searchByGroups, ' (rank groups)'],
        [searchByPrefixes, ' (rank groups, prefix queries)'],
        [searchByCells, ' (cells)'],
      ] as const) {
        for (const page of pages) {
          const result = await service.supersearchQuery({ ...query, page: String(page), limit: '10' });
          const label = `${JSON.stringify(query)} page ${page}${way}`;
          expect({ total: result.total, exact: result.total_exact }, label).toEqual({
            total: expected.length,
            exact: true,
          });
          expect(
            result.data.map((company) => company.dot_number),
            label,
          ).toEqual(
            page > pageLimit ? [] : expected.slice((page - 1) * 10, page * 10).map((row) => row.dot_number),
          );
        }
      }
    }
    // About 700 searches: 16-20 s alone, more beside the rest of the suite.
  }, 90_000);

  it('ranks exact DOT, exact MC, exact name, names starting with the words, then the rest', async () => {
    const dots = async (term: string) =>
      (await search.supersearchQuery({ super_search_term: term })).data.map((company) => company.dot_number);
    // 9100001 is a DOT number and another carrier's MC number.
    expect(await dots('9100001')).toEqual([9_100_001, 9_100_003, 9_100_042]);
    // Pages of one and two: the exact numbers fill the first, and the text match follows.
    const page = async (limit: string, number: string) => {
      const found = await search.supersearchQuery({ super_search_term: '9100001', limit, page: number });
      return { dots: found.data.map((company) => company.dot_number), total: found.total };
    };
    expect(await page('2', '1')).toEqual({ dots: [9_100_001, 9_100_003], total: 3 });
    expect(await page('2', '2')).toEqual({ dots: [9_100_042], total: 3 });
    expect(await page('1', '2')).toEqual({ dots: [9_100_003], total: 3 });
    // The exact name 'EXPRESS' and the exact DBA name 'EXPRESS LANE' come before bigger fleets.
    expect((await dots('express'))[0]).toBe(9_100_001);
    expect((await dots('express lane')).slice(0, 2)).toEqual([9_100_002, 9_100_005]);
    expect((await dots('zed carriers')).slice(0, 2)).toEqual([9_100_002, 9_100_006]);
    expect((await dots('j b express llc'))[0]).toBe(9_100_003);
  });

  it('matches a web domain by its whole words, never by the start of one', async () => {
    const dots = async (term: string) =>
      (await search.supersearchQuery({ super_search_term: term, limit: '100' })).data.map(
        (company) => company.dot_number,
      );
    expect(await dots('bluewaterfreight')).toEqual([9_100_040]);
    expect(await dots('bluewaterfreight.com')).toEqual([9_100_040]);
    expect(await dots('bluewater')).toEqual([9_100_041]);
    expect(await dots('bluewaterfr')).toEqual([]);
    expect(await dots('acme lines')).toEqual([9_100_041]);
  });
});

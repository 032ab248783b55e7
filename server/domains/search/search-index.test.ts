import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrier, seedCarriers } from '../../../tests/support/factories.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../../../tests/support/test-database.ts';
import { createCarrierDataRepo } from '../carrier-data/repo.ts';
import { sql } from 'kysely';
import { isLargeChange } from '../../db/bulk-load.ts';
import { createSearchIndex } from './search-index.ts';
import { createSearchService, type SearchService } from './service.ts';

describe(`the search index after a refresh changes names and fleets on ${testDialect}`, () => {
  let database: TestDatabase;
  let search: SearchService;
  const dots = async (term: string) =>
    (await search.supersearchQuery({ super_search_term: term })).data.map((company) => company.dot_number);

  beforeAll(async () => {
    database = await createTestDatabase();
    search = createSearchService(database.db, testDialect);
    // Enough carriers that a refresh of two replaces rows instead of rebuilding the whole index.
    await seedCarriers(database.db, testDialect, [
      carrier({ dot_number: 8_200_001, legal_name: 'OLDNAME HAULERS', power_units: 3 }),
      carrier({ dot_number: 8_200_002, legal_name: 'STEADY HAULERS', power_units: 5 }),
      ...Array.from({ length: 10 }, (_, index) =>
        carrier({ dot_number: 8_200_100 + index, legal_name: `FILLER ${index}` }),
      ),
    ]);
  });
  afterAll(async () => database.destroy());

  it('finds a carrier by its new name and fleet only, once', async () => {
    expect(await dots('haulers')).toEqual([8_200_002, 8_200_001]);
    // Its rank key changes with both (decision 045): the index row under the old key must go.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await seedCarriers(database.db, testDialect, [
      carrier({ dot_number: 8_200_001, legal_name: 'NEWNAME HAULERS', power_units: 40 }),
      carrier({ dot_number: 8_200_003, legal_name: 'FILLMORE TRANSIT', power_units: 1 }),
    ]);
    expect(await dots('oldname')).toEqual([]);
    expect(await dots('newname')).toEqual([8_200_001]);
    // Prefixes asked as the terms they start (search_terms, migration 023), which the refresh listed.
    expect(await dots('newna')).toEqual([8_200_001]);
    expect(await dots('oldna')).toEqual([]);
    const fill = await search.supersearchQuery({ super_search_term: 'fill', limit: '20' });
    expect(fill.data.map((company) => company.dot_number).toSorted()).toEqual([
      8_200_003,
      ...Array.from({ length: 10 }, (_, index) => 8_200_100 + index),
    ]);
    expect(await dots('haulers')).toEqual([8_200_001, 8_200_002]);
    const total = await search.supersearchQuery({ super_search_term: 'haulers' });
    expect(total).toMatchObject({ total: 2, total_exact: true });
  });

  it('finds a carrier among brokers only while its roles hold a broker', async () => {
    const brokers = async () =>
      (await search.supersearchQuery({ super_search_term: 'steady', company_types: 'broker' })).data.map(
        (company) => company.dot_number,
      );
    expect(await brokers()).toEqual([]);
    const steady = { dot_number: 8_200_002, legal_name: 'STEADY HAULERS', power_units: 5 };
    for (const [carship, found] of [
      ['C;B', [8_200_002]],
      ['B', [8_200_002]],
      ['C', []],
    ] as const) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      await seedCarriers(database.db, testDialect, [carrier({ ...steady, carship })]);
      expect(await brokers(), carship).toEqual(found);
    }
  });

  it('counts a carrier that moved in the circle around its new place only', async () => {
    // Every circle around words counted by its cells (SQLite: in the circle index, circle-index.ts,
    // whose rowid is the carrier's place, so a move changes it).
    const byCells = createSearchService(database.db, testDialect, { cellsFromMatches: 0 });
    const near = async (zip: string) => {
      const found = await byCells.supersearchQuery({
        super_search_term: 'steady',
        radius_zipcode: zip,
        radius_miles: '30',
      });
      return { total: found.total, dots: found.data.map((company) => company.dot_number) };
    };
    expect(await near('75201')).toEqual({ total: 1, dots: [8_200_002] });
    expect(await near('77002')).toEqual({ total: 0, dots: [] });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await seedCarriers(database.db, testDialect, [
      carrier({ dot_number: 8_200_002, legal_name: 'STEADY HAULERS', power_units: 5, phy_zip: '77002' }),
    ]);
    expect(await near('75201')).toEqual({ total: 0, dots: [] });
    expect(await near('77002')).toEqual({ total: 1, dots: [8_200_002] });
  });
});

describe(`a refresh of the search index after an interrupted one on ${testDialect}`, () => {
  let database: TestDatabase;
  let search: SearchService;
  const dots = async (term: string) =>
    (await search.supersearchQuery({ super_search_term: term })).data.map((company) => company.dot_number);
  const day = (month: number) => `2026-0${month}-01T00:00:00.000Z`;
  const write = (records: Parameters<typeof carrier>[0][], at: string) =>
    createCarrierDataRepo(database.db).upsertCarriers(records.map(carrier), at);

  beforeAll(async () => {
    database = await createTestDatabase();
    search = createSearchService(database.db, testDialect);
  });
  afterAll(async () => database.destroy());

  it('indexes what changed after `after` too, unless `after` is later than `since`', async () => {
    const index = createSearchIndex(database.db, testDialect);
    // Enough carriers that a refresh of two replaces rows instead of rebuilding the whole index.
    await write(
      [
        { dot_number: 8_300_001, legal_name: 'ALPHAKILN HAULERS' },
        ...Array.from({ length: 10 }, (_, at) => ({
          dot_number: 8_300_100 + at,
          legal_name: `KILN FILLER ${at}`,
        })),
      ],
      day(1),
    );
    await index.refreshSince(day(1));
    // An import that wrote a carrier and stopped before its refresh.
    await write([{ dot_number: 8_300_001, legal_name: 'BRAVOKILN HAULERS' }], day(2));
    await write([{ dot_number: 8_300_002, legal_name: 'CHARLIEKILN HAULERS' }], day(3));
    await index.refreshSince(day(3), day(1));
    expect(await dots('alphakiln')).toEqual([]);
    expect(await dots('bravokiln')).toEqual([8_300_001]);
    expect(await dots('charliekiln')).toEqual([8_300_002]);
    // A clock set back: the later `after` would leave this refresh's own carrier out.
    await write([{ dot_number: 8_300_003, legal_name: 'DELTAKILN HAULERS' }], day(4));
    await index.refreshSince(day(4), day(5));
    expect(await dots('deltakiln')).toEqual([8_300_003]);
  });
});

describe(`a day's refresh of the search index on ${testDialect}`, () => {
  let database: TestDatabase;
  let search: SearchService;
  const day = (date: number) => `2026-03-${String(date).padStart(2, '0')}T00:00:00.000Z`;
  const write = (records: Parameters<typeof carrier>[0][], at: string) =>
    createCarrierDataRepo(database.db).upsertCarriers(records.map(carrier), at);
  /** The pages of the name index (SQLite's FTS5 shadow table): a merge rewrites them into one segment. */
  const indexPages = async () =>
    Number(
      (await sql<{ n: number }>`SELECT count(*) AS n FROM companies_fts_data`.execute(database.db)).rows[0]!
        .n,
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    search = createSearchService(database.db, testDialect);
  });
  afterAll(async () => database.destroy());

  it('merges the segments after a large share changed, not after a day of few changes', () => {
    expect(isLargeChange(1, 4_400_000)).toBe(false);
    expect(isLargeChange(8_800, 4_400_000)).toBe(false);
    expect(isLargeChange(88_000, 4_400_000)).toBe(true);
    expect(isLargeChange(2, 100)).toBe(true);
  });

  it('finds the changed carrier by its new name, prefix and count without merging the segments', async () => {
    const index = createSearchIndex(database.db, testDialect);
    await write(
      [
        { dot_number: 8_400_001, legal_name: 'SLATEFORD HAULERS' },
        ...Array.from({ length: 99 }, (_, at) => ({
          dot_number: 8_400_100 + at,
          legal_name: `QUARRY ${at}`,
        })),
      ],
      day(1),
    );
    await index.refreshSince(day(1));
    const mergedPages = testDialect === 'sqlite' ? await indexPages() : 0;
    await write([{ dot_number: 8_400_001, legal_name: 'GRANITEFORD HAULERS' }], day(2));
    await index.refreshSince(day(2));
    const result = async (term: string) => {
      const answer = await search.supersearchQuery({ super_search_term: term });
      return { dots: answer.data.map((company) => company.dot_number), total: answer.total };
    };
    expect(await result('slateford')).toEqual({ dots: [], total: 0 });
    expect(await result('graniteford')).toEqual({ dots: [8_400_001], total: 1 });
    expect(await result('granitef')).toEqual({ dots: [8_400_001], total: 1 });
    expect((await result('quarry')).total).toBe(99);
    // The day's change went into a segment of its own beside the merged one.
    if (testDialect === 'sqlite') expect(await indexPages()).toBeGreaterThan(mergedPages);
  });
});

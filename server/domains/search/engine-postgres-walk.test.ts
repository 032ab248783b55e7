import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrier, seedCarriers } from '../../../tests/support/factories.ts';
import { countingQueries } from '../../../tests/support/query-count.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../../../tests/support/test-database.ts';
import { createSearchService } from './service.ts';
import { COUNT_BOUND } from './sql-conditions.ts';

/**
 * PostgreSQL walks a rank group along the rank key within a bound it keeps for an hour
 * (engine-postgres.ts walkEndKey, decision 062). An import can move the bound meanwhile; a walk it
 * cuts short must not end the group early.
 */
describe.skipIf(testDialect !== 'postgres')('a rank group walked along the rank key', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it('reads the page again when an import moved the walk’s bound', async () => {
    const pines = Array.from({ length: 15 }, (_, index) =>
      carrier({ legal_name: `PINE HAULERS ${String(index).padStart(2, '0')}`, power_units: 100 - index }),
    );
    const others = Array.from({ length: 30 }, (_, index) =>
      carrier({ legal_name: `OAK FREIGHT ${index}`, power_units: 1 }),
    );
    await seedCarriers(database.db, 'postgres', [...pines, ...others]);
    // Every search takes the rank groups of the GIN index (not the word's postings), and the walk's
    // bound is the first 20 rows of the key: the 15 pines and 5 oaks, so page 1 of 'pine' is walked.
    const recorded = countingQueries(database.db);
    const search = createSearchService(recorded.db, 'postgres', {
      fewMatches: 0,
      groupWalkRows: 20,
      postingsReadRows: 0,
    });
    const pageOne = async () => {
      const found = await search.supersearchQuery({ super_search_term: 'pine', limit: '10' });
      return { total: found.total, dots: found.data.map((company) => company.dot_number) };
    };
    // The walk reads the first rows of the key (engine-postgres.ts walkedRows).
    const walks = () => recorded.holding('(SELECT * FROM companies c ORDER BY c.rank_key LIMIT ');
    const expected = { total: 15, dots: pines.slice(0, 10).map((row) => row.dot_number) };
    expect(await pageOne()).toEqual(expected);
    expect(walks()).toBe(1);

    // Larger fleets rank first: the first 20 rows of the key are now these, and no pine is among them.
    await seedCarriers(
      database.db,
      'postgres',
      Array.from({ length: 20 }, (_, index) =>
        carrier({ legal_name: `ELM LINES ${index}`, power_units: 500 }),
      ),
    );
    recorded.reset();
    expect(await pageOne()).toEqual(expected);
    expect(walks()).toBe(1);
  });

  it('walks a group past the count bound from the share of it the counting statement saw', async () => {
    await database.db.deleteFrom('companies').execute();
    // In the table's order: 3 names that start with 'haul', more than the bound that hold it later,
    // then 40 more that start with it. The counting statement stops at the bound, so it sees 3 of the
    // 43 names that start with 'haul', all within the walk's bound (they rank first, by fleet).
    const east = Array.from({ length: 3 }, (_, index) =>
      carrier({ legal_name: `HAULERS EAST ${index}`, power_units: 900 }),
    );
    const others = Array.from({ length: COUNT_BOUND + 50 }, (_, index) =>
      carrier({ legal_name: `BIG HAULING ${index}`, power_units: 1 }),
    );
    const west = Array.from({ length: 40 }, (_, index) =>
      carrier({ legal_name: `HAULERS WEST ${String(index).padStart(2, '0')}`, power_units: 800 }),
    );
    await seedCarriers(database.db, 'postgres', [...east, ...others, ...west]);
    // The table in DOT-number order, the order they were made in (the search index's refresh
    // rewrites rows wherever there is room).
    await sql`CLUSTER companies USING companies_dot_number_key`.execute(database.db);
    await sql`ANALYZE companies`.execute(database.db);
    const expected = {
      total: COUNT_BOUND,
      names: [...east, ...west.slice(0, 7)].map((row) => row.legal_name),
    };
    const recorded = countingQueries(database.db);
    const walks = () => recorded.holding('(SELECT * FROM companies c ORDER BY c.rank_key LIMIT ');
    const pageOne = async (groupWalkRows: number, sampledWalkMargin: number) => {
      recorded.reset();
      const search = createSearchService(recorded.db, 'postgres', {
        fewMatches: 0,
        groupWalkRows,
        postingsReadRows: 0,
        sampledWalkMargin,
      });
      const found = await search.supersearchQuery({ super_search_term: 'haul', limit: '10' });
      return { total: found.total, names: found.data.map((company) => company.name) };
    };
    // 3 counted, scaled by about 10,093 / 10,001, is short of twice the page's end: not walked.
    expect(await pageOne(100, 2)).toEqual(expected);
    expect(walks()).toBe(0);
    // It reaches a quarter of it: walked, and the first 100 rows of the key hold the page.
    expect(await pageOne(100, 0.25)).toEqual(expected);
    expect(walks()).toBe(1);
    // The first 5 rows of the key hold only 5 of the page's 10: the walk falls short and the planner
    // reads the group again.
    expect(await pageOne(5, 0.25)).toEqual(expected);
    expect(walks()).toBe(1);
  }, 120_000);
});

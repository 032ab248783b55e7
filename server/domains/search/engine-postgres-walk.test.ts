import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrier, seedCarriers } from '../../../tests/support/factories.ts';
import { countingQueries } from '../../../tests/support/query-count.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../../../tests/support/test-database.ts';
import { createSearchService } from './service.ts';

/**
 * PostgreSQL walks a rank group along the rank key within a bound it keeps for an hour
 * (engine-postgres.ts withinWalk, decision 062). An import can move the bound meanwhile; a walk it
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
    // Every search takes the rank groups of the GIN index ('pine' a prefix, not its postings), and the walk's
    // bound is the first 20 rows of the key: the 15 pines and 5 oaks, so page 1 of 'pine' is walked.
    const recorded = countingQueries(database.db);
    const search = createSearchService(recorded.db, 'postgres', {
      rankedInCount: 0,
      groupWalkRows: 20,
      mostPrefixTerms: 0,
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
});

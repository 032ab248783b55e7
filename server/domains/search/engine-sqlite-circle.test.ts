import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrier, seedCarriers } from '../../../tests/support/factories.ts';
import { countingQueries } from '../../../tests/support/query-count.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../../../tests/support/test-database.ts';
import { createSearchService } from './service.ts';
import { listsRead } from './sqlite-fts-query.ts';

/**
 * SQLite counts a circle around words with few matches (below cellsFromMatches) in the circle index
 * when its runs of cells times the lists the words read there cost less than measuring each match
 * (circleRangeMatches, decision 089), and measures them otherwise.
 */
describe.skipIf(testDialect !== 'sqlite')('circles around words with few matches on sqlite', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    // In Dallas: 200 carriers of one word, and 200 of 20 words that start 'quil' as it does.
    await seedCarriers(database.db, 'sqlite', [
      ...Array.from({ length: 200 }, (_, index) =>
        carrier({
          dot_number: 8_900_000 + index,
          legal_name: `QUILLAN HAULING ${index}`,
          power_units: index % 7,
        }),
      ),
      ...Array.from({ length: 200 }, (_, index) =>
        carrier({
          dot_number: 8_901_000 + index,
          legal_name: `QUIL${String.fromCharCode(65 + (index % 20))} LINES ${index}`,
          power_units: index % 5,
        }),
      ),
    ]);
  });
  afterAll(async () => database.destroy());

  /** A search within 30 miles of Dallas (2 runs of cells inside, 6 on the edge): its page and whether it read the circle index. */
  async function near(word: string, tuning: Record<string, number> = {}) {
    const recorded = countingQueries(database.db);
    const found = await createSearchService(recorded.db, 'sqlite', tuning).supersearchQuery({
      super_search_term: word,
      radius_zipcode: '75201',
      radius_miles: '30',
    });
    return {
      total: found.total,
      dots: found.data.map((company) => company.dot_number),
      circleIndex: recorded.holding('companies_circle_fts') > 0,
    };
  }

  it('counts a word of one list in the circle index: 8 runs cost less than its 200 matches', async () => {
    const byIndex = await near('quillan');
    expect(byIndex).toMatchObject({ total: 200, circleIndex: true });
    const measured = await near('quillan', { circleRangeMatches: Number.POSITIVE_INFINITY });
    expect(measured).toEqual({ ...byIndex, circleIndex: false });
  });

  it('measures the matches of a prefix of 21 terms, whose 8 runs cost more', async () => {
    const measured = await near('quil');
    expect(measured).toMatchObject({ total: 400, circleIndex: false });
    const byIndex = await near('quil', { cellsFromMatches: 0 });
    expect(byIndex).toEqual({ ...measured, circleIndex: true });
  });

  it('counts the lists FTS5 reads at a range: a term or indexed prefix one, a longer prefix all it starts', () => {
    expect(listsRead('("quillan")')).toBe(1);
    expect(listsRead('"kwa"* AND facets:("_typebroker")')).toBe(2);
    expect(listsRead('("quila" OR "quilb" OR "quillan") AND "_wquil"')).toBe(4);
    expect(listsRead('"hara"*')).toBe(Number.POSITIVE_INFINITY);
  });
});

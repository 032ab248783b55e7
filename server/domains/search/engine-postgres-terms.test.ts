import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrier, seedCarriers } from '../../../tests/support/factories.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../../../tests/support/test-database.ts';
import { createSearchService } from './service.ts';

/**
 * PostgreSQL asks a typed prefix as the whole lexemes it starts, found in search_terms (migration
 * 032, decision 063). A lexeme an import brings that the table lacked would drop its carriers from
 * every search for the prefix, so the table must follow each insert and update of carriers.
 */
describe.skipIf(testDialect !== 'postgres')('a prefix asked as the whole terms it starts', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it('finds carriers whose names bring new words, inserted or renamed', async () => {
    const search = createSearchService(database.db, 'postgres');
    const names = async (term: string) =>
      (await search.supersearchQuery({ super_search_term: term, limit: '10' })).data.map(
        (company) => company.name,
      );
    const pinewood = carrier({ legal_name: 'PINEWOOD HAULERS LLC', power_units: 9 });
    await seedCarriers(database.db, 'postgres', [pinewood, carrier({ legal_name: 'OAK FREIGHT INC' })]);
    expect(await names('pine')).toEqual(['PINEWOOD HAULERS LLC']);

    // A new carrier with a new word that 'pine' starts.
    await seedCarriers(database.db, 'postgres', [carrier({ legal_name: 'PINECREST LINES', power_units: 5 })]);
    expect(await names('pine')).toEqual(['PINEWOOD HAULERS LLC', 'PINECREST LINES']);

    // A carrier renamed by the next census, to another new word.
    await seedCarriers(database.db, 'postgres', [{ ...pinewood, legal_name: 'PINEYWOODS HAULERS LLC' }]);
    expect(await names('pine')).toEqual(['PINEYWOODS HAULERS LLC', 'PINECREST LINES']);
    expect(await names('pine haulers')).toEqual(['PINEYWOODS HAULERS LLC']);

    const terms = await sql<{ term: string }>`SELECT term FROM search_terms
      WHERE term >= 'pine' AND term < 'pinf' ORDER BY term`.execute(database.db);
    expect(terms.rows.map((row) => row.term)).toEqual(['pinecrest', 'pinewood', 'pineywoods']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialect, type TestDatabase } from '../../tests/support/test-database.ts';
import { compiledQuery } from './compiled-query.ts';

describe(`queries compiled once on ${testDialect}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    const now = '2026-11-01T00:00:00.000Z';
    await database.db
      .insertInto('companies')
      .values([
        { dot_number: 21, name: 'FIRST FREIGHT', claimed: 0, created_at: now, updated_at: now },
        { dot_number: 22, name: 'SECOND FREIGHT', claimed: 1, created_at: now, updated_at: now },
        { dot_number: 23, name: 'THIRD FREIGHT', claimed: 1, created_at: now, updated_at: now },
      ])
      .execute();
  });
  afterAll(async () => database.destroy());

  it('answers each call with its own values, keeping the values written into the query', async () => {
    const { db } = database;
    const claimedBetween = compiledQuery(db, 2, (from: number, to: number) =>
      db
        .selectFrom('companies')
        .select(['dot_number', 'name'])
        .where('claimed', '=', 1)
        .where('dot_number', '>=', from)
        .where('dot_number', '<=', to)
        .orderBy('dot_number'),
    );
    expect(await claimedBetween(21, 22)).toEqual([{ dot_number: 22, name: 'SECOND FREIGHT' }]);
    expect(await claimedBetween(21, 23)).toEqual([
      { dot_number: 22, name: 'SECOND FREIGHT' },
      { dot_number: 23, name: 'THIRD FREIGHT' },
    ]);
    expect(await claimedBetween(30, 40)).toEqual([]);
  });

  it('refuses a query that does not use an argument as a value', () => {
    const { db } = database;
    expect(() =>
      compiledQuery(db, 1, (_dotNumber: number) => db.selectFrom('companies').select('dot_number')),
    ).toThrow('compiledQuery: argument 0 is not a value of the query');
  });
});

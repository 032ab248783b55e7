import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialect, type TestDatabase } from '../../tests/support/test-database.ts';
import { compiledQuery } from './compiled-query.ts';
import { dialectOf, inValueList, valueList, valueRows } from './value-lists.ts';

describe(`lists of values sent as one parameter on ${testDialect}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    const now = '2026-11-01T00:00:00.000Z';
    await database.db
      .insertInto('companies')
      .values([
        {
          dot_number: 31,
          name: 'FIRST FREIGHT',
          mc_number: '310',
          claimed: 0,
          created_at: now,
          updated_at: now,
        },
        {
          dot_number: 32,
          name: 'SECOND FREIGHT',
          mc_number: '320',
          claimed: 0,
          created_at: now,
          updated_at: now,
        },
        {
          dot_number: 33,
          name: 'THIRD FREIGHT',
          mc_number: null,
          claimed: 0,
          created_at: now,
          updated_at: now,
        },
      ])
      .execute();
  });
  afterAll(async () => database.destroy());

  it('knows the dialect of a database and of a transaction on it', async () => {
    expect(dialectOf(database.db)).toBe(testDialect);
    await database.db.transaction().execute(async (trx) => {
      expect(dialectOf(trx)).toBe(testDialect);
    });
  });

  it('matches numbers and texts of any count, one statement text for every count', async () => {
    const { db } = database;
    const dialect = dialectOf(db);
    const byDot = compiledQuery(db, 1, (list: unknown) =>
      db
        .selectFrom('companies')
        .select('name')
        .where(inValueList(dialect, 'dot_number', list, 'integer'))
        .orderBy('dot_number'),
    );
    const byMc = compiledQuery(db, 1, (list: unknown) =>
      db
        .selectFrom('companies')
        .select('dot_number')
        .where(inValueList(dialect, 'mc_number', list, 'text'))
        .orderBy('dot_number'),
    );
    expect(await byDot(valueList(dialect, [33, 31, 99, 31]))).toEqual([
      { name: 'FIRST FREIGHT' },
      { name: 'THIRD FREIGHT' },
    ]);
    expect(await byDot(valueList(dialect, []))).toEqual([]);
    // More values than SQLite binds parameters in one statement.
    const many = Array.from({ length: 40_000 }, (_, index) => index + 1);
    expect(await byDot(valueList(dialect, many))).toHaveLength(3);
    expect(await byMc(valueList(dialect, ['320', '310', '999']))).toEqual([
      { dot_number: 31 },
      { dot_number: 32 },
    ]);
  });

  it('reads the values as rows of one column, value', async () => {
    const { db } = database;
    const dialect = dialectOf(db);
    const { rows } = await sql<{ value: number }>`SELECT listed.value FROM ${valueRows(
      dialect,
      valueList(dialect, [7, 5, 6]),
      'integer',
    )} ORDER BY listed.value`.execute(db);
    expect(rows.map((row) => Number(row.value))).toEqual([5, 6, 7]);
  });
});

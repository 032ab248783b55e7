import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialect, type TestDatabase } from '../../../tests/support/test-database.ts';
import { createRowUpserter } from '../../db/upsert-rows.ts';
import { readStoredSourceHashes } from './stored-source-hashes.ts';

describe(`stored source hashes on ${testDialect}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    const upserter = createRowUpserter(database.db);
    await upserter.upsert({
      table: 'companies',
      key: 'dot_number',
      insertOnly: ['created_at'],
      changedAt: 'updated_at',
      sourceHash: 'source_hash',
      columns: ['dot_number', 'name', 'source_hash', 'created_at', 'updated_at'],
      rows: [
        [7, 'SEVEN', 70, 'day 1', 'day 1'],
        [3, 'THREE', 30, 'day 1', 'day 1'],
        [5, 'FIVE', null, 'day 1', 'day 1'],
        [11, 'ELEVEN', 2 ** 48 - 1, 'day 1', 'day 1'],
        [9, 'NINE', 90, 'day 1', 'day 1'],
      ],
    });
    await upserter.close();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it.each([{ rowsPerRead: 100_000 }, { rowsPerRead: 2 }])(
    'knows each carrier by its hash, read $rowsPerRead rows at a time',
    async ({ rowsPerRead }) => {
      const stored = await readStoredSourceHashes(database.db, { rowsPerRead });
      expect([3, 7, 9].map((dot) => stored.isUnchanged(dot, dot * 10))).toEqual([true, true, true]);
      expect(stored.isUnchanged(11, 2 ** 48 - 1)).toBe(true);
      // A carrier stored without a hash, and one not stored, are never unchanged.
      expect(stored.isUnchanged(5, 0)).toBe(false);
      expect(stored.isUnchanged(4, 0)).toBe(false);
      expect(stored.isUnchanged(12, 0)).toBe(false);
    },
  );

  it('takes a differing record as the one the import writes, so the file’s last record of a carrier stands', async () => {
    const stored = await readStoredSourceHashes(database.db);
    expect(stored.isUnchanged(7, 71)).toBe(false);
    // The same record again: the import wrote it already.
    expect(stored.isUnchanged(7, 71)).toBe(true);
    // Last month's record after it must be written again, over the one before.
    expect(stored.isUnchanged(7, 70)).toBe(false);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewHistoryEvent } from '../../../core/history.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../../../tests/support/test-database.ts';
import { historyEventKey, historyRow, insertHistoryEvents } from './repo.ts';
import { migrateToLatest } from '../../db/migrate.ts';

// Migration 071: the stored events' keys get the carrier prefix historyEventKey gives new ones.
describe(`migration 071, history event keys by carrier, on ${testDialect}`, () => {
  let database: TestDatabase;
  const filed: NewHistoryEvent = {
    dotNumber: 7_100_001,
    kind: 'insurance',
    event: 'filed',
    subject: 'MC710001 BI&PD primary P-1',
    valueBefore: null,
    valueAfter: 'ALPHA MUTUAL',
    effectiveOn: '2024-01-01',
    firstSeenOn: '2026-12-01',
    source: '3uet-3z4i',
  };

  beforeAll(async () => {
    database = await createTestDatabase({ migratedTo: '070-inspection-violations' });
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('prefixes the stored keys, so an event seen again after the upgrade is not written twice', async () => {
    const key = historyEventKey(filed);
    expect(key.startsWith('7100001.')).toBe(true);
    // As the importer wrote it before the migration: the hash alone.
    await database.db
      .insertInto('record_history_events')
      .values({ ...historyRow(filed), event_key: key.slice('7100001.'.length) })
      .execute();
    await migrateToLatest(database.db, testDialect);
    const stored = await database.db.selectFrom('record_history_events').select('event_key').execute();
    expect(stored).toEqual([{ event_key: key }]);
    expect(await insertHistoryEvents(database.db, [filed])).toBe(0);
  });
});

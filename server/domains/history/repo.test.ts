import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import type { NewHistoryEvent } from '../../../core/history.ts';
import { historyEventKey, insertHistoryEvents } from './repo.ts';

const phoneChanged: NewHistoryEvent = {
  dotNumber: 1234567,
  kind: 'record',
  event: 'changed',
  subject: 'phone',
  valueBefore: '(555) 010-0000',
  valueAfter: '(555) 010-1111',
  effectiveOn: null,
  firstSeenOn: '2026-11-02',
  source: 'az4n-8mr2',
};

describe('record history events', () => {
  let test: TestDatabase;
  beforeEach(async () => {
    test = await createTestDatabase();
  });
  afterEach(() => test.destroy());

  it('writes an event once, however often an import sees it', async () => {
    await insertHistoryEvents(test.db, [phoneChanged]);
    await insertHistoryEvents(test.db, [phoneChanged, phoneChanged]);
    const rows = await test.db.selectFrom('record_history_events').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      dot_number: 1234567,
      kind: 'record',
      event: 'changed',
      subject: 'phone',
      value_before: '(555) 010-0000',
      value_after: '(555) 010-1111',
      effective_on: null,
      first_seen_on: '2026-11-02',
      source: 'az4n-8mr2',
    });
  });

  it('keeps a record field that changes back on a later day as a new event', () => {
    const later = { ...phoneChanged, firstSeenOn: '2026-12-01' };
    expect(historyEventKey(later)).not.toBe(historyEventKey(phoneChanged));
  });

  it('treats a filing event seen on two days as one event', () => {
    const filed: NewHistoryEvent = {
      ...phoneChanged,
      kind: 'insurance',
      event: 'filed',
      subject: 'MC139446 BI&PD primary POLICY-1',
      valueBefore: null,
      valueAfter: null,
      effectiveOn: '2026-10-01',
    };
    expect(historyEventKey({ ...filed, firstSeenOn: '2026-12-01' })).toBe(historyEventKey(filed));
  });

  it('writes more rows than one statement holds', async () => {
    const events = Array.from({ length: 1_203 }, (_, i) => ({ ...phoneChanged, dotNumber: i + 1 }));
    await insertHistoryEvents(test.db, events);
    const { count } = await test.db
      .selectFrom('record_history_events')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(1_203);
  });
});

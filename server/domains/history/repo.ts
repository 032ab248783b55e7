import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { NewHistoryEvent } from '../../../core/history.ts';
import type { CarrierRecord } from '../carrier-data/records.ts';
import {
  COMPARED_COLUMNS,
  recordChanges,
  storedAfter,
  type ChangeSource,
  type StoredRecord,
} from './record-changes.ts';

/** Ten columns a row: SQLite's 32,766 bound parameters hold 3,000 rows; fewer keep statements small. */
const ROWS_PER_STATEMENT = 500;

/**
 * The identity of an event: what it is about and what it says. An event seen again (a re-run after
 * a kill, the same filing in the legacy files and in Motus) has the same key and is not written twice.
 * A record field's change includes its day, so a value that changes back and forth is kept each time.
 */
export function historyEventKey(event: NewHistoryEvent): string {
  const day = event.kind === 'record' ? event.firstSeenOn : '';
  const identity = [
    event.dotNumber,
    event.kind,
    event.event,
    event.subject ?? '',
    event.valueBefore ?? '',
    event.valueAfter ?? '',
    event.effectiveOn ?? '',
    day,
  ].join('\u001f');
  return createHash('sha256').update(identity).digest('base64url').slice(0, 32);
}

/** Writes events in the caller's transaction; an event already kept is left as it is. */
export async function insertHistoryEvents(
  db: Kysely<Database>,
  events: readonly NewHistoryEvent[],
): Promise<void> {
  for (let start = 0; start < events.length; start += ROWS_PER_STATEMENT) {
    const rows = events.slice(start, start + ROWS_PER_STATEMENT).map((event) => ({
      event_key: historyEventKey(event),
      dot_number: event.dotNumber,
      kind: event.kind,
      event: event.event,
      subject: event.subject,
      value_before: event.valueBefore,
      value_after: event.valueAfter,
      effective_on: event.effectiveOn,
      first_seen_on: event.firstSeenOn,
      source: event.source,
    }));
    await db
      .insertInto('record_history_events')
      .values(rows)
      .onConflict((oc) => oc.column('event_key').doNothing())
      .execute();
  }
}

/** DOT numbers a statement reads: well within SQLite's bound parameters. */
const DOTS_PER_READ = 5_000;

/** The stored rows of these carriers, as record events compare them; carriers not stored are absent. */
async function storedRecords(
  db: Kysely<Database>,
  dotNumbers: readonly number[],
): Promise<Map<number, StoredRecord>> {
  const stored = new Map<number, StoredRecord>();
  for (let start = 0; start < dotNumbers.length; start += DOTS_PER_READ) {
    const rows = await db
      .selectFrom('companies')
      .select(COMPARED_COLUMNS)
      .where('dot_number', 'in', dotNumbers.slice(start, start + DOTS_PER_READ))
      .execute();
    for (const row of rows) stored.set(row.dot_number, row);
  }
  return stored;
}

/**
 * The record events of a batch of changed census records, read against their stored rows before the
 * batch is written. A carrier the store does not hold yet has none: its history starts with it.
 */
export async function recordEventsOf(
  db: Kysely<Database>,
  records: readonly CarrierRecord[],
  source: ChangeSource,
): Promise<NewHistoryEvent[]> {
  const stored = await storedRecords(db, [...new Set(records.map((record) => record.dot_number))]);
  const events: NewHistoryEvent[] = [];
  for (const record of records) {
    const row = stored.get(record.dot_number);
    if (!row) continue;
    events.push(...recordChanges(row, record, source));
    // The file's later record of the same carrier compares with this one.
    stored.set(record.dot_number, storedAfter(row, record));
  }
  return events;
}

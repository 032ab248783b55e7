import { hash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { CONTACT_FIELDS, type HistoryKind, type NewHistoryEvent } from '../../../core/history.ts';
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
 * (Migration 071 gave the stored keys the carrier prefix.)
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
  // The carrier first: an import's events, carrier after carrier, fill the unique index in order.
  // One-shot hash(): a first L&I load keys tens of millions of events, and a Hash object each cost more.
  return `${event.dotNumber}.${hash('sha256', identity, 'base64url').slice(0, 32)}`;
}

/** An event's values in HISTORY_COLUMNS order: what the importer's upserter writes. */
export function historyValues(event: NewHistoryEvent): unknown[] {
  return [
    historyEventKey(event),
    event.dotNumber,
    event.kind,
    event.event,
    event.subject,
    event.valueBefore,
    event.valueAfter,
    event.effectiveOn,
    event.firstSeenOn,
    event.source,
  ];
}

/** The table's columns an event fills, in historyValues' order. */
export const HISTORY_COLUMNS = [
  'event_key',
  'dot_number',
  'kind',
  'event',
  'subject',
  'value_before',
  'value_after',
  'effective_on',
  'first_seen_on',
  'source',
] as const;

/** What an event says, without its key and carrier. */
const EVENT_FIELDS = HISTORY_COLUMNS.slice(2) as Exclude<
  (typeof HISTORY_COLUMNS)[number],
  'event_key' | 'dot_number'
>[];

/** An event as its table's row. */
export function historyRow(event: NewHistoryEvent) {
  const values = historyValues(event);
  return Object.fromEntries(HISTORY_COLUMNS.map((column, index) => [column, values[index]])) as {
    event_key: string;
    dot_number: number;
    kind: NewHistoryEvent['kind'];
    event: NewHistoryEvent['event'];
    subject: string | null;
    value_before: string | null;
    value_after: string | null;
    effective_on: string | null;
    first_seen_on: string;
    source: string;
  };
}

/**
 * Writes events in the caller's transaction; an event already kept is left as it is. Answers how
 * many were new.
 */
export async function insertHistoryEvents(
  db: Kysely<Database>,
  events: readonly NewHistoryEvent[],
): Promise<number> {
  let written = 0;
  for (let start = 0; start < events.length; start += ROWS_PER_STATEMENT) {
    const rows = events.slice(start, start + ROWS_PER_STATEMENT).map(historyRow);
    const [result] = await db
      .insertInto('record_history_events')
      .values(rows)
      .onConflict((oc) => oc.column('event_key').doNothing())
      .execute();
    written += Number(result?.numInsertedOrUpdatedRows ?? 0);
  }
  return written;
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

/** An authority event as stored: what tells two events of one change apart. */
export interface StoredAuthorityEvent {
  event_key: string;
  dot_number: number;
  subject: string | null;
  event: string;
  effective_on: string | null;
  first_seen_on: string;
}

/**
 * The stored authority events of these carriers (undated ones only, with `undatedOnly`): what a
 * batch of L&I rows checks its status changes against, so one change is one event.
 */
export async function authorityEventsOf(
  db: Kysely<Database>,
  dotNumbers: readonly number[],
  undatedOnly = false,
): Promise<StoredAuthorityEvent[]> {
  const found: StoredAuthorityEvent[] = [];
  for (let start = 0; start < dotNumbers.length; start += DOTS_PER_READ) {
    let query = db
      .selectFrom('record_history_events')
      .select(['event_key', 'dot_number', 'subject', 'event', 'effective_on', 'first_seen_on'])
      .where('dot_number', 'in', dotNumbers.slice(start, start + DOTS_PER_READ))
      .where('kind', '=', 'authority');
    if (undatedOnly) query = query.where('effective_on', 'is', null);
    found.push(...(await query.execute()));
  }
  return found;
}

/** How many events the store has written (its newest id): a bound on the events it holds. */
export async function historyEventsWritten(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('record_history_events')
    .select((eb) => eb.fn.max('id').as('newest'))
    .executeTakeFirst();
  return Number(row?.newest ?? 0);
}

/** Whether any authority event without a day (a Carrier file's status change) is stored. */
export async function storesUndatedAuthorityEvents(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('record_history_events')
    .select('id')
    .where('kind', '=', 'authority')
    .where('effective_on', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Removes events by key: an undated status change its dated event stands for now. */
export async function deleteHistoryEvents(db: Kysely<Database>, keys: readonly string[]): Promise<void> {
  for (let start = 0; start < keys.length; start += ROWS_PER_STATEMENT) {
    await db
      .deleteFrom('record_history_events')
      .where('event_key', 'in', keys.slice(start, start + ROWS_PER_STATEMENT))
      .execute();
  }
}

/** What a page of a carrier's history reads. */
export interface HistoryRead {
  dotNumber: number;
  kind: HistoryKind | undefined;
  limit: number;
  offset: number;
}

/** The reads of the history API and the profile's block: one statement a page. */
export function createHistoryRepo(db: Kysely<Database>) {
  const ofCarrier = (dotNumber: number, kind: HistoryKind | undefined) => {
    const query = db.selectFrom('record_history_events').where('dot_number', '=', dotNumber);
    return kind ? query.where('kind', '=', kind) : query;
  };
  return {
    /**
     * A page of the carrier's events, newest first: by the day shown (took effect, else first seen);
     * one import's in the order written. With the page, in the same read (one row without events):
     * how many events of the kind; the import that first brought the carrier (its history starts
     * there; the companies row is created with that import's time) and whether it was the store's
     * first; and the day the last contact field changed.
     */
    async page({ dotNumber, kind, limit, offset }: HistoryRead, createdAt: string) {
      const censusImports = db.selectFrom('data_imports').where('table_name', '=', 'companies');
      const facts = db
        .selectNoFrom((eb) => [
          ofCarrier(dotNumber, kind)
            .select((count) => count.fn.countAll<number | string>().as('n'))
            .as('total'),
          censusImports.select('as_of').where('imported_at', '=', createdAt).limit(1).as('starts_on'),
          censusImports
            .select((first) => first.fn.min('imported_at').as('imported_at'))
            .as('first_import_at'),
          eb
            .selectFrom('record_history_events')
            .select(sql<string>`max(coalesce(effective_on, first_seen_on))`.as('day'))
            .where('dot_number', '=', dotNumber)
            .where('kind', '=', 'record')
            .where('subject', 'in', CONTACT_FIELDS)
            .as('contact_changed_on'),
        ])
        .as('facts');
      const events = ofCarrier(dotNumber, kind)
        .select(['id', ...EVENT_FIELDS])
        .orderBy(sql`coalesce(effective_on, first_seen_on)`, 'desc')
        .orderBy('first_seen_on', 'desc')
        .orderBy('id')
        .limit(limit)
        .offset(offset)
        .as('events');
      const rows = await db
        .selectFrom(facts)
        .leftJoin(events, (join) => join.onTrue())
        .selectAll('facts')
        .select([
          'events.id',
          'events.kind',
          'events.event',
          'events.subject',
          'events.value_before',
          'events.value_after',
          'events.effective_on',
          'events.first_seen_on',
          'events.source',
        ])
        .orderBy(sql`coalesce(events.effective_on, events.first_seen_on)`, 'desc')
        .orderBy('events.first_seen_on', 'desc')
        .orderBy('events.id')
        .execute();
      const [first] = rows;
      return {
        facts: {
          total: first?.total ?? 0,
          starts_on: first?.starts_on ?? null,
          first_import_at: first?.first_import_at ?? null,
          contact_changed_on: first?.contact_changed_on ?? null,
        },
        events: rows.flatMap(({ id, kind: eventKind, event, first_seen_on, source, ...row }) =>
          id === null || eventKind === null || event === null || first_seen_on === null || source === null
            ? []
            : [
                {
                  kind: eventKind,
                  event,
                  subject: row.subject,
                  value_before: row.value_before,
                  value_after: row.value_after,
                  effective_on: row.effective_on,
                  first_seen_on,
                  source,
                },
              ],
        ),
      };
    },
  };
}

export type HistoryRepo = ReturnType<typeof createHistoryRepo>;

import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { NewHistoryEvent } from '../../../core/history.ts';

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

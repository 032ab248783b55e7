import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../migrate.ts';

/**
 * Issue 52: the carrier's record over time. Every change an import observes is one row here, written
 * in the import's own transaction; `event_key` is the event's identity (server/domains/history/repo.ts,
 * historyEventKey), so a re-run after a kill never writes an event twice. Watchlist alerts, fraud
 * signals and dated reports all read this one table.
 */
export function recordHistorySchema(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('record_history_events')
        .addColumn('id', 'integer', (column) =>
          dialect === 'postgres'
            ? column.primaryKey().generatedByDefaultAsIdentity()
            : column.primaryKey().autoIncrement(),
        )
        .addColumn('event_key', 'text', (c) => c.notNull().unique())
        .addColumn('dot_number', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('subject', 'text')
        .addColumn('value_before', 'text')
        .addColumn('value_after', 'text')
        .addColumn('effective_on', 'text')
        .addColumn('first_seen_on', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .execute();
      // A carrier's history newest first, and one kind of it: the profile block and the API.
      await sql`CREATE INDEX record_history_events_carrier ON record_history_events (dot_number, first_seen_on DESC, id DESC)`.execute(
        db,
      );
      // What changed since a day, for every carrier: the alerts after each sync.
      await db.schema
        .createIndex('record_history_events_first_seen')
        .on('record_history_events')
        .columns(['first_seen_on', 'id'])
        .execute();
    },
  };
}

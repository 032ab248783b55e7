import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../migrate.ts';

/**
 * Issue 54, alerts (docs/decisions/125-alerts-queued-once.md): the alerts of watched carriers, keyed
 * by list and source (a history event, an inspection, a crash) so a re-run never queues one twice;
 * the computation's progress; per-account e-mail settings; each list's feed token (hashed); webhook
 * endpoints and their delivery queue. Mail and the outbox keep extra headers (List-Unsubscribe).
 */
export function watchAlertsSchema(dialect: Dialect): Migration {
  const identity = (table: ReturnType<Kysely<unknown>['schema']['createTable']>) =>
    table.addColumn('id', 'integer', (column) =>
      dialect === 'postgres'
        ? column.primaryKey().generatedByDefaultAsIdentity()
        : column.primaryKey().autoIncrement(),
    );
  return {
    async up(db: Kysely<unknown>) {
      await identity(db.schema.createTable('watch_alerts'))
        .addColumn('watchlist_id', 'integer', (c) =>
          c.notNull().references('watchlists.id').onDelete('cascade'),
        )
        .addColumn('account_id', 'integer', (c) =>
          c.notNull().references('watcher_accounts.id').onDelete('cascade'),
        )
        .addColumn('dot_number', 'integer', (c) => c.notNull())
        // 'e:{history event id}', 'i:{inspection id}', 'c:{crash id}': with the list, the alert's identity.
        .addColumn('source_key', 'text', (c) => c.notNull())
        // severe (e-mailed at once) or digest (the daily digest).
        .addColumn('severity', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('subject', 'text')
        .addColumn('value_before', 'text')
        .addColumn('value_after', 'text')
        // The day the change is shown under (took effect, else first seen).
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        // Digest alerts: 1 until the daily digest took them (sent or not wanted).
        .addColumn('digest_pending', 'integer', (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint('watch_alerts_once', ['watchlist_id', 'source_key'])
        .execute();
      // A list's feed, newest first; an account's digest.
      await sql`CREATE INDEX watch_alerts_list ON watch_alerts (watchlist_id, id DESC)`.execute(db);
      await sql`CREATE INDEX watch_alerts_digest ON watch_alerts (account_id) WHERE digest_pending = 1`.execute(
        db,
      );

      // 'alerts': the last history event computed; 'digest': the last day a digest went out.
      await db.schema
        .createTable('alert_progress')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('last_event_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_day', 'text')
        .execute();
      // Events stored before alerts existed are history, not news.
      await sql`INSERT INTO alert_progress (name, last_event_id)
        SELECT 'alerts', COALESCE(MAX(id), 0) FROM record_history_events`.execute(db);
      await sql`INSERT INTO alert_progress (name, last_event_id) VALUES ('digest', 0)`.execute(db);

      await db.schema
        .createTable('alert_settings')
        .addColumn('account_id', 'integer', (c) =>
          c.primaryKey().references('watcher_accounts.id').onDelete('cascade'),
        )
        .addColumn('severe_email', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('digest_email', 'integer', (c) => c.notNull().defaultTo(1))
        // Unsubscribes without a session; it can do nothing else.
        .addColumn('unsubscribe_token', 'text', (c) => c.notNull().unique())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('watchlist_feeds')
        .addColumn('watchlist_id', 'integer', (c) =>
          c.primaryKey().references('watchlists.id').onDelete('cascade'),
        )
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await identity(db.schema.createTable('webhook_endpoints'))
        .addColumn('account_id', 'integer', (c) =>
          c.notNull().references('watcher_accounts.id').onDelete('cascade'),
        )
        .addColumn('url', 'text', (c) => c.notNull())
        // whsec_…: needed in the clear to sign; shown to the account once.
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('webhook_endpoints_account')
        .on('webhook_endpoints')
        .column('account_id')
        .execute();

      await identity(db.schema.createTable('webhook_deliveries'))
        .addColumn('endpoint_id', 'integer', (c) =>
          c.notNull().references('webhook_endpoints.id').onDelete('cascade'),
        )
        .addColumn('account_id', 'integer', (c) => c.notNull())
        .addColumn('alert_id', 'integer', (c) =>
          c.notNull().references('watch_alerts.id').onDelete('cascade'),
        )
        // The webhook-id header: the same on every attempt, so a receiver drops a repeat.
        .addColumn('message_id', 'text', (c) => c.notNull().unique())
        // queued, sending (claimed until lease_until), delivered, failed.
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('lease_until', 'text')
        .addColumn('last_attempt_at', 'text')
        .addColumn('response_status', 'integer')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('delivered_at', 'text')
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_due')
        .on('webhook_deliveries')
        .columns(['status', 'next_attempt_at'])
        .execute();
      await sql`CREATE INDEX webhook_deliveries_account ON webhook_deliveries (account_id, id DESC)`.execute(
        db,
      );
      await sql`CREATE INDEX webhook_deliveries_attempted ON webhook_deliveries (last_attempt_at)`.execute(
        db,
      );

      // Inspections and crashes the computation has seen ('i:…', 'c:…'), each looked up once.
      await db.schema
        .createTable('alert_seen_records')
        .addColumn('source_key', 'text', (c) => c.primaryKey())
        .addColumn('day', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('alert_seen_records_day').on('alert_seen_records').column('day').execute();

      // The day's out-of-service inspections and crashes, for the alerts computed after each import.
      await sql`CREATE INDEX inspections_oos_day ON inspections (insp_date) WHERE oos_total > 0`.execute(db);
      await db.schema.createIndex('crashes_report_day').on('crashes').column('report_date').execute();

      // JSON of extra mail headers (List-Unsubscribe, RFC 8058), kept through the queue to the outbox.
      await db.schema.alterTable('mail_queue').addColumn('headers', 'text').execute();
      await db.schema.alterTable('outbox_messages').addColumn('headers', 'text').execute();
    },
  };
}

import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../migrate.ts';

/**
 * The mail queue (docs/decisions/038-mail-queue-and-metrics.md): every message is written here in the
 * same transaction as the record it belongs to (a login token, a rating request) and sent by the
 * server's mail worker, with retries. The link is made at sending: a login token's secret exists only
 * from then on, and its lifetime counts from then.
 */
export function mailQueueSchema(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('mail_queue')
        .addColumn('id', 'integer', (column) =>
          dialect === 'postgres'
            ? column.primaryKey().generatedByDefaultAsIdentity()
            : column.primaryKey().autoIncrement(),
        )
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('to_address', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        // The message's text without its link, as JSON: intro, action and notes.
        .addColumn('content', 'text', (c) => c.notNull())
        // The link, or for a login token the link without the token, which is made at sending.
        .addColumn('link', 'text', (c) => c.notNull())
        .addColumn('login_token_id', 'integer', (c) => c.references('login_tokens.id').onDelete('cascade'))
        // queued, sending (claimed by a worker until lease_until), sent, failed.
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('lease_until', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        .execute();
      await db.schema
        .createIndex('mail_queue_status_next_attempt')
        .on('mail_queue')
        .columns(['status', 'next_attempt_at'])
        .execute();
    },
  };
}

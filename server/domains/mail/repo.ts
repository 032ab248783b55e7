import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Dialect } from '../../db/migrate.ts';
import type { MailQueueTable } from '../../db/schema.ts';

export type MailKind = MailQueueTable['kind'];

/** A message as the queue is given it. */
export type QueuedMailRow = Pick<
  MailQueueTable,
  'kind' | 'to_address' | 'subject' | 'content' | 'link' | 'login_token_id'
> & {
  watcher_login_token_id: number | null;
  headers?: string | null;
  now: string;
};

/** The queue's SQL. Times are ISO strings, which compare in time order. */
export function createMailQueueRepo(db: Db, dialect: Dialect) {
  /** Writes messages to send on `on`, many a statement (the alerts of a day queue thousands). */
  async function insertMany(on: Db, messages: readonly QueuedMailRow[]) {
    for (let start = 0; start < messages.length; start += 100) {
      const rows = messages.slice(start, start + 100).map(({ now, headers = null, ...message }) => ({
        ...message,
        headers,
        status: 'queued' as const,
        next_attempt_at: now,
        created_at: now,
      }));
      await on.insertInto('mail_queue').values(rows).execute();
    }
  }

  return {
    /** Writes a message to send on `on`: the caller's transaction, beside the record it belongs to. */
    insert: (on: Db, values: QueuedMailRow) => insertMany(on, [values]),
    insertMany,

    /**
     * Claims up to `limit` messages that are due (queued and due, or claimed by a worker whose lease ran
     * out) for this worker until `leaseUntil`, counting the attempt. On PostgreSQL the rows are locked
     * with SKIP LOCKED, so workers of several instances claim different messages; on SQLite one process
     * owns the file and its one connection runs the transaction alone.
     */
    async claimDue(now: string, leaseUntil: string, limit: number) {
      return db.transaction().execute(async (trx) => {
        let due = trx
          .selectFrom('mail_queue')
          .select('id')
          .where((eb) =>
            eb.or([
              eb.and([eb('status', '=', 'queued'), eb('next_attempt_at', '<=', now)]),
              eb.and([eb('status', '=', 'sending'), eb('lease_until', '<=', now)]),
            ]),
          )
          .orderBy('id')
          .limit(limit);
        if (dialect === 'postgres') due = due.forUpdate().skipLocked();
        const ids = (await due.execute()).map((row) => row.id);
        if (ids.length === 0) return [];
        return trx
          .updateTable('mail_queue')
          .set((eb) => ({ status: 'sending', lease_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
          .where('id', 'in', ids)
          .returningAll()
          .execute()
          .then((rows) => rows.sort((a, b) => a.id - b.id));
      });
    },

    /** Gives claimed messages back untried (the worker is stopping): due at once, the attempt not counted. */
    async release(ids: number[]) {
      if (ids.length === 0) return;
      await db
        .updateTable('mail_queue')
        .set((eb) => ({ status: 'queued', lease_until: null, attempts: eb('attempts', '-', 1) }))
        .where('id', 'in', ids)
        .execute();
    },

    async markSent(id: number, now: string) {
      await db
        .updateTable('mail_queue')
        .set({ status: 'sent', sent_at: now, lease_until: null, last_error: null })
        .where('id', '=', id)
        .execute();
    },

    async markRetry(id: number, nextAttemptAt: string, error: string) {
      await db
        .updateTable('mail_queue')
        .set({ status: 'queued', next_attempt_at: nextAttemptAt, lease_until: null, last_error: error })
        .where('id', '=', id)
        .execute();
    },

    async markFailed(id: number, error: string) {
      await db
        .updateTable('mail_queue')
        .set({ status: 'failed', lease_until: null, last_error: error })
        .where('id', '=', id)
        .execute();
    },

    /** Sent messages are kept a while for whoever investigates a complaint, then removed. */
    async purgeSentBefore(before: string) {
      // Looked for first: a DELETE takes SQLite's write lock even when it deletes nothing, and while an
      // import holds that lock (a search index rebuild: tens of seconds) the server's one thread would
      // wait for it, every poll, up to the busy timeout.
      const old = db
        .selectFrom('mail_queue')
        .select('id')
        .where('status', '=', 'sent')
        .where('sent_at', '<', before)
        .limit(1);
      if ((await old.execute()).length === 0) return;
      await db.deleteFrom('mail_queue').where('status', '=', 'sent').where('sent_at', '<', before).execute();
    },

    /** How many messages wait (queued or being sent) and how many were given up on. */
    async counts() {
      const rows = await db
        .selectFrom('mail_queue')
        .select(['status', sql<number | string>`count(*)`.as('n')])
        .where('status', 'in', ['queued', 'sending', 'failed'])
        .groupBy('status')
        .execute();
      const of = (status: string) => Number(rows.find((row) => row.status === status)?.n ?? 0);
      return { waiting: of('queued') + of('sending'), failed: of('failed') };
    },
  };
}

export type MailQueueRepo = ReturnType<typeof createMailQueueRepo>;

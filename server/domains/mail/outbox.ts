import type { Db } from '../../db/database.ts';

/** The newest outbox messages first; the outbox page lists them while no SMTP server is configured. */
export function createOutbox(db: Db) {
  return {
    async latest(limit = 50) {
      return db
        .selectFrom('outbox_messages')
        .select(['id', 'to_address', 'subject', 'text_body', 'created_at'])
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}

import type { Db } from '../../db/database.ts';

/** The newest outbox messages first; the outbox page lists them while no SMTP server is configured. */
export function createOutbox(db: Db) {
  return {
    async latest(limit = 50) {
      return db
        .selectFrom('outbox_messages')
        .select(['id', 'to_address', 'subject', 'text_body', 'headers', 'created_at'])
        .orderBy('id', 'desc')
        .limit(limit)
        .execute()
        .then((rows) =>
          rows.map(({ headers, ...message }) => ({
            ...message,
            headers: Object.entries(headers ? (JSON.parse(headers) as Record<string, string>) : {}),
          })),
        );
    },
  };
}

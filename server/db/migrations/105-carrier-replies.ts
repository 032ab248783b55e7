import type { Kysely, Migration } from 'kysely';

/**
 * Issue 55, the carrier's reply: one short plain-text reply of a claimed carrier's admin on each
 * rating or signal about it. The primary key is the subject, so a second reply on it is an edit.
 * A rating's key is its request id (never shown: pages and the API name a rating by a hash of it),
 * unique on its own, so the ratings' comments find their replies by kind and key; a signal's key is
 * its rule, found with its carrier's DOT number.
 */
export const carrierRepliesSchema: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('carrier_replies')
      .addColumn('dot_number', 'integer', (c) => c.notNull())
      .addColumn('subject_kind', 'text', (c) => c.notNull())
      .addColumn('subject_key', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('author_user_id', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('carrier_replies_pkey', ['subject_kind', 'subject_key', 'dot_number'])
      .execute();
  },
};

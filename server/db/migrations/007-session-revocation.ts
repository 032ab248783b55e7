import type { Kysely, Migration } from 'kysely';

/**
 * Sessions that end on the server (docs/decisions/023-session-revocation-proxies-and-image-budgets.md):
 * each user has a session version that tokens carry and that a change of e-mail, role or status
 * raises, and logged-out tokens are listed by id until they would have expired anyway.
 */
export const sessionRevocationSchema: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('users')
      .addColumn('session_version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('revoked_sessions')
      .addColumn('jti', 'text', (c) => c.primaryKey())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('revoked_sessions_expires_at')
      .on('revoked_sessions')
      .column('expires_at')
      .execute();
  },
};

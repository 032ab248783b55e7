import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The daily build of links and signals makes a due carrier's linked carriers due only when what they
 * see of it may have changed (docs/decisions/155): its L&I or out-of-service facts, or its USDOT
 * status. A census write of a fleet or a filing date does neither.
 * - `signals_due.linked`: 1 when the carrier's linked carriers are due with it (the default: a writer
 *   that does not know is taken to have changed it).
 * - `signals_inactive`: the carriers the last build saw inactive, which a census write is compared
 *   with; filled from the census as it stands, which is what the stored signals were built on.
 */
export const linkedStatusChangesSchema: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('signals_due')
      .addColumn('linked', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .createTable('signals_inactive')
      .addColumn('dot_number', 'integer', (c) => c.primaryKey())
      .execute();
    await sql`INSERT INTO signals_inactive (dot_number)
      SELECT dot_number FROM companies WHERE status_code = 'I'`.execute(db);
  },
};

import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Issue 52, first L&I load speed: a history event's key starts with its carrier's DOT number
 * (server/domains/history/repo.ts historyEventKey), so the unique index takes an import's events, which
 * come carrier after carrier, near each other instead of at random places of an index larger than
 * the page cache (docs/decisions/107). The stored keys get the same prefix, so an event seen again
 * still meets its own key.
 */
export const historyEventKeysByCarrier: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`UPDATE record_history_events SET event_key = CAST(dot_number AS TEXT) || '.' || event_key`.execute(
      db,
    );
  },
};

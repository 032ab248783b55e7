import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Issue 52 (docs/decisions/099-filings-kept-per-filing.md):
 * - An insurance filing is keyed by docket, kind, policy number, insurer and effective day, so a
 *   replacement filed under the same policy number by another insurer is kept beside the filing it
 *   replaces; `ended_by` says how a filing left without lapsing (replaced, name change, transferred).
 * - An authority's status is kept per source (legacy L&I, Motus) with the day it describes
 *   (`status_on`), and AuthHist rows say their source: the newest state by date wins when read.
 * - `oos_orders`: carrier out-of-service orders, one row per carrier, day and reason.
 * - `li_calendar`: the last day the search flags were recomputed for dates that passed, and indexes
 *   on the dates that change a verdict without an import.
 */
export const filingsAndOutOfServiceOrdersSchema: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('li_insurance').addColumn('ended_by', 'text').execute();
    await sql`UPDATE li_insurance SET filing_key = docket || '|' || kind || '|' || coalesce(policy_number, '')
      || '|' || upper(coalesce(insurer, '')) || '|' || coalesce(effective_on, '')`.execute(db);

    await db.schema.alterTable('li_authorities').addColumn('source', 'text').execute();
    await db.schema.alterTable('li_authorities').addColumn('status_on', 'text').execute();
    // Only Motus rows carry the authority's published description; legacy ones are frozen since 2026-05-14.
    await sql`UPDATE li_authorities SET
      source = CASE WHEN description IS NULL THEN 'legacy' ELSE 'motus' END,
      status_on = CASE WHEN description IS NULL AND substr(updated_at, 1, 10) > '2026-05-14' THEN '2026-05-14'
        ELSE substr(updated_at, 1, 10) END`.execute(db);
    await sql`UPDATE li_authorities SET authority_key = authority_key || '|' || source`.execute(db);

    await db.schema.alterTable('li_authority_events').addColumn('source', 'text').execute();
    // Motus AuthHist rows carry the status after the change and no final day.
    await sql`UPDATE li_authority_events SET source = CASE
      WHEN final_on IS NULL AND final_action IN ('ACTIVE', 'INACTIVE', 'PENDING', 'WITHDRAWN') THEN 'motus'
      ELSE 'legacy' END`.execute(db);

    await db.schema
      .createTable('oos_orders')
      .addColumn('order_key', 'text', (c) => c.primaryKey())
      .addColumn('dot_number', 'integer', (c) => c.notNull())
      .addColumn('ordered_on', 'text')
      .addColumn('reason', 'text')
      .addColumn('status', 'text')
      .addColumn('rescinded_on', 'text')
      .addColumn('legal_name', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('oos_orders_dot').on('oos_orders').column('dot_number').execute();

    await db.schema
      .createTable('li_calendar')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('through_on', 'text', (c) => c.notNull())
      .execute();
    for (const [table, column] of [
      ['li_insurance', 'effective_on'],
      ['li_insurance', 'cancellation_effective_on'],
      ['li_revocations', 'effective_on'],
      ['li_authority_events', 'action_on'],
      ['oos_orders', 'ordered_on'],
      ['oos_orders', 'rescinded_on'],
    ] as const) {
      await db.schema.createIndex(`${table}_${column}`).on(table).column(column).execute();
    }
  },
};

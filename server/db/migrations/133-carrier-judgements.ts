import type { Kysely, Migration } from 'kysely';

/**
 * Issue 54, the watchlist page's first view (docs/decisions/175): each carrier's judgement as the
 * last import left it, so the page reads one row a carrier instead of its L&I record.
 * - `carrier_judgements`: the verdict's headline and level before risk signals, the insurance in
 *   force, the census facts it was judged with (`census_facts`), the day it was judged for and the
 *   first later day a stored date of its record falls on (`holds_until`, null for none).
 * - `carrier_judgements_state`: how far the judging of census changes got ('census': the companies
 *   rows written up to `through_at` are judged). No row: no carrier was judged yet, and the next
 *   import judges every carrier (a store upgraded to this migration gets its rows then).
 */
export const carrierJudgementsSchema: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('carrier_judgements')
      .addColumn('dot_number', 'integer', (c) => c.primaryKey())
      .addColumn('census_facts', 'text', (c) => c.notNull())
      .addColumn('headline', 'text', (c) => c.notNull())
      .addColumn('level', 'text', (c) => c.notNull())
      .addColumn('insurance', 'text', (c) => c.notNull())
      .addColumn('judged_on', 'text', (c) => c.notNull())
      .addColumn('holds_until', 'text')
      .execute();
    await db.schema
      .createTable('carrier_judgements_state')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('through_at', 'text', (c) => c.notNull())
      .execute();
  },
};

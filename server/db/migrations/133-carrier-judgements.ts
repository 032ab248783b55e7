import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../migrate.ts';

/**
 * Issue 54, the watchlist page's first view (docs/decisions/175): each carrier's judgement as the
 * last import left it, so the page reads one row a carrier instead of its L&I record.
 * - `carrier_judgements`: the verdict's headline and level before risk signals, the insurance in
 *   force, the census facts it was judged with (`census_facts`), the day it was judged for and the
 *   first later day a stored date of its record falls on (`holds_until`, null for none).
 * - `carrier_judgements_state`: how far the judging of census changes got ('census': the companies
 *   rows written up to `through_at` are judged). No row: no carrier was judged yet, and the next
 *   import judges every carrier (a store upgraded to this migration gets its rows then).
 * - `li_carriers_due`: carriers whose judgement and search flags are due because an L&I row gave
 *   a docket they held to another DOT number; a trigger on `li_dockets` notes them as the row
 *   changes, so no importer reads the stored rows to find them (the flags refresh, which finds a
 *   docket's carriers by its rows as they now are, would miss them).
 */
export function carrierJudgementsSchema(dialect: Dialect): Migration {
  return {
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
      await db.schema
        .createTable('li_carriers_due')
        .addColumn('dot_number', 'integer', (c) => c.primaryKey())
        .execute();
      if (dialect === 'sqlite') {
        await sql`CREATE TRIGGER li_dockets_holder_changed AFTER UPDATE OF dot_number ON li_dockets
        WHEN OLD.dot_number IS NOT NULL AND NEW.dot_number IS NOT OLD.dot_number
        BEGIN INSERT OR IGNORE INTO li_carriers_due (dot_number) VALUES (OLD.dot_number); END`.execute(db);
      } else {
        await sql`CREATE FUNCTION li_dockets_holder_changed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO li_carriers_due (dot_number) VALUES (OLD.dot_number) ON CONFLICT DO NOTHING;
          RETURN NULL;
        END $$`.execute(db);
        await sql`CREATE TRIGGER li_dockets_holder_changed AFTER UPDATE OF dot_number ON li_dockets
        FOR EACH ROW WHEN (OLD.dot_number IS NOT NULL AND OLD.dot_number IS DISTINCT FROM NEW.dot_number)
        EXECUTE FUNCTION li_dockets_holder_changed()`.execute(db);
      }
    },
  };
}

import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../migrate.ts';

/**
 * PostgreSQL: search_postings goes back to autovacuum's default thresholds. Migration 036 asked for
 * a vacuum after 2% of its rows changed so that a refresh's rewritten postings would not stay off
 * the visibility map for a month; since decision 073 the import vacuums the tables it wrote at the
 * end of each file, and nothing else writes postings between imports. At 2% autovacuum started
 * mid-census, beside the import's writes, on the table and its 3.5 GB index, which the import's own
 * VACUUM then read again (docs/decisions/080-postgres-postings-default-autovacuum.md).
 */
export function postgresPostingsDefaultAutovacuumSchema(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`ALTER TABLE search_postings RESET (autovacuum_vacuum_scale_factor,
        autovacuum_vacuum_insert_scale_factor)`.execute(db);
    },
  };
}

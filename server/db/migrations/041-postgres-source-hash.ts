import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../migrate.ts';

/**
 * PostgreSQL: companies.source_hash, the hash of the census record a row was last written from,
 * which SQLite has had since migration 025. The importer now passes over the records whose hash the
 * store holds before mapping them, on both dialects
 * (docs/decisions/084-census-records-passed-over-by-their-text.md). Rows start without one: the first
 * census imported afterwards writes every carrier's hash once (without marking it changed).
 * A nullable column without a default: PostgreSQL adds it without rewriting the table.
 */
export function postgresSourceHashSchema(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`ALTER TABLE companies ADD COLUMN source_hash bigint`.execute(db);
    },
  };
}

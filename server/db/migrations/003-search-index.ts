import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../migrate.ts';

/**
 * The full-text index of carriers (docs/decisions/009-search-index.md). SQLite: a contentless FTS5
 * table keyed by company id, written by the search index module whenever companies change.
 * PostgreSQL: a generated tsvector column with a GIN index, kept current by the database itself.
 */
export function searchIndexSchema(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'sqlite') {
        await sql`
          CREATE VIRTUAL TABLE companies_fts USING fts5(
            name, dba_name, place, web, facets,
            content = '', contentless_delete = 1,
            prefix = '2 3 4',
            tokenize = 'unicode61 remove_diacritics 2'
          )`.execute(db);
        return;
      }
      await sql`
        ALTER TABLE companies ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('simple', coalesce(name, '')), 'A') ||
          setweight(to_tsvector('simple', coalesce(dba_name, '')), 'B') ||
          setweight(to_tsvector('simple', coalesce(phy_city, '') || ' ' || coalesce(phy_state, '')), 'C') ||
          setweight(to_tsvector('simple', translate(split_part(coalesce(email, ''), '@', 2), '.-', '  ')), 'C')
        ) STORED`.execute(db);
      await sql`CREATE INDEX companies_search_vector ON companies USING gin (search_vector)`.execute(db);
    },
  };
}

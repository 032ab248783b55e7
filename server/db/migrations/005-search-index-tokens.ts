import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../migrate.ts';

/**
 * SQLite's full-text table again, in a cheaper shape (docs/decisions/019-faster-census-import.md):
 * prefix indexes for two and three letters only (longer prefixes read the few terms they cover),
 * and '_' kept inside tokens, so facet tokens ('_statetx') never share a prefix with typed words.
 * PostgreSQL's search column is unchanged. The new table is filled from the companies table by
 * 009-web-domain.ts, which always runs after this one: the index's rows read a column that
 * migration adds, so they cannot be written here.
 */
export function searchIndexTokensSchema(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'sqlite') return;
      await sql`DROP TABLE companies_fts`.execute(db);
      await sql`
        CREATE VIRTUAL TABLE companies_fts USING fts5(
          name, dba_name, place, web, facets,
          content = '', contentless_delete = 1,
          prefix = '2 3',
          tokenize = "unicode61 remove_diacritics 2 tokenchars '_'"
        )`.execute(db);
    },
  };
}

import { sql, type Kysely, type Migration } from 'kysely';
import { rebuildSearchIndex } from '../../domains/search/search-index.ts';
import type { Dialect } from '../migrate.ts';

/**
 * SQLite's full-text table again, in a cheaper shape (docs/decisions/019-faster-census-import.md):
 * prefix indexes for two and three letters only (longer prefixes read the few terms they cover),
 * and '_' kept inside tokens, so facet tokens ('_statetx') never share a prefix with typed words.
 * The index is rebuilt from the companies table. PostgreSQL's search column is unchanged.
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
      await rebuildSearchIndex(db);
    },
  };
}

import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../migrate.ts';
import { searchRowsWith } from './021-rank-key.ts';
import { writeSearchTerms } from './023-search-terms.ts';

/**
 * SQLite: the full-text index written again with a marker token, '_z', after each legal and DBA
 * name (docs/decisions/049-search-terms.md), so "the name is exactly these words" is one phrase
 * query (^"twin oaks _z") instead of reading the row of every name that starts with them (5,000
 * 'TWIN OAKS ...' carriers in a million). The rank keys do not change; search_terms is written
 * again with the index. One transaction: a store opened meanwhile searches the old index.
 *
 * Frozen: the rows are 021's (searchRowsWith) with the marker, as search-index.ts writes them now.
 */
export function nameEndMarkerSchema(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'sqlite') return;
      await db.transaction().execute(async (trx) => {
        await sql`INSERT INTO companies_fts (companies_fts) VALUES ('delete-all')`.execute(trx);
        await sql`INSERT INTO companies_fts (rowid, name, dba_name, place, web, facets) ${searchRowsWith(
          sql`name || ' _z'`,
          sql`CASE WHEN coalesce(dba_name, '') = '' THEN '' ELSE dba_name || ' _z' END`,
        )}`.execute(trx);
        await writeSearchTerms(trx);
      });
      await sql`INSERT INTO companies_fts (companies_fts) VALUES ('optimize')`.execute(db);
    },
  };
}

import { sql, type Kysely, type Migration, type RawBuilder } from 'kysely';
import type { Dialect } from '../migrate.ts';
import { searchRowsWith, SEPARATORS } from './021-rank-key.ts';
import { writeSearchTerms } from './023-search-terms.ts';
import { nameTokens as exactNameTokens } from './028-exact-name-token.ts';
import { webTokens } from './030-web-domain-words.ts';

/**
 * SQLite: the full-text index written again with two more kinds of facet token
 * (docs/decisions/059-quarter-cells-and-lead-prefixes.md):
 * - each carrier's quarter-degree grid cell ('_gqn131w388'), so a circle of up to 60 miles counts
 *   most of its matches in the index instead of measuring every match in the 1-degree cells it
 *   touches;
 * - '_f' and the first two and three letters of a legal or DBA name's first word when it is longer
 *   ('_fpr', '_fpra' for 'PRAIRIE LINES LLC'), so "names that start with 'pr'" is one list instead
 *   of the merge of every lead token 'pr' starts.
 * search_terms is written again with the index. One transaction: a store opened meanwhile searches
 * the old index.
 *
 * Frozen: the rows are 021's (searchRowsWith) with 028's name tokens and these, 030's web tokens and
 * these cells, as search-index.ts writes them now.
 */
export function quarterCellsAndLeadPrefixesSchema(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'sqlite') return;
      await db.transaction().execute(async (trx) => {
        await sql`INSERT INTO companies_fts (companies_fts) VALUES ('delete-all')`.execute(trx);
        await sql`INSERT INTO companies_fts (rowid, name, dba_name, place, facets) ${searchRowsWith(
          sql`name`,
          sql`coalesce(dba_name, '')`,
          nameTokens,
          webTokens,
          [1, 4, 0.25],
        )}`.execute(trx);
        await writeSearchTerms(trx, { from: '_w', to: '_y' });
      });
      await sql`INSERT INTO companies_fts (companies_fts) VALUES ('optimize')`.execute(db);
    },
  };
}

/** 028's name tokens, and the lead prefixes of a printable ASCII name's first word (042 writes them too). */
export function nameTokens(column: RawBuilder<unknown>): RawBuilder<unknown> {
  const rest = sql`(ltrim(${column}, ${sql.lit(SEPARATORS)}) || ${sql.lit(SEPARATORS)})`;
  const leadPrefix = (letters: number) =>
    sql`CASE WHEN substr(${rest}, 1, ${sql.lit(letters + 1)}) GLOB ${sql.lit('[A-Za-z0-9]'.repeat(letters + 1))}
      THEN ' _f' || substr(${rest}, 1, ${sql.lit(letters)}) ELSE '' END`;
  return sql`${exactNameTokens(column)} || CASE WHEN coalesce(${column}, '') = '' OR ${column} GLOB '*[^ -~]*'
    THEN '' ELSE ${leadPrefix(2)} || ${leadPrefix(3)} END`;
}

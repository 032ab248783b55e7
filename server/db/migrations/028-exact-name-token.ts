import { sql, type Kysely, type Migration, type RawBuilder } from 'kysely';
import type { Dialect } from '../migrate.ts';
import { firstWord, searchRowsWith, SEPARATORS } from './021-rank-key.ts';
import { writeSearchTerms } from './023-search-terms.ts';

/**
 * SQLite: the full-text index written again with an exact-name token for each legal and DBA name,
 * '_x' and its words run together ('_xtwinoakstrucking'), in place of 024's end marker after each
 * name and the one-word names' '_e' token (docs/decisions/053-exact-name-token.md). "The name is
 * exactly these words" is then one short list instead of a phrase that reads the marker's positions
 * in every name: 54 ms for 'STEADY WHEEL TRUCKING LLC' at 4.4 million carriers. search_terms is
 * written again with the index, without the exact-name tokens. One transaction: a store opened
 * meanwhile searches the old index.
 *
 * Frozen: the rows are 021's (searchRowsWith) with these name tokens, as search-index.ts writes them now.
 */
export function exactNameTokenSchema(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'sqlite') return;
      await db.transaction().execute(async (trx) => {
        await sql`INSERT INTO companies_fts (companies_fts) VALUES ('delete-all')`.execute(trx);
        await sql`INSERT INTO companies_fts (rowid, name, dba_name, place, web, facets) ${searchRowsWith(
          sql`name`,
          sql`coalesce(dba_name, '')`,
          nameTokens,
        )}`.execute(trx);
        await writeSearchTerms(trx, { from: '_x', to: '_y' });
      });
      await sql`INSERT INTO companies_fts (companies_fts) VALUES ('optimize')`.execute(db);
    },
  };
}

/** The names' facet tokens from this migration on (030 writes them again). */
export function nameTokens(column: RawBuilder<unknown>): RawBuilder<unknown> {
  const runTogether = [...SEPARATORS].reduce<RawBuilder<unknown>>(
    (text, character) => sql`replace(${text}, ${sql.lit(character)}, '')`,
    sql`lower(${column})`,
  );
  return sql`CASE WHEN coalesce(${column}, '') = '' THEN ''
    WHEN ${column} GLOB '*[^ -~]*' THEN ' _fany'
    ELSE ' _f' || ${firstWord(column)} || coalesce(' _x' || nullif(${runTogether}, ''), '') END`;
}

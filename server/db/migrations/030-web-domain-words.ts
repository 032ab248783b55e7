import { sql, type Kysely, type Migration, type RawBuilder } from 'kysely';
import type { Dialect } from '../migrate.ts';
import { searchRowsWith, SEPARATORS } from './021-rank-key.ts';
import { writeSearchTerms } from './023-search-terms.ts';
import { nameTokens } from './028-exact-name-token.ts';
import { facetLexemes, writeSearchVector } from './029-postgres-search-facets.ts';

/**
 * A web domain's words are matched whole, as facet tokens: '_w' and each word ('_wacmefreight',
 * '_wlines', '_wcom' for 'acmefreight-lines.com'), instead of as words a typed prefix can start
 * (docs/decisions/057-web-domain-words-whole.md). Web domains run a carrier's name together
 * ('canyoncountrytrucking'), and those compounds filled the index's vocabulary: at 4.4 million
 * carriers 96 of the 98 terms 'canyon' starts were web domains, so the word was a prefix query over
 * every one of them, 22 ms for its count with a state.
 *
 * SQLite: the full-text table is made again without its web column, its rows written with the web
 * tokens, and search_terms written again without them (they sort next to the exact-name tokens,
 * '_x', which it leaves out already). One transaction: a store opened meanwhile searches the old
 * index. PostgreSQL: the search vector is 029's, with the web domain's words as '_w' lexemes instead
 * of words; the column is written again (a table rewrite and a new GIN index).
 *
 * Frozen: the rows and the vector are as search-index.ts and engine-postgres.ts use them now.
 */
export function webDomainWordsSchema(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') return postgresUp(db);
      await db.transaction().execute(async (trx) => {
        await sql`DROP TABLE companies_fts`.execute(trx);
        await sql`
          CREATE VIRTUAL TABLE companies_fts USING fts5(
            name, dba_name, place, facets,
            content = '', contentless_delete = 1,
            prefix = '2 3',
            tokenize = "unicode61 remove_diacritics 2 tokenchars '_'"
          )`.execute(trx);
        await sql`INSERT INTO companies_fts (rowid, name, dba_name, place, facets) ${searchRowsWith(
          sql`name`,
          sql`coalesce(dba_name, '')`,
          nameTokens,
          webTokens,
        )}`.execute(trx);
        await writeSearchTerms(trx, { from: '_w', to: '_y' });
      });
      await sql`INSERT INTO companies_fts (companies_fts) VALUES ('optimize')`.execute(db);
    },
  };
}

/** The web domain's words as facet tokens (031 writes them too). */
export function webTokens(column: RawBuilder<unknown>): RawBuilder<unknown> {
  const apart = [...SEPARATORS.replace(' ', '')].reduce<RawBuilder<unknown>>(
    (text, character) => sql`replace(${text}, ${sql.lit(character)}, ' ')`,
    column,
  );
  return sql`CASE WHEN coalesce(${column}, '') = '' THEN '' ELSE ' _w' || replace(${apart}, ' ', ' _w') END`;
}

async function postgresUp(db: Kysely<unknown>): Promise<void> {
  await writeSearchVector(db, searchVectorWithWebWords());
}

/**
 * The words a carrier is found by, as name_key's text: its name, DBA name, city and state (035 takes
 * the lead tokens of the same words).
 */
export function searchWordsKey(): RawBuilder<unknown> {
  return sql`name_key(name || ' ' || coalesce(dba_name, '') || ' ' || coalesce(phy_city, '') || ' ' ||
    coalesce(phy_state, ''))`;
}

/** PostgreSQL's search vector as this migration writes it (033 adds grid cells to it). */
export function searchVectorWithWebWords(): RawBuilder<unknown> {
  return sql`
    strip(to_tsvector('simple', ${searchWordsKey()})) ||
    ${facetLexemes()} ||
    array_to_tsvector(array_remove(
      string_to_array('_w' || replace(name_key(coalesce(web_domain, '')), ' ', ' _w'), ' '), '_w'))`;
}

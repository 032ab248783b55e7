import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../migrate.ts';
import { writeSearchVector } from './029-postgres-search-facets.ts';
import { searchWordsKey } from './030-web-domain-words.ts';
import { searchVectorWithCells } from './033-postgres-grid-cells.ts';

/**
 * PostgreSQL: the search vector also holds each carrier's lead tokens of 2 and 3 letters, so a typed
 * word of 2 or 3 letters is one list in the GIN index, which it intersects with a facet or a
 * circle's cells by skipping along the rarer list, instead of a prefix whose every lexeme's list GIN
 * merges in full first ('tr' ANDed with a quarter-degree cell of Dallas: 390 ms as 'tr:*', where
 * 'llc', a longer list, took 8.8 ms). The column is written again: a table rewrite and a new GIN index.
 *
 * Frozen: the vector is 033's with the lead tokens, as engine-postgres.ts queries them now.
 */
export function postgresLeadTokensSchema(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      // One lexeme per distinct start of 2 and 3 letters of the words of 030's searchWordsKey (letters,
      // digits and single spaces: the words the text parser makes of it), none for shorter words.
      // About 31 µs a carrier with its name_key; two regular expressions for each length took about 42.
      await sql`CREATE FUNCTION search_lead_tokens(words text) RETURNS tsvector
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
          SELECT coalesce(array_to_tsvector(array_agg(lead.token)), ''::tsvector)
          FROM unnest(string_to_array(words, ' ')) AS word,
            LATERAL (VALUES ('_l2' || left(word, 2), length(word) >= 2),
              ('_l3' || left(word, 3), length(word) >= 3)) AS lead(token, kept)
          WHERE lead.kept
        $$`.execute(db);
      await writeSearchVector(db, sql`${searchVectorWithCells()} || search_lead_tokens(${searchWordsKey()})`);
    },
  };
}

import { sql, type Kysely, type Migration, type RawBuilder } from 'kysely';
import type { Dialect } from '../migrate.ts';
import { cell } from './021-rank-key.ts';
import { writeSearchVector } from './029-postgres-search-facets.ts';
import { searchVectorWithWebWords } from './030-web-domain-words.ts';

/** The lengths of the typed words that are asked as one lead token (engine-postgres.ts wordQuery). */
export const LEAD_TOKEN_LENGTHS = [2, 3] as const;

/**
 * One lexeme per distinct start of `length` letters of the words of the name, DBA name, city and
 * state ('_l2tr', '_l3tra' for 'TRANSPORT'): the words the text parser makes of name_key's text,
 * which holds letters, digits and spaces only. Shorter words have none.
 */
function leadTokens(length: number): RawBuilder<unknown> {
  const words = sql`' ' || name_key(name || ' ' || coalesce(dba_name, '') || ' ' || coalesce(phy_city, '') || ' ' ||
    coalesce(phy_state, '')) || ' '`;
  const longEnough = sql`regexp_replace(${words}, ${sql.lit(`(?<= )[^ ]{1,${length - 1}}(?= )`)}, '', 'g')`;
  return sql`array_to_tsvector(array_remove(string_to_array(
    regexp_replace(${longEnough}, ${sql.lit(`([^ ]{${length}})[^ ]*`)}, ${sql.lit(`_l${length}\\1`)}, 'g'), ' '), ''))`;
}

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
      await writeSearchVector(
        db,
        sql`${searchVectorWithWebWords()} ||
          CASE WHEN latitude IS NOT NULL AND longitude IS NOT NULL
            THEN array_to_tsvector(ARRAY[${cell(4)}, ${cell(1)}, ${cell(0.25)}])
            ELSE ''::tsvector END ||
          ${sql.join(
            LEAD_TOKEN_LENGTHS.map((length) => leadTokens(length)),
            sql` || `,
          )}`,
      );
    },
  };
}

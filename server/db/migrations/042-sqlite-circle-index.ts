import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../migrate.ts';
import { FILTER_TOKENS, searchRowsWith } from './021-rank-key.ts';
import { writeSearchTerms } from './023-search-terms.ts';
import { webTokens } from './030-web-domain-words.ts';
import { nameTokens } from './031-quarter-cells-and-lead-prefixes.ts';

/**
 * SQLite: the circle index (docs/decisions/085-sqlite-circle-index.md), a second contentless FTS5
 * table of every carrier with a position, its words (name, DBA name and place) and the facets a
 * search asks beside them (state, roles, cargo and the web domain's words), whose rowid is the
 * carrier's quarter-degree cell, numbered row by row, above its DOT number; and the rowid each
 * carrier's row has, in search_index_keys beside its rank key. A circle's count reads it, so
 * companies_fts is written again without 031's quarter-degree cells, and search_terms with it. One
 * transaction: a store opened meanwhile searches the old index. PostgreSQL keeps its own grid cells
 * (migration 033).
 *
 * Frozen: the key and the rows are copies of server/domains/search/circle-index.ts (circleKeySql)
 * and search-index.ts (searchRows, circleRows) as of this migration.
 */
export function sqliteCircleIndexSchema(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'sqlite') return;
      const circleKey = sql`((cast(floor(latitude / 0.25) AS integer) + 360) * 1441
        + cast(floor(longitude / 0.25) AS integer) + 720) * 33554432 + dot_number`;
      await db.transaction().execute(async (trx) => {
        await sql`
          CREATE VIRTUAL TABLE companies_circle_fts USING fts5(
            words, facets,
            content = '', contentless_delete = 1,
            prefix = '2 3',
            tokenize = "unicode61 remove_diacritics 2 tokenchars '_'"
          )`.execute(trx);
        await sql`ALTER TABLE search_index_keys ADD COLUMN circle_key INTEGER`.execute(trx);
        await sql`INSERT INTO companies_fts (companies_fts) VALUES ('delete-all')`.execute(trx);
        await sql`INSERT INTO companies_fts (rowid, name, dba_name, place, facets) ${searchRowsWith(
          sql`name`,
          sql`coalesce(dba_name, '')`,
          nameTokens,
          webTokens,
          [1, 4],
        )}`.execute(trx);
        await sql`INSERT INTO companies_circle_fts (rowid, words, facets)
          SELECT ${circleKey},
            name || ' ' || coalesce(dba_name, '') || ' ' || coalesce(phy_city, '') || ' ' || coalesce(phy_state, ''),
            trim(${FILTER_TOKENS} || ${webTokens(sql`web_domain`)})
          FROM companies
          WHERE latitude IS NOT NULL AND longitude IS NOT NULL
          ORDER BY 1`.execute(trx);
        // Null for a carrier without a position: floor(NULL) is NULL.
        await sql`UPDATE search_index_keys SET circle_key = (
          SELECT ${circleKey} FROM companies WHERE companies.dot_number = search_index_keys.dot_number)`.execute(
          trx,
        );
        await writeSearchTerms(trx, { from: '_w', to: '_y' });
      });
      await sql`INSERT INTO companies_fts (companies_fts) VALUES ('optimize')`.execute(db);
      await sql`INSERT INTO companies_circle_fts (companies_circle_fts) VALUES ('optimize')`.execute(db);
    },
  };
}

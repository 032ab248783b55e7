import { sql, type Kysely, type Migration, type RawBuilder } from 'kysely';
import type { Dialect } from '../migrate.ts';
import { FILTER_TOKENS, searchRowsWith } from './021-rank-key.ts';
import { writeSearchVector } from './029-postgres-search-facets.ts';
import { searchWordsKey, webTokens } from './030-web-domain-words.ts';
import { nameTokens } from './031-quarter-cells-and-lead-prefixes.ts';
import { searchVectorWithCells } from './033-postgres-grid-cells.ts';

/**
 * The 'Hazmat carriers only' filter as a facet of both full-text indexes, '_hazmat' for a carrier
 * whose census HM flag is set (companies.hm_flag), so the filter intersects inside the index like the
 * state's and stays off the row (search/facets.ts).
 * - SQLite: only the hazmat carriers' rows change, so only theirs are written again, in the three
 *   FTS5 tables, under the rowids search_index_keys holds (one transaction).
 * - PostgreSQL: the search vector gets the lexeme: a table rewrite and a new GIN index, as 029 to 035.
 *   The postings hold words only and do not change.
 *
 * Frozen: the rows are 046's with the token, the vector 035's with the lexeme.
 */
export function hazmatFacetSchema(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'sqlite') await sqliteUp(db);
      else await writeSearchVector(db, postgresVector());
    },
  };
}

const HAZMAT = sql`hm_flag = 1`;

/** The web domain's tokens, then the hazmat token: every row written here is a hazmat carrier's. */
const webAndHazmatTokens = (column: RawBuilder<unknown>) => sql`${webTokens(column)} || ' _hazmat'`;

async function sqliteUp(db: Kysely<unknown>): Promise<void> {
  const keys = (column: string) =>
    sql`SELECT ${sql.ref(column)} FROM search_index_keys
      WHERE dot_number IN (SELECT dot_number FROM companies WHERE ${HAZMAT})`;
  const rows = (where: RawBuilder<unknown>) =>
    searchRowsWith(sql`name`, sql`coalesce(dba_name, '')`, nameTokens, webAndHazmatTokens, [1, 4], where);
  await db.transaction().execute(async (trx) => {
    await sql`DELETE FROM companies_fts WHERE rowid IN (${keys('rank_key')})`.execute(trx);
    await sql`DELETE FROM companies_broker_fts WHERE rowid IN (${keys('rank_key')})`.execute(trx);
    await sql`DELETE FROM companies_circle_fts WHERE rowid IN (${keys('circle_key')})`.execute(trx);
    await sql`INSERT INTO companies_fts (rowid, name, dba_name, place, facets) ${rows(HAZMAT)}`.execute(trx);
    await sql`INSERT INTO companies_broker_fts (rowid, name, dba_name, place, facets) ${rows(
      sql`${HAZMAT} AND ';' || coalesce(carship, '') || ';' LIKE '%;B;%'`,
    )}`.execute(trx);
    await sql`INSERT INTO companies_circle_fts (rowid, words, facets)
      SELECT circle_key,
        name || ' ' || coalesce(dba_name, '') || ' ' || coalesce(phy_city, '') || ' ' || coalesce(phy_state, ''),
        trim(${FILTER_TOKENS} || ${webAndHazmatTokens(sql`web_domain`)})
      FROM companies JOIN search_index_keys USING (dot_number)
      WHERE ${HAZMAT} AND circle_key IS NOT NULL
      ORDER BY 1`.execute(trx);
  });
  for (const table of ['companies_fts', 'companies_broker_fts', 'companies_circle_fts'])
    await sql`INSERT INTO ${sql.table(table)} (${sql.ref(table)}) VALUES ('optimize')`.execute(db);
}

function postgresVector(): RawBuilder<unknown> {
  return sql`${searchVectorWithCells()} || search_lead_tokens(${searchWordsKey()})
    || CASE WHEN ${HAZMAT} THEN array_to_tsvector(ARRAY['_hazmat']) ELSE ''::tsvector END`;
}

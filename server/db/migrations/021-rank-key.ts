import { sql, type Kysely, type Migration, type RawBuilder } from 'kysely';
import type { Dialect } from '../migrate.ts';

/**
 * The rank key (docs/decisions/045-rank-key.md): search reads its matches in the order of results
 * and stops at a page's end.
 *
 * SQLite: the full-text index is written again with each carrier's rank key as its rowid instead of
 * the company id and with the lead tokens of its names (the first word: '_facme'), and `search_index_keys` remembers the key each carrier's index row has (a
 * contentless FTS5 row is deleted by its rowid, which a changed name or fleet size no longer gives).
 * The rewrite is one transaction: a store opened meanwhile searches the old index.
 *
 * PostgreSQL: the same key as a stored generated column with a b-tree, which a broad search walks
 * in order.
 *
 * Frozen: the key and the index rows are copies of server/domains/search/rank-key.ts (rankKeySql) and
 * search-index.ts (searchRows) as of this migration, so the database layer imports no domain code.
 */
export function rankKeySchema(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'sqlite') {
        await sql`CREATE TABLE search_index_keys (
          dot_number INTEGER PRIMARY KEY, rank_key INTEGER NOT NULL)`.execute(db);
        await db.transaction().execute(async (trx) => {
          await sql`INSERT INTO companies_fts (companies_fts) VALUES ('delete-all')`.execute(trx);
          await sql`INSERT INTO companies_fts (rowid, name, dba_name, place, web, facets) ${SEARCH_ROWS}`.execute(
            trx,
          );
          await sql`INSERT INTO search_index_keys (dot_number, rank_key)
            SELECT dot_number, ${rankKey('sqlite')} FROM companies`.execute(trx);
        });
        await sql`INSERT INTO companies_fts (companies_fts) VALUES ('optimize')`.execute(db);
        return;
      }
      await sql`ALTER TABLE companies ADD COLUMN rank_key bigint GENERATED ALWAYS AS (${rankKey('postgres')}) STORED`.execute(
        db,
      );
      await sql`CREATE INDEX companies_rank_key ON companies (rank_key)`.execute(db);
    },
  };
}

function rankKey(dialect: Dialect): RawBuilder<unknown> {
  const greatest = (values: RawBuilder<unknown>[]) =>
    values.length === 1
      ? values[0]!
      : dialect === 'sqlite'
        ? sql`max(${sql.join(values)})`
        : sql`greatest(${sql.join(values)})`;
  const least = (values: RawBuilder<unknown>[]) =>
    dialect === 'sqlite' ? sql`min(${sql.join(values)})` : sql`least(${sql.join(values)})`;
  const fleet = sql`CASE WHEN power_units IS NULL THEN 1023
    WHEN power_units < 800 THEN 1022 - ${greatest([sql`power_units`, sql`0`])}
    ELSE 1022 - ${least([sql`1022`, sql`800 + (power_units - 800) / 50`])} END`;
  const code = (position: number) =>
    dialect === 'sqlite'
      ? sql`coalesce(unicode(substr(name, ${sql.lit(position)}, 1)), 0)`
      : sql`ascii(substr(name, ${sql.lit(position)}, 1))`;
  const codes = [1, 2, 3, 4].map(code);
  const character = (index: number) =>
    index === 0
      ? least([codes[0]!, sql`127`])
      : sql`CASE WHEN ${greatest(codes.slice(0, index))} >= 127 THEN 127 ELSE ${least([codes[index]!, sql`127`])} END`;
  const name = sql`(((${character(0)}) * 128 + (${character(1)})) * 128 + (${character(2)})) * 128 + (${character(3)})`;
  const big = dialect === 'postgres' ? sql`::bigint` : sql``;
  return sql`((${fleet})${big} * 9007199254740992 + (${name})${big} * 33554432 + dot_number)`;
}

/**
 * A carrier's cell token (031 adds quarter degrees, 'q': a '.' would end the token; 033 writes the
 * same tokens into PostgreSQL's search vector).
 */
export function cell(degrees: number): RawBuilder<unknown> {
  const size = sql.lit(degrees);
  const row = sql`cast(floor(latitude / ${size}) AS integer)`;
  const column = sql`cast(floor(longitude / ${size}) AS integer)`;
  return sql`('_g' || ${sql.lit(degrees === 0.25 ? 'q' : String(degrees))} || CASE WHEN ${row} >= 0 THEN 'n' ELSE 's' END || abs(${row})
    || CASE WHEN ${column} >= 0 THEN 'e' ELSE 'w' END || abs(${column}))`;
}

export const SEPARATORS = ' !"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

/** The first word of a printable ASCII name (028 uses it too). */
export function firstWord(column: RawBuilder<unknown>): RawBuilder<unknown> {
  const rest = sql`(ltrim(${column}, ${sql.lit(SEPARATORS)}) || ${sql.lit(SEPARATORS)})`;
  const firstSeparator = sql.join(
    [...SEPARATORS].map((character) => sql`instr(${rest}, ${sql.lit(character)})`),
  );
  return sql`substr(${rest}, 1, min(${firstSeparator}) - 1)`;
}

function lead(column: RawBuilder<unknown>): RawBuilder<unknown> {
  const separators = sql.lit(SEPARATORS);
  const first = firstWord(column);
  return sql`CASE WHEN coalesce(${column}, '') = '' THEN ''
    WHEN ${column} GLOB '*[^ -~]*' THEN ' _fany'
    WHEN length(${first}) = length(rtrim(ltrim(${column}, ${separators}), ${separators})) THEN ' _f' || ${first} || ' _e' || ${first}
    ELSE ' _f' || ${first} END`;
}

/** The tokens of the state, roles and cargo, with a leading space each (042 writes them too). */
export const FILTER_TOKENS = sql`
  CASE WHEN phy_state IS NOT NULL THEN ' _state' || lower(phy_state) ELSE '' END ||
  CASE WHEN ';' || coalesce(carship, '') || ';' LIKE '%;B;%' THEN ' _typebroker' ELSE '' END ||
  CASE WHEN ';' || coalesce(carship, '') || ';' NOT LIKE '%;C;%' THEN ' _typenoncarrier' ELSE '' END ||
  CASE WHEN ';' || coalesce(carship, '') || ';' NOT LIKE '%;C;%'
    AND ';' || coalesce(carship, '') || ';' NOT LIKE '%;B;%' THEN ' _typenone' ELSE '' END ||
  CASE WHEN coalesce(cargo_codes, '') <> '' THEN ' _cargo' || replace(lower(cargo_codes), ';', ' _cargo') ELSE '' END`;

/**
 * The index rows of every company, with the given name and DBA name columns (024 ends each name with
 * a marker) and the facet tokens each name adds (028 replaces the one-word names' '_e' token). With
 * `webTokens` (030), the web domain is facet tokens instead of a column of its own; `cellDegrees`
 * (031 adds a quarter degree) are the grid cells' sizes; `where` picks the companies (046: brokers).
 */
export const searchRowsWith = (
  name: RawBuilder<unknown>,
  dbaName: RawBuilder<unknown>,
  nameTokens: (column: RawBuilder<unknown>) => RawBuilder<unknown> = lead,
  webTokens?: (column: RawBuilder<unknown>) => RawBuilder<unknown>,
  cellDegrees: number[] = [1, 4],
  where: RawBuilder<unknown> = sql`1 = 1`,
) => sql`
  SELECT
    ${rankKey('sqlite')},
    ${name},
    ${dbaName},
    coalesce(phy_city, '') || ' ' || coalesce(phy_state, ''),
    ${webTokens ? sql`` : sql`coalesce(web_domain, ''),`}
    trim(
      ${FILTER_TOKENS} ||
      CASE WHEN latitude IS NOT NULL AND longitude IS NOT NULL THEN ${sql.join(
        cellDegrees.map((degrees) => sql`' ' || ${cell(degrees)}`),
        sql` || `,
      )} ELSE '' END ||
      ${nameTokens(sql`name`)} || ${nameTokens(sql`dba_name`)}${webTokens ? sql` || ${webTokens(sql`web_domain`)}` : sql``}
    )
  FROM companies
  WHERE ${where}
  ORDER BY 1`;

const SEARCH_ROWS = searchRowsWith(sql`name`, sql`coalesce(dba_name, '')`);

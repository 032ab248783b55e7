import { sql, type Kysely, type RawBuilder } from 'kysely';
import { isLargeChange } from '../../db/bulk-load.ts';
import type { Db } from '../../db/database.ts';
import type { Dialect } from '../../db/migrate.ts';
import { FILTER_TOKENS, IS_BROKER, WEB_LABEL } from './facets.ts';
import { CELL_DEGREES, cellLabel } from './geo.ts';
import { circleKeySql } from './circle-index.ts';
import { rankKeySql } from './rank-key.ts';

export interface SearchIndex {
  /** Indexes the companies changed since `since`, or since `after` (the last refresh) to catch a killed import's rows. */
  refreshSince(since: string, after?: string): Promise<void>;
}

/** geo.ts cellToken() in SQL, with a leading space. */
function cellSql(degrees: number) {
  // A literal: a bound JavaScript number is a REAL, which would print as '1.0'.
  const size = sql.lit(degrees);
  const row = sql`cast(floor(latitude / ${size}) AS integer)`;
  const column = sql`cast(floor(longitude / ${size}) AS integer)`;
  return sql`(' _g' || ${sql.lit(cellLabel(degrees))} || CASE WHEN ${row} >= 0 THEN 'n' ELSE 's' END || abs(${row})
    || CASE WHEN ${column} >= 0 THEN 'e' ELSE 'w' END || abs(${column}))`;
}

/** Every printable ASCII character but letters and digits: where name_key (core/search-words.ts) splits words. */
export const ASCII_SEPARATORS = ' !"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

/** The exact-name token's prefix; typed words never contain '_', so only the exact name matches it. */
export const EXACT_NAME = '_x';

/** The first string after every string that starts with `prefix`: a range's end. */
export function prefixEnd(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}

/** Each separator of a printable ASCII text replaced by `by`. */
function replaceSeparators(text: RawBuilder<unknown>, separators: string, by: string) {
  return [...separators].reduce<RawBuilder<unknown>>(
    (replaced, character) => sql`replace(${replaced}, ${sql.lit(character)}, ${sql.lit(by)})`,
    text,
  );
}

/** The web domain's words as WEB_LABEL tokens, with a leading space (separators first, the label's '_' being one). */
function webLabels(column: RawBuilder<unknown>) {
  const apart = replaceSeparators(column, ASCII_SEPARATORS.replace(' ', ''), ' ');
  return sql`CASE WHEN coalesce(${column}, '') = '' THEN ''
    ELSE ' ${sql.raw(WEB_LABEL)}' || replace(${apart}, ' ', ' ${sql.raw(WEB_LABEL)}') END`;
}

/**
 * A name's tokens, a short list for each name rank: '_f' and the first word, its first 2 and 3 letters ('_facme',
 * '_fac', '_facm'), '_x' and the words run together ('_xacmetruckingllc'); '_fany' if SQL cannot split it.
 */
function nameTokens(column: RawBuilder<unknown>) {
  const separators = sql.lit(ASCII_SEPARATORS);
  const rest = sql`(ltrim(${column}, ${separators}) || ${separators})`;
  const firstSeparator = sql.join(
    [...ASCII_SEPARATORS].map((character) => sql`instr(${rest}, ${sql.lit(character)})`),
  );
  const first = sql`substr(${rest}, 1, min(${firstSeparator}) - 1)`;
  // The first word is longer than n letters when its first n + 1 characters are letters or digits.
  const leadPrefix = (letters: number) =>
    sql`CASE WHEN substr(${rest}, 1, ${sql.lit(letters + 1)}) GLOB ${sql.lit('[A-Za-z0-9]'.repeat(letters + 1))}
      THEN ' _f' || substr(${rest}, 1, ${sql.lit(letters)}) ELSE '' END`;
  const runTogether = replaceSeparators(sql`lower(${column})`, ASCII_SEPARATORS, '');
  return sql`CASE WHEN coalesce(${column}, '') = '' THEN ''
    WHEN ${column} GLOB '*[^ -~]*' THEN ' _fany'
    ELSE ' _f' || ${first} || ${leadPrefix(2)} || ${leadPrefix(3)} || coalesce(' ${sql.raw(EXACT_NAME)}' || nullif(${runTogether}, ''), '') END`;
}

/**
 * The rows of companies_fts and companies_broker_fts: rowid the rank key, facets the filter, coarse cell, name
 * and web tokens. In rowid order: FTS5 starts a new segment whenever a rowid is not above the last one.
 */
function searchRows(where: RawBuilder<unknown>) {
  const cells = CELL_DEGREES.filter((degrees) => degrees >= 1).map(cellSql);
  return sql`
    SELECT ${rankKeySql('sqlite')}, name, coalesce(dba_name, ''), coalesce(phy_city, '') || ' ' || coalesce(phy_state, ''),
      trim(${FILTER_TOKENS} || CASE WHEN latitude IS NOT NULL AND longitude IS NOT NULL
        THEN ${sql.join(cells, sql` || `)} ELSE '' END ||
        ${nameTokens(sql`name`)} || ${nameTokens(sql`dba_name`)} || ${webLabels(sql`web_domain`)})
    FROM companies WHERE ${where} ORDER BY 1`;
}

/** The rows of the circle index (circle-index.ts), in rowid order: words and the facets searches ask of it. */
function circleRows(where: RawBuilder<unknown>) {
  return sql`
    SELECT ${circleKeySql()},
      name || ' ' || coalesce(dba_name, '') || ' ' || coalesce(phy_city, '') || ' ' || coalesce(phy_state, ''),
      trim(${FILTER_TOKENS} || ${webLabels(sql`web_domain`)})
    FROM companies WHERE (${where}) AND latitude IS NOT NULL AND longitude IS NOT NULL ORDER BY 1`;
}

/** Each FTS5 table of the index, with the search_index_keys column that holds its rowids. */
const ROWID_KEYS = {
  companies_fts: 'rank_key',
  companies_circle_fts: 'circle_key',
  companies_broker_fts: 'rank_key',
};
const SEARCH_INDEX_FTS_TABLES = Object.keys(ROWID_KEYS);

/** Adds the index rows of the companies `where` picks, which the indexes do not hold yet. */
const addSearchRows = (where: RawBuilder<unknown>) => [
  sql`INSERT INTO companies_fts (rowid, name, dba_name, place, facets) ${searchRows(where)}`,
  sql`INSERT INTO companies_circle_fts (rowid, words, facets) ${circleRows(where)}`,
  sql`INSERT INTO companies_broker_fts (rowid, name, dba_name, place, facets) ${searchRows(sql`(${where}) AND ${IS_BROKER}`)}`,
  // A contentless row is deleted by its rowid, which a changed name, fleet or position no longer tells.
  sql`INSERT OR REPLACE INTO search_index_keys (dot_number, rank_key, circle_key)
    SELECT dot_number, ${rankKeySql('sqlite')}, ${circleKeySql()} FROM companies WHERE ${where}`,
];

/** Writes again the index rows of the companies `where` picks (`dots` selects their DOT numbers). */
const replaceSearchRows = (where: RawBuilder<unknown>, dots: RawBuilder<unknown>) => [
  ...Object.entries(ROWID_KEYS).map(
    ([table, key]) => sql`DELETE FROM ${sql.raw(table)} WHERE rowid IN (
      SELECT ${sql.raw(key)} FROM search_index_keys WHERE dot_number IN (${dots}))`,
  ),
  ...addSearchRows(where),
];

/** Merges each index's segments into one b-tree per term; before WRITE_TERMS, which then reads faster. */
const OPTIMIZE = SEARCH_INDEX_FTS_TABLES.map(
  (table) => sql`INSERT INTO ${sql.table(table)} (${sql.ref(table)}) VALUES ('optimize')`,
);

/** search_terms from the index, in the transaction that changed it, so no word expands into another version's terms. */
const WRITE_TERMS = [
  sql`CREATE VIRTUAL TABLE IF NOT EXISTS temp.companies_fts_terms USING fts5vocab(main, companies_fts, 'row')`,
  sql`DELETE FROM search_terms`,
  // Not the web-label and exact-name tokens ('_w', '_x'), which are matched whole, never expanded.
  sql`INSERT INTO search_terms (term, carriers)
    SELECT term, doc FROM temp.companies_fts_terms WHERE term < ${sql.lit(WEB_LABEL)}
    UNION ALL SELECT term, doc FROM temp.companies_fts_terms WHERE term >= ${sql.lit(prefixEnd(EXACT_NAME))}`,
];

/** The statements as SQL text for the build worker: `addRows` takes ids in (?, ?], `replaceRows` a JSON array of DOTs. */
export function searchIndexStatements(db: Db) {
  const addRows = addSearchRows(sql`id > ${0} AND id <= ${0}`).map((query) => query.compile(db));
  const dots = sql`SELECT value FROM json_each(${'[]'})`;
  const replaceRows = replaceSearchRows(sql`dot_number IN (${dots})`, dots).map((query) => query.compile(db));
  // The worker binds only these parameters: everything else must be literals.
  if (
    addRows.some((query) => query.parameters.length !== 2) ||
    replaceRows.some((query) => query.parameters.length !== 1)
  ) {
    throw new Error('search index statements take other parameters than the build worker binds');
  }
  return {
    ftsTables: SEARCH_INDEX_FTS_TABLES,
    addRows: addRows.map((query) => query.sql),
    replaceRows: replaceRows.map((query) => query.sql),
    optimize: OPTIMIZE.map((query) => query.compile(db).sql),
    writeTerms: WRITE_TERMS.map((query) => query.compile(db).sql),
  };
}

/** Writes the whole index again in one transaction: readers and a killed import keep the old one. */
export async function rebuildSearchIndex<Schema>(db: Kysely<Schema>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const table of SEARCH_INDEX_FTS_TABLES)
      await sql`INSERT INTO ${sql.table(table)} (${sql.ref(table)}) VALUES ('delete-all')`.execute(trx);
    await sql`DELETE FROM search_index_keys`.execute(trx);
    for (const query of [...addSearchRows(sql`1 = 1`), ...OPTIMIZE, ...WRITE_TERMS]) await query.execute(trx);
  });
}

export function createSearchIndex(db: Db, dialect: Dialect): SearchIndex {
  return {
    async refreshSince(since, after) {
      // The tsvector is generated, but updated rows wait in the GIN pending list, which every search reads whole.
      if (dialect === 'postgres') {
        await sql`SELECT gin_clean_pending_list('companies_search_vector'::regclass)`.execute(db);
        return;
      }
      // One bound: `after` comes before `since` unless the clock went back.
      const changedSince =
        after !== undefined && after < since
          ? sql<boolean>`updated_at > ${after}`
          : sql<boolean>`updated_at >= ${since}`;
      const count = db.selectFrom('companies').select((eb) => eb.fn.countAll<number>().as('n'));
      const counted = async (query: typeof count) => Number((await query.executeTakeFirstOrThrow()).n);
      const [changed, all] = await Promise.all([counted(count.where(changedSince)), counted(count)]);
      if (changed === 0) return;
      // Most rows changed: rebuilding beats a delete and an insert per row.
      if (changed * 2 > all) return rebuildSearchIndex(db);
      await db.transaction().execute(async (trx) => {
        // 'optimize' rewrites the whole index; FTS5's automerge folds a day's small segments.
        const merge = isLargeChange(changed, all) ? OPTIMIZE : [];
        const changedDots = sql`SELECT dot_number FROM companies WHERE ${changedSince}`;
        for (const query of [...replaceSearchRows(changedSince, changedDots), ...merge, ...WRITE_TERMS])
          await query.execute(trx);
      });
    },
  };
}

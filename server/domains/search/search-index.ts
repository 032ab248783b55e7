import { sql, type Kysely, type RawBuilder } from 'kysely';
import { isLargeChange } from '../../db/bulk-load.ts';
import type { Db } from '../../db/database.ts';
import type { Dialect } from '../../db/migrate.ts';
import { FILTER_TOKENS, IS_BROKER, WEB_LABEL } from './facets.ts';
import { CELL_DEGREES, cellLabel } from './geo.ts';
import { circleKeySql } from './circle-index.ts';
import { rankKeySql } from './rank-key.ts';

export interface SearchIndex {
  /**
   * Brings the index up to date for every company changed at or after `since` (its updated_at), and
   * with `after` also for those changed after it: when the index was last brought up to date, so the
   * companies an import wrote before it was killed, ahead of its refresh, are indexed by the next.
   */
  refreshSince(since: string, after?: string): Promise<void>;
}

/** The geography cell token of geo.ts cellToken(), in SQL, with a leading space. */
function cellSql(degrees: number) {
  // A literal, not a parameter: a bound JavaScript number is a REAL, which would print as '1.0'.
  const size = sql.lit(degrees);
  const row = sql`cast(floor(latitude / ${size}) AS integer)`;
  const column = sql`cast(floor(longitude / ${size}) AS integer)`;
  return sql`(' _g' || ${sql.lit(cellLabel(degrees))} || CASE WHEN ${row} >= 0 THEN 'n' ELSE 's' END || abs(${row})
    || CASE WHEN ${column} >= 0 THEN 'e' ELSE 'w' END || abs(${column}))`;
}

/** Every printable ASCII character but letters and digits: where name_key (core/search-words.ts) splits words. */
export const ASCII_SEPARATORS = ' !"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

/** The exact-name token's prefix (nameTokens); typed words never contain '_', so no search matches it otherwise. */
export const EXACT_NAME = '_x';

/** The first string after every string that starts with `prefix` ('_x' gives '_y'): a range's end. */
export function prefixEnd(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}

/** A printable ASCII name's words in lower case, run together: 'ACME-TRUCKING, LLC' is 'acmetruckingllc'. */
function wordsRunTogether(column: RawBuilder<unknown>) {
  return [...ASCII_SEPARATORS].reduce<RawBuilder<unknown>>(
    (text, character) => sql`replace(${text}, ${sql.lit(character)}, '')`,
    sql`lower(${column})`,
  );
}

/**
 * The web-label tokens of the web domain, with a leading space: each word (where name_key splits)
 * after WEB_LABEL. The separators become spaces first, '_' among them, and only then the spaces the
 * label's prefix, which holds a '_' itself.
 */
function webLabels(column: RawBuilder<unknown>) {
  const apart = [...ASCII_SEPARATORS.replace(' ', '')].reduce<RawBuilder<unknown>>(
    (text, character) => sql`replace(${text}, ${sql.lit(character)}, ' ')`,
    column,
  );
  return sql`CASE WHEN coalesce(${column}, '') = '' THEN ''
    ELSE ' ${sql.raw(WEB_LABEL)}' || replace(${apart}, ' ', ' ${sql.raw(WEB_LABEL)}') END`;
}

/**
 * The facet tokens of a legal or DBA name, with a leading space (the tokenizer folds case and accents):
 * - the lead token, '_f' and the name's first word ('_facme' for 'ACME-TRUCKING, LLC'), so "names
 *   that start with the word" is a prefix query on one short list instead of an initial-token phrase,
 *   which reads the positions of every match (decision 045); and '_f' with the first two and three
 *   letters of a longer first word ('_fac', '_facm'), so a typed word of two or three letters finds
 *   the names that start with it in one list, not by merging the lists of every lead token it starts
 *   ('_fha' starts hundreds; decision 059);
 * - the exact-name token, '_x' and the name's words run together ('_xacmetruckingllc'), so "the name
 *   is exactly these words" is one short list (decision 053); names whose words differ only in where
 *   they split share it, and their rows are compared whole.
 * Names with anything but printable ASCII, whose words SQL cannot split as name_key
 * (core/search-words.ts) does, get '_fany' instead and are checked by the phrase.
 */
function nameTokens(column: RawBuilder<unknown>) {
  const separators = sql.lit(ASCII_SEPARATORS);
  const rest = sql`(ltrim(${column}, ${separators}) || ${separators})`;
  const firstSeparator = sql.join(
    [...ASCII_SEPARATORS].map((character) => sql`instr(${rest}, ${sql.lit(character)})`),
  );
  const first = sql`substr(${rest}, 1, min(${firstSeparator}) - 1)`;
  // Letters and digits are all of printable ASCII but the separators: the first word is longer
  // than n letters when the first n + 1 characters are all letters or digits.
  const leadPrefix = (letters: number) =>
    sql`CASE WHEN substr(${rest}, 1, ${sql.lit(letters + 1)}) GLOB ${sql.lit('[A-Za-z0-9]'.repeat(letters + 1))}
      THEN ' _f' || substr(${rest}, 1, ${sql.lit(letters)}) ELSE '' END`;
  return sql`CASE WHEN coalesce(${column}, '') = '' THEN ''
    WHEN ${column} GLOB '*[^ -~]*' THEN ' _fany'
    ELSE ' _f' || ${first} || ${leadPrefix(2)} || ${leadPrefix(3)} || coalesce(' ${sql.raw(EXACT_NAME)}' || nullif(${wordsRunTogether(column)}, ''), '') END`;
}

/**
 * The grid cells companies_fts names (geo.ts): those a page's walk through a circle reads. A circle's
 * count reads the circle index (circle-index.ts), which orders carriers by quarter-degree cell.
 */
const WALKED_CELL_DEGREES = CELL_DEGREES.filter((degrees) => degrees >= 1);

/**
 * SQLite: the rows of the contentless FTS5 table, selected from the companies `where` picks. The
 * rowid is the company's rank key (rank-key.ts), so FTS5 returns matches in the order of results.
 * Columns: name and DBA name, place (city and state) and facets: tokens for the filters
 * (facets.ts FILTER_TOKENS), geography cells, the names (nameTokens) and the web domain's words (webLabels;
 * web_domain is the FMCSA e-mail's domain unless a free-mail provider's, never the address; the
 * importer derives it, email-addresses.ts), so those filters intersect inside the index. Facet tokens
 * start with '_', which the table's tokenizer keeps inside a token and typed search words never
 * contain, so a word such as 'state' never reads a facet's posting list as a prefix. Rows come in
 * rowid order: FTS5 writes its pending terms out as a new segment whenever a rowid is not above the
 * last one, so rows in any other order would each make a segment of their own.
 */
function searchRows(where: RawBuilder<unknown>) {
  return sql`
    SELECT
      ${rankKeySql('sqlite')},
      name,
      coalesce(dba_name, ''),
      coalesce(phy_city, '') || ' ' || coalesce(phy_state, ''),
      trim(
        ${FILTER_TOKENS} ||
        CASE WHEN latitude IS NOT NULL AND longitude IS NOT NULL
          THEN ${sql.join(WALKED_CELL_DEGREES.map(cellSql), sql` || `)} ELSE '' END ||
        ${nameTokens(sql`name`)} || ${nameTokens(sql`dba_name`)} || ${webLabels(sql`web_domain`)}
      )
    FROM companies
    WHERE ${where}
    ORDER BY 1`;
}

/**
 * The rows of the circle index (circle-index.ts) of the companies `where` picks that have a
 * position, in rowid order: their words (name, DBA name and place) and the facets a search's words
 * and filters ask of it (FILTER_TOKENS and the web domain's words), as in companies_fts.
 */
function circleRows(where: RawBuilder<unknown>) {
  return sql`
    SELECT
      ${circleKeySql()},
      name || ' ' || coalesce(dba_name, '') || ' ' || coalesce(phy_city, '') || ' ' || coalesce(phy_state, ''),
      trim(${FILTER_TOKENS} || ${webLabels(sql`web_domain`)})
    FROM companies
    WHERE (${where}) AND latitude IS NOT NULL AND longitude IS NOT NULL
    ORDER BY 1`;
}

const FTS_COLUMNS = sql`companies_fts (rowid, name, dba_name, place, facets)`;
const CIRCLE_COLUMNS = sql`companies_circle_fts (rowid, words, facets)`;
const BROKER_COLUMNS = sql`companies_broker_fts (rowid, name, dba_name, place, facets)`;

/** The FTS5 tables of the search index, each written by the statements below. */
const SEARCH_INDEX_FTS_TABLES = ['companies_fts', 'companies_circle_fts', 'companies_broker_fts'];

/**
 * The rowids each carrier's index rows have (search_index_keys, migrations 021 and 042): a
 * contentless FTS5 row is deleted by its rowid, and once a name, fleet size or position changed the
 * row no longer tells it.
 */
const writeKeys = (where: RawBuilder<unknown>) =>
  sql`INSERT OR REPLACE INTO search_index_keys (dot_number, rank_key, circle_key)
    SELECT dot_number, ${rankKeySql('sqlite')}, ${circleKeySql()} FROM companies WHERE ${where}`;

/** Adds the index rows of the companies `where` picks, which the indexes do not hold yet (four statements). */
const addSearchRows = (where: RawBuilder<unknown>) => [
  sql`INSERT INTO ${FTS_COLUMNS} ${searchRows(where)}`,
  sql`INSERT INTO ${CIRCLE_COLUMNS} ${circleRows(where)}`,
  sql`INSERT INTO ${BROKER_COLUMNS} ${searchRows(sql`(${where}) AND ${IS_BROKER}`)}`,
  writeKeys(where),
];

/**
 * Writes the index rows of the companies `where` picks, deleting those the indexes hold for them
 * first (seven statements; `dots` selects their DOT numbers). A carrier that was no broker has no
 * row in the brokers' index to delete; deleting its rowid there changes nothing.
 */
const replaceSearchRows = (where: RawBuilder<unknown>, dots: RawBuilder<unknown>) => [
  sql`DELETE FROM companies_fts WHERE rowid IN (
    SELECT rank_key FROM search_index_keys WHERE dot_number IN (${dots}))`,
  sql`DELETE FROM companies_circle_fts WHERE rowid IN (
    SELECT circle_key FROM search_index_keys WHERE dot_number IN (${dots}))`,
  sql`DELETE FROM companies_broker_fts WHERE rowid IN (
    SELECT rank_key FROM search_index_keys WHERE dot_number IN (${dots}))`,
  ...addSearchRows(where),
];

/**
 * Merging each FTS5 index's segments, so queries read one b-tree per term instead of many: FTS5 merges
 * a term's lists from every segment entry by entry, which a wide circle's many lists pay at each
 * match. Run before WRITE_TERMS in the same transaction, which lists the terms faster from one segment.
 */
const OPTIMIZE = SEARCH_INDEX_FTS_TABLES.map(
  (table) => sql`INSERT INTO ${sql.table(table)} (${sql.ref(table)}) VALUES ('optimize')`,
);

/**
 * Writes search_terms again from the index (migration 023): every term it holds, with how many
 * carriers hold it. Run in the transaction that changed the index, so a search never expands a word
 * into terms of another version of it (engine-sqlite.ts). Reads every term's list once.
 */
const WRITE_TERMS = [
  sql`CREATE VIRTUAL TABLE IF NOT EXISTS temp.companies_fts_terms USING fts5vocab(main, companies_fts, 'row')`,
  sql`DELETE FROM search_terms`,
  // Not the web-label and exact-name tokens, which sort together ('_w', '_x'): matched whole, a
  // search never expands a word into them, and FTS5 reads the list around them by its term ranges.
  sql`INSERT INTO search_terms (term, carriers)
    SELECT term, doc FROM temp.companies_fts_terms WHERE term < ${sql.lit(WEB_LABEL)}
    UNION ALL SELECT term, doc FROM temp.companies_fts_terms WHERE term >= ${sql.lit(prefixEnd(EXACT_NAME))}`,
];

/**
 * The statements that fill the FTS5 tables (`ftsTables`) and their keys, as SQL text for a
 * connection Kysely does not drive (the importer's build worker, search-index-build-worker.mjs in
 * cli/import): `addRows` adds the rows of the companies with ids in (?, ?] to an index that has none
 * of them yet, `replaceRows` writes again the rows of the DOT numbers in the JSON array ?, `optimize`
 * merges the segments and `writeTerms` lists the index's terms.
 * Each of the first two is a list of statements run in turn with the same parameters.
 */
export function searchIndexStatements(db: Db): {
  ftsTables: string[];
  addRows: string[];
  replaceRows: string[];
  optimize: string[];
  writeTerms: string[];
} {
  const addRows = addSearchRows(sql`id > ${0} AND id <= ${0}`).map((query) => query.compile(db));
  const dots = sql`SELECT value FROM json_each(${'[]'})`;
  const replaceRows = replaceSearchRows(sql`dot_number IN (${dots})`, dots).map((query) => query.compile(db));
  // The parameters the worker binds must be the only ones: everything else is written as literals.
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

/**
 * Writes the whole FTS5 index again from the companies table (SQLite), optimised. The emptying and
 * the refill are one transaction: readers (the server, during a monthly refresh) keep searching last
 * month's index until the new one commits whole, never an empty or half-filled one, and an import
 * killed meanwhile leaves the old index.
 */
export async function rebuildSearchIndex<Schema>(db: Kysely<Schema>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const table of SEARCH_INDEX_FTS_TABLES)
      await sql`INSERT INTO ${sql.table(table)} (${sql.ref(table)}) VALUES ('delete-all')`.execute(trx);
    await sql`DELETE FROM search_index_keys`.execute(trx);
    for (const query of [...addSearchRows(sql`1 = 1`), ...OPTIMIZE]) await query.execute(trx);
    for (const query of WRITE_TERMS) await query.execute(trx);
  });
}

/** SQLite: the FTS5 table is written from the companies table whenever companies change. */
function sqliteSearchIndex(db: Db): SearchIndex {
  return {
    async refreshSince(since, after) {
      // One bound: `after` comes before `since` unless the clock went back.
      const changedSince =
        after !== undefined && after < since
          ? sql<boolean>`updated_at > ${after}`
          : sql<boolean>`updated_at >= ${since}`;
      const [changed, all] = await Promise.all([
        db
          .selectFrom('companies')
          .where(changedSince)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('companies')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      if (Number(changed.n) === 0) return;
      if (Number(changed.n) * 2 > Number(all.n)) {
        // Most rows changed (a full census load): rebuilding beats replacing row by row, which in a
        // contentless table means a delete and an insert each.
        await rebuildSearchIndex(db);
      } else {
        await db.transaction().execute(async (trx) => {
          const changedDots = sql`SELECT dot_number FROM companies WHERE ${changedSince}`;
          // 'optimize' rewrites the whole index; FTS5's automerge folds a day's small segments.
          const merge = isLargeChange(Number(changed.n), Number(all.n)) ? OPTIMIZE : [];
          for (const query of [...replaceSearchRows(changedSince, changedDots), ...merge])
            await query.execute(trx);
          for (const query of WRITE_TERMS) await query.execute(trx);
        });
      }
    },
  };
}

/**
 * PostgreSQL keeps its generated tsvector column current by itself, but the GIN index puts the
 * vectors of updated rows in its pending list, which every search then reads through in full, until
 * the list passes gin_pending_list_limit or a vacuum merges it, which a monthly refresh's changes
 * take long to reach. The import merges it as it ends.
 */
const postgresSearchIndex = (db: Db): SearchIndex => ({
  async refreshSince() {
    await sql`SELECT gin_clean_pending_list('companies_search_vector'::regclass)`.execute(db);
  },
});

export function createSearchIndex(db: Db, dialect: Dialect): SearchIndex {
  return dialect === 'sqlite' ? sqliteSearchIndex(db) : postgresSearchIndex(db);
}

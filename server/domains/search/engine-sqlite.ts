import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import {
  mergeExactFirst,
  pageOverGroups,
  type MatchGroup,
  type SearchEngine,
  type SearchFilters,
  type SearchHits,
} from './engine.ts';
import { radiusCellTokens } from './geo.ts';
import { significantWords } from './search-terms.ts';
import {
  authorityCondition,
  boundedCount,
  CITY_KEY,
  COUNT_BOUND,
  cityKey,
  exactNumberIds,
  fleetOrder,
  hasFilters,
  listByFilters,
  notIn,
  radiusCondition,
} from './sql-conditions.ts';

/**
 * A word as an FTS5 string: prefix search from two letters (the prefix indexes start at 2). Words
 * never contain '_', so they never match a facet token (search-index.ts).
 */
function ftsWord(word: string): string {
  return word.length >= 2 ? `"${word}"*` : `"${word}"`;
}

/** Radius searches up to this many miles narrow by grid cells inside the index. */
const CELL_FILTER_MAX_MILES = 100;

/**
 * The FTS5 query for words and facet filters. Words are letters and digits only (search-terms.ts)
 * and are quoted, so nothing the visitor typed is read as FTS5 syntax.
 */
export function ftsQuery(words: readonly string[], filters: SearchFilters): string | null {
  const parts = significantWords(words).map(ftsWord);
  if (filters.state) parts.push(`facets:"_state${filters.state.toLowerCase()}"`);
  if (filters.cargo?.length) {
    parts.push(`facets:(${filters.cargo.map((code) => `"_cargo${code.toLowerCase()}"`).join(' OR ')})`);
  }
  // A small circle narrows by its few grid cells inside the index; a large one touches so many
  // carriers that checking the text matches' distances row by row is cheaper.
  if (filters.radius && filters.radius.miles <= CELL_FILTER_MAX_MILES) {
    const { latitude, longitude, miles } = filters.radius;
    const cells = radiusCellTokens(latitude, longitude, miles).map((token) => `"${token}"`);
    parts.push(`facets:(${cells.join(' OR ')})`);
  }
  // Role facets record the exceptions (search-index.ts), so a role filter is often a NOT.
  const types = new Set(filters.types ?? []);
  let excluded: string | null = null;
  if (types.has('carrier') && types.has('broker')) excluded = '_typenone';
  else if (types.has('carrier')) excluded = '_typenoncarrier';
  else if (types.has('broker')) parts.push('facets:"_typebroker"');
  if (parts.length === 0) return null;
  const query = parts.join(' AND ');
  return excluded ? `(${query}) NOT facets:"${excluded}"` : query;
}

/**
 * FTS5 phrases for the name ranks of decision 039: a legal or DBA name that starts with all the
 * typed words (the last one as a prefix from two letters), and one whose first words are exactly them.
 */
function startsWithWords(words: readonly string[]): { starts: string; sameWords: string } {
  const phrase = `"${words.join(' ')}"`;
  const last = words[words.length - 1] ?? '';
  return {
    starts: `{name dba_name} : ^${phrase}${last.length >= 2 ? '*' : ''}`,
    sameWords: `{name dba_name} : ^${phrase}`,
  };
}

/** Every printable ASCII character but letters and digits: what name_key reads as a space. */
const ASCII_NON_ALNUM = ' !"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

/**
 * name_rank (core/search-words.ts) as SQL, one call into JavaScript a row costing about 5
 * microseconds, most of a small search's time. For one typed word and names of printable ASCII
 * (nearly every FMCSA name), SQL answers alone: name_key of such a name is its letters and digits,
 * lower case, so after the leading punctuation is trimmed the name starts with the word (LIKE ignores
 * ASCII case; a single letter must end there, as a whole word), and is exactly the word when nothing
 * but punctuation follows. Other names and several words go to name_rank.
 */
export function nameRankSql(words: readonly string[]): RawBuilder<unknown> {
  const key = words.join(' ');
  const word = words[0];
  if (words.length !== 1 || word === undefined) return sql`name_rank(c.name, c.dba_name, ${key})`;
  const trimmed = (column: RawBuilder<unknown>) => sql`ltrim(${column}, ${ASCII_NON_ALNUM})`;
  const after = (column: RawBuilder<unknown>) => sql`substr(${trimmed(column)}, ${word.length + 1})`;
  const starts = (column: RawBuilder<unknown>) =>
    word.length >= 2
      ? sql`${trimmed(column)} LIKE ${`${word}%`}`
      : sql`(${trimmed(column)} LIKE ${`${word}%`} AND (${after(column)} = '' OR ${after(column)} GLOB '[^a-zA-Z0-9]*'))`;
  const exact = (column: RawBuilder<unknown>) =>
    sql`(${trimmed(column)} LIKE ${`${word}%`} AND rtrim(${after(column)}, ${ASCII_NON_ALNUM}) = '')`;
  const name = sql`c.name`;
  const dba = sql`c.dba_name`;
  return sql`CASE
    WHEN ${name} GLOB '*[^ -~]*' OR ${dba} GLOB '*[^ -~]*' THEN name_rank(c.name, c.dba_name, ${key})
    WHEN ${exact(name)} OR ${exact(dba)} THEN 0
    WHEN ${starts(name)} OR ${starts(dba)} THEN 1 ELSE 2 END`;
}

export function createSqliteSearchEngine(db: Db): SearchEngine {
  const execute = async <T>(query: RawBuilder<T>) => (await query.execute(db)).rows;
  const ids = async (query: RawBuilder<{ id: number }>) => (await execute(query)).map((row) => row.id);

  async function textPage(
    match: string,
    words: readonly string[],
    filters: SearchFilters,
    offset: number,
    limit: number,
    excluded: number[],
  ): Promise<SearchHits> {
    // City, radius and the L&I flags are conditions on the company row; the other filters are FTS facets.
    const onRows = Boolean(filters.radius || filters.city || filters.authorizedOnly || filters.insuredOnly);
    const rowCondition = filters.city
      ? sql`${radiusCondition(filters)} AND ${authorityCondition(filters)} AND ${CITY_KEY} = ${cityKey(filters.city)}`
      : sql`${radiusCondition(filters)} AND ${authorityCondition(filters)}`;
    const { starts, sameWords } = startsWithWords(words);

    /** The companies an FTS5 expression matches, with the row filters, without `skip`. */
    const group = (expression: string, skip: number[]): MatchGroup => {
      const where = sql`companies_fts MATCH ${expression} AND ${notIn(sql`f.rowid`, skip)}`;
      // CROSS JOIN keeps the full-text index as the outer loop: it narrows, the row lookups follow.
      const withRows = sql`companies_fts f CROSS JOIN companies c ON c.id = f.rowid AND ${rowCondition}`;
      return {
        count: () =>
          boundedCount(
            execute,
            onRows
              ? sql`SELECT 1 FROM ${withRows} WHERE ${where}`
              : sql`SELECT 1 FROM companies_fts f WHERE ${where}`,
          ),
        sorted: (from, size) =>
          ids(sql<{ id: number }>`SELECT c.id FROM ${withRows} WHERE ${where}
            ORDER BY ${fleetOrder('sqlite')} LIMIT ${size} OFFSET ${from}`),
        // The members as a set (read once from the index), then companies_fleet in order; '+' keeps
        // SQLite from looking the set's rows up by id and sorting them instead. No INDEXED BY: while a
        // bulk load has the index suspended the query must still answer (by sorting).
        walked: (from, size) =>
          ids(sql<{ id: number }>`SELECT c.id FROM companies c
            WHERE +c.id IN (SELECT rowid FROM companies_fts WHERE companies_fts MATCH ${expression})
              AND ${rowCondition} AND ${notIn(sql`c.id`, skip)}
            ORDER BY ${fleetOrder('sqlite')} LIMIT ${size} OFFSET ${from}`),
      };
    };

    const all = group(match, excluded);
    const key = words.join(' ');
    // A city, radius or L&I flag on the row: every match's row must be read for the condition, so
    // one read both counts and ranks them (counting first, then ranking, read them twice). The name
    // ranks are two sets the FTS5 phrases find (a few names each, in a few milliseconds), cheaper
    // than a name_rank call for each of the tens of thousands of rows a wide circle holds. The
    // matches inside the condition are materialised once (SQLite spills a large set to its temporary
    // store); a page past the bound or past the end counts alone.
    if (onRows && limit > 0 && offset < COUNT_BOUND) {
      const phrase = (expression: string) =>
        sql`SELECT rowid FROM companies_fts WHERE companies_fts MATCH ${`(${match}) AND ${expression}`}`;
      const rows = await execute(sql<{ id: number; counted: number }>`
        WITH m AS MATERIALIZED (
          SELECT c.id, c.power_units, c.name, c.dot_number, CASE
            WHEN c.id IN (SELECT n.id FROM companies n WHERE n.id IN (${phrase(sameWords)})
              AND (name_key(n.name) = ${key} OR name_key(n.dba_name) = ${key})) THEN 0
            WHEN c.id IN (${phrase(starts)}) THEN 1 ELSE 2 END AS name_rank
          FROM companies_fts f CROSS JOIN companies c ON c.id = f.rowid AND ${rowCondition}
          WHERE companies_fts MATCH ${match} AND ${notIn(sql`f.rowid`, excluded)})
        SELECT c.id, (SELECT count(*) FROM m) AS counted FROM m AS c
        ORDER BY c.name_rank, ${fleetOrder('sqlite')} LIMIT ${limit} OFFSET ${offset}`);
      const counted = rows[0]?.counted;
      if (counted !== undefined) {
        const total = { total: Math.min(counted, COUNT_BOUND), totalExact: counted <= COUNT_BOUND };
        return { ids: rows.map((row) => row.id), ...total };
      }
    }
    const total = await all.count();
    if (limit === 0 || offset >= total.total || onRows) return { ids: [], ...total };
    /** One query over every match (with its row), in rank order; `rank` orders the name ranks. */
    const rankAll = (rank: RawBuilder<unknown>) =>
      ids(sql<{ id: number }>`
        SELECT c.id FROM companies_fts f CROSS JOIN companies c ON c.id = f.rowid AND ${rowCondition}
        WHERE companies_fts MATCH ${match} AND ${notIn(sql`f.rowid`, excluded)}
        ORDER BY ${rank}, ${fleetOrder('sqlite')} LIMIT ${limit} OFFSET ${offset}`);
    // Few matches: rank them all at once, one name_rank call a row (core/search-words.ts).
    if (total.totalExact) return { ids: await rankAll(nameRankSql(words)), ...total };
    // Many: the rank groups, each read in fleet order without sorting all of it.
    // Exact legal or DBA names: the few whose first words are the typed ones, checked whole.
    const exactNames = await ids(sql<{ id: number }>`
      SELECT c.id FROM companies_fts f CROSS JOIN companies c ON c.id = f.rowid AND ${rowCondition}
      WHERE companies_fts MATCH ${`(${match}) AND ${sameWords}`} AND ${notIn(sql`f.rowid`, excluded)}
        AND (name_key(c.name) = ${key} OR name_key(c.dba_name) = ${key})
      ORDER BY ${fleetOrder('sqlite')}`);
    return pageOverGroups(
      exactNames,
      [
        group(`(${match}) AND ${starts}`, [...excluded, ...exactNames]),
        group(`(${match}) NOT ${starts}`, excluded),
      ],
      total,
      offset,
      limit,
    );
  }

  return {
    async search(request) {
      const { terms, filters } = request;
      if (terms.words.length === 0 && !hasFilters(filters)) return { ids: [], total: 0, totalExact: true };
      const exact = terms.number ? await exactNumberIds(execute, 'sqlite', terms.number, filters) : [];
      // Words go through FTS5, with state, type and cargo as facets and city, radius and L&I flags on the row.
      const match = terms.words.length > 0 ? ftsQuery(terms.words, filters) : null;
      return mergeExactFirst(exact, request, (offset, limit, excluded) =>
        match
          ? textPage(match, terms.words, filters, offset, limit, excluded)
          : listByFilters(execute, 'sqlite', filters, offset, limit, excluded),
      );
    },
  };
}

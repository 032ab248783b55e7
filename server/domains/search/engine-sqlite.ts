/**
 * SQLite's search engine: the statements that count, rank and page a search's matches over
 * companies_fts and the companies rows. The FTS5 queries are sqlite-fts-query.ts's text.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import {
  mergeExactFirst,
  pageInKeyOrder,
  pageOverGroups,
  rankFew,
  type GroupPage,
  type KeyOrderedGroup,
  type RankedRow,
  type SearchEngine,
  type SearchFilters,
  type EngineTuning,
  type SearchHits,
} from './engine.ts';
import { brokersOnly } from './facets.ts';
import { ASCII_SEPARATORS } from './search-index.ts';
import { bucketRange, bucketSql, DOT_MASK } from './rank-key.ts';
import { circleKeyRuns, type CircleRuns } from './circle-index.ts';
import { prefixTerms, type PrefixTerms } from './prefix-terms.ts';
import { significantWords } from './search-terms.ts';
import {
  ftsQuery,
  LEAD_PREFIX_LETTERS,
  listsRead,
  startsWithWords,
  UNINDEXED_PREFIX_LENGTH,
  webWords,
  wordsMatch,
} from './sqlite-fts-query.ts';
import {
  boundedCount,
  boundedTotal,
  COUNT_BOUND,
  exactNumberIds,
  fleetOrder,
  hasFilters,
  listByFilters,
  notIn,
  RANKED_ROW_COLUMNS,
  rowFiltersSet,
  rowOnlyCondition,
} from './sql-conditions.ts';

/** Circles up to this radius touch a few grid cells (geo.ts), which narrow every read of a search. */
const SMALL_CIRCLE_MILES = 100;

/**
 * A legal or DBA name is exactly the typed words (name_key, a call into JavaScript). A printable
 * ASCII name must end with the last typed word first (LIKE ignores ASCII case), which most names
 * that only start with the words fail without the call.
 */
function isName(column: RawBuilder<unknown>, words: readonly string[]): RawBuilder<unknown> {
  const last = words[words.length - 1] ?? '';
  return sql`((${column} GLOB '*[^ -~]*' OR rtrim(${column}, ${sql.lit(ASCII_SEPARATORS)}) LIKE ${`%${last}`})
    AND name_key(${column}) = ${words.join(' ')})`;
}

/** The company of a full-text row: its DOT number is the rank key's low bits (rank-key.ts). */
const ROW_DOT = sql`(f.rowid & ${sql.lit(DOT_MASK)})`;

/** A bounded count of matches, with their DOT numbers when they are few (null otherwise). */
interface Counted {
  n: number;
  dots: number[] | null;
}

/** Where SQLite's engine changes strategy, beside the two both engines have. */
export interface SqliteTuning extends EngineTuning {
  /**
   * A radius search narrows by place inside an index when its words match more carriers than this
   * (its count in the circle index, its other reads by grid cells in companies_fts): each run of cells
   * costs a seek in every term's list, and each match an OR of cells, more than measuring a few
   * thousand rows.
   */
  cellsFromMatches: number;
  /**
   * What the circle index costs at each run of cells for each list the words read there (a seek in
   * it), in matches measured one by one. A circle around words with fewer matches than
   * cellsFromMatches is counted in the circle index too when its runs times lists times this is less
   * than its matches (docs/search.md section 8, circles).
   */
  circleRangeMatches: number;
}

/**
 * SQLite counts matches in its index without their rows, and ranks the few it reads whole in
 * JavaScript (rankFew), so its one pass stops at a few hundred.
 */
export const SQLITE_TUNING: SqliteTuning = {
  fewMatches: 500,
  cellsFromMatches: 10_000,
  circleRangeMatches: 14,
  mostPrefixTerms: 32,
};

export function createSqliteSearchEngine(
  db: Db,
  { fewMatches, cellsFromMatches, circleRangeMatches, mostPrefixTerms }: SqliteTuning,
): SearchEngine {
  const execute = async <T>(query: RawBuilder<T>) => (await query.execute(db)).rows;
  const ids = async (query: RawBuilder<{ id: number }>) => (await execute(query)).map((row) => row.id);

  async function textPage(
    withCells: string,
    withoutCells: string,
    words: readonly string[],
    termsOf: PrefixTerms,
    filters: SearchFilters,
    offset: number,
    limit: number,
    excluded: number[],
  ): Promise<SearchHits> {
    // A search for brokers alone reads the brokers' index (migration 046), whose words' lists hold
    // brokers only: in companies_fts they are intersected with the list of every broker, which costs
    // most where the words are common. Its rows and rowids are companies_fts's.
    const fts = sql.table(brokersOnly(filters) ? 'companies_broker_fts' : 'companies_fts');
    // Reads that stop early (a page, a few matches) narrow a small circle by its few cells; a wide
    // one's long OR of cells costs more per match than measuring the rows a page reads, most of
    // them inside it anyway, so they walk the words alone.
    const walked = filters.radius && filters.radius.miles > SMALL_CIRCLE_MILES ? withoutCells : withCells;
    // A circle is the only row condition: its test reads the index companies_dot_position (DOT
    // number, latitude, longitude; migration 027), not the rows.
    const onRowFilters = rowFiltersSet(filters);
    const circleOnly = onRowFilters.length === 1 && onRowFilters[0] === 'radius';
    // The circle's runs of quarter-degree cells, as ranges of the circle index's keys (countInCircle).
    const circleRanges = filters.radius ? circleKeyRuns(filters.radius) : null;
    // A count narrows a circle by its cells inside the index when the words match many carriers, or,
    // a circle alone, when its runs cost less there than measuring each match (circleRangeMatches).
    let match = withoutCells;
    if (circleRanges) {
      const [plain] = await execute(sql<{ n: number }>`SELECT count(*) AS n FROM (
        SELECT 1 FROM ${fts} WHERE ${fts} MATCH ${withoutCells} LIMIT ${cellsFromMatches + 1})`);
      const matches = plain?.n ?? 0;
      const runs = circleRanges.inside.length + circleRanges.edge.length;
      const rangeCost = circleOnly ? runs * listsRead(withoutCells) * circleRangeMatches : Infinity;
      if (matches > cellsFromMatches || rangeCost < matches) match = withCells;
    }
    // The filters of ROW_FILTERS are conditions on the company row; the others are FTS facets.
    const onRows = onRowFilters.length > 0;
    const rowCondition = rowOnlyCondition(filters);
    // CROSS JOIN keeps the full-text index as the outer loop: it gives the matches in rank-key order
    // (ORDER BY rowid is FTS5's own), and the row lookups follow only as far as LIMIT reads.
    const withRows = sql`${fts} f CROSS JOIN companies c ON c.dot_number = ${ROW_DOT} AND ${rowCondition}`;
    const { starts, sameWords } = startsWithWords(words, termsOf);
    // The name phrases hold every typed word, so they imply the words' condition: reads of the name
    // ranks need only the facets beside them, not the words' lists (a prefix such as "blue"* merges
    // every term it starts).
    const withFacets = (names: string) =>
      ftsQuery([names], walked === withCells ? filters : { ...filters, radius: undefined });

    /** One rank group (an FTS5 expression, without the companies `skip`), paged in fleet order. */
    const group =
      (expression: string, skip: number[]): GroupPage =>
      async (from, size) => {
        const where = sql`${fts} MATCH ${expression} AND ${notIn(sql`c.id`, skip)}`;
        const inKeyOrder: KeyOrderedGroup = {
          read: (limit, fromBucket) =>
            execute(sql<{ id: number; bucket: number }>`
              SELECT c.id, ${bucketSql(sql`f.rowid`)} AS bucket FROM ${withRows} WHERE ${where}
                AND ${fromBucket === null ? sql`1 = 1` : sql`f.rowid >= ${bucketRange('sqlite', fromBucket).start}`}
              ORDER BY f.rowid LIMIT ${limit}`),
          bucket: (bucket) => {
            const range = bucketRange('sqlite', bucket);
            return ids(sql<{ id: number }>`SELECT c.id FROM ${withRows}
              WHERE ${where} AND f.rowid >= ${range.start} AND f.rowid < ${range.end}`);
          },
          // The ids as one JSON list: a page deep in a group sorts a whole bucket of its members,
          // thousands for a common word, which bind faster as one parameter than as one each.
          sorted: (companies, offset, limit) =>
            ids(sql<{ id: number }>`SELECT c.id FROM json_each(${JSON.stringify(companies)}) listed
              CROSS JOIN companies c ON c.id = listed.value
              ORDER BY ${fleetOrder('sqlite')} LIMIT ${limit} OFFSET ${offset}`),
        };
        if (onRows || from === 0) return pageInKeyOrder(inKeyOrder, from, size);
        // Without a row condition the index alone says where member `from` is: skip to its bucket
        // without reading the rows before it.
        const skipDots = notIn(ROW_DOT, skip.length ? await dotNumbers(skip) : []);
        const inIndex = sql`${fts} f WHERE ${fts} MATCH ${expression} AND ${skipDots}`;
        const [at] = await execute(
          sql<{ bucket: number }>`SELECT ${bucketSql(sql`f.rowid`)} AS bucket FROM ${inIndex}
            ORDER BY f.rowid LIMIT 1 OFFSET ${from}`,
        );
        if (at === undefined) {
          const [counted] = await execute(sql<{ n: number }>`SELECT count(*) AS n FROM ${inIndex}`);
          return { ids: [], size: counted?.n ?? 0 };
        }
        const [counted] = await execute(
          sql<{ n: number }>`SELECT count(*) AS n FROM ${inIndex}
            AND f.rowid < ${bucketRange('sqlite', at.bucket).start}`,
        );
        return pageInKeyOrder(inKeyOrder, from, size, { bucket: at.bucket, before: counted?.n ?? 0 });
      };

    const excludedDots = notIn(ROW_DOT, excluded.length ? await dotNumbers(excluded) : []);
    const inIndex = (expression: string) =>
      sql`SELECT ${ROW_DOT} AS dot FROM ${fts} f WHERE ${fts} MATCH ${expression} AND ${excludedDots}`;
    // The matches that pass the row conditions: a circle alone is measured in companies_dot_position.
    const onRowsMatching = (expression: string) =>
      sql`SELECT c.dot_number AS dot FROM ${withRows}
        WHERE ${fts} MATCH ${expression} AND ${notIn(sql`c.id`, excluded)}`;
    const rankedFew = (few: RankedRow[]): SearchHits => ({
      ids: rankFew(few, words).slice(offset, offset + limit),
      total: few.length,
      totalExact: true,
    });
    /**
     * A circle around words with many matches, counted in the circle index (circle-index.ts): the
     * matches in the quarter-degree cells entirely inside it without their rows, only those in the
     * cells on its edge measured in companies_dot_position; each run of cells side by side in a row
     * a range of the index's rowids, which FTS5 seeks to. With the DOT numbers of all when there are
     * few.
     */
    const countInCircle = async ({ inside, edge }: CircleRuns): Promise<Counted> => {
      const inCells = (ranges: [number, number][]) => sql`json_each(${JSON.stringify(ranges)}) cells
        CROSS JOIN companies_circle_fts f`;
      const matching = sql`companies_circle_fts MATCH ${withoutCells}
        AND f.rowid >= cells.value ->> 0 AND f.rowid < cells.value ->> 1`;
      const none: Counted = { n: 0, dots: [] };
      const insideCount = inside.length
        ? await countMatches(
            sql`SELECT ${ROW_DOT} AS dot FROM ${inCells(inside)} WHERE ${matching} AND ${excludedDots}`,
            fewMatches,
          )
        : none;
      if (insideCount.n > COUNT_BOUND) return insideCount;
      const edgeCount = edge.length
        ? await countMatches(
            sql`SELECT c.dot_number AS dot FROM ${inCells(edge)}
              CROSS JOIN companies c ON c.dot_number = ${ROW_DOT} AND ${rowCondition}
              WHERE ${matching} AND ${notIn(sql`c.id`, excluded)}`,
            fewMatches,
            COUNT_BOUND + 1 - insideCount.n,
          )
        : none;
      const n = insideCount.n + edgeCount.n;
      return {
        n,
        dots:
          insideCount.dots && edgeCount.dots && n <= fewMatches
            ? [...insideCount.dots, ...edgeCount.dots]
            : null,
      };
    };
    let total: Pick<SearchHits, 'total' | 'totalExact'>;
    if (!onRows || circleOnly) {
      // The index counts the matches without reading the rows: the words and facets alone; a circle
      // around words with many matches in the circle index (countInCircle); a circle around words
      // with few by measuring each match in companies_dot_position, so only the rows of a few are read
      // (decision 059). The few are named by DOT number, so their rows are read without a second
      // evaluation of the full-text query (a prefix past the prefix indexes merges its terms' lists
      // at each).
      const counted = !circleRanges
        ? await countMatches(inIndex(match), fewMatches)
        : match === withCells
          ? await countInCircle(circleRanges)
          : await countMatches(onRowsMatching(walked), fewMatches);
      if (counted.dots) return rankedFew(await rowsOfDots(counted.dots, excluded));
      total = boundedTotal(counted.n);
    } else {
      // City or the L&I flags are tested on the company row: a few matches are read whole with their
      // rows at once and ranked here (one evaluation of the full-text query, which for several
      // prefixes costs more than reading a few hundred rows); a circle among them reads every match
      // of words with few at once, since each would be read anyway.
      const fewest =
        filters.radius && match === withoutCells ? Math.max(fewMatches, cellsFromMatches) : fewMatches;
      const few = await execute(sql<RankedRow>`
        SELECT ${RANKED_ROW_COLUMNS} FROM ${withRows}
        WHERE ${fts} MATCH ${walked} AND ${notIn(sql`c.id`, excluded)} LIMIT ${fewest + 1}`);
      if (few.length <= fewest) return rankedFew(few);
      total = await boundedCount(
        execute,
        sql`SELECT 1 FROM ${withRows} WHERE ${fts} MATCH ${match} AND ${notIn(sql`c.id`, excluded)}`,
      );
    }
    if (limit === 0 || offset >= total.total) return { ids: [], ...total };
    // Exact legal or DBA names: the few whose first words are the typed ones, checked whole.
    const exactNames = await ids(sql<{ id: number }>`
      SELECT c.id FROM ${withRows}
      WHERE ${fts} MATCH ${withFacets(sameWords)} AND ${notIn(sql`c.id`, excluded)}
        AND (${isName(sql`c.name`, words)} OR ${isName(sql`c.dba_name`, words)})
      ORDER BY ${fleetOrder('sqlite')}`);
    return pageOverGroups(
      exactNames,
      [group(withFacets(starts), [...excluded, ...exactNames]), group(`(${walked}) NOT ${starts}`, excluded)],
      total,
      offset,
      limit,
    );
  }

  /**
   * Counts the matches `matches` selects (their DOT numbers as `dot`) up to `bound`, in one
   * evaluation, with the DOT numbers of all of them when there are at most `few`.
   */
  async function countMatches(
    matches: RawBuilder<unknown>,
    few: number,
    bound = COUNT_BOUND + 1,
  ): Promise<Counted> {
    const [row] = await execute(sql<{ n: number; dots: string | null }>`
      WITH bounded AS MATERIALIZED (${matches} LIMIT ${bound})
      SELECT (SELECT count(*) FROM bounded) AS n,
        CASE WHEN (SELECT count(*) FROM bounded) <= ${few} THEN (SELECT json_group_array(dot) FROM bounded) END AS dots`);
    return { n: Number(row?.n ?? 0), dots: row?.dots ? (JSON.parse(row.dots) as number[]) : null };
  }

  /** The rows rankFew orders, of the companies with these DOT numbers. */
  function rowsOfDots(dots: number[], excluded: number[]): Promise<RankedRow[]> {
    return execute(sql<RankedRow>`SELECT ${RANKED_ROW_COLUMNS} FROM companies c
      WHERE c.dot_number IN (SELECT value FROM json_each(${JSON.stringify(dots)})) AND ${notIn(sql`c.id`, excluded)}`);
  }

  /** The DOT numbers of companies, to leave them out of a read of the index alone. */
  async function dotNumbers(companyIds: number[]): Promise<number[]> {
    const rows = await execute(
      sql<{ dot: number }>`SELECT dot_number AS dot FROM companies WHERE id IN (${sql.join(companyIds)})`,
    );
    return rows.map((row) => row.dot);
  }

  return {
    async search(request) {
      const { terms, filters } = request;
      if (terms.words.length === 0 && !hasFilters(filters)) return { ids: [], total: 0, totalExact: true };
      const exact = terms.number ? await exactNumberIds(execute, 'sqlite', terms.number, filters) : [];
      // Words go through FTS5, with state, type and cargo as facets and city, radius and L&I flags on the row.
      // A lead token is a prefix only for a search of one word (startsWithWords).
      const leads =
        terms.words.length === 1 && terms.words[0]!.length > LEAD_PREFIX_LETTERS
          ? [`_f${terms.words[0]}`]
          : [];
      const termsOf = await prefixTerms(execute, [...terms.words, ...leads], {
        shortest: UNINDEXED_PREFIX_LENGTH,
        mostTerms: mostPrefixTerms,
      });
      const significant = significantWords(terms.words);
      const words =
        significant.length > 0
          ? wordsMatch(significant, termsOf, await webWords(execute, significant))
          : null;
      const match = words && ftsQuery(words, filters);
      const withoutCells = words && ftsQuery(words, { ...filters, radius: undefined });
      return mergeExactFirst(exact, request, (offset, limit, excluded) =>
        match && withoutCells
          ? textPage(match, withoutCells, terms.words, termsOf, filters, offset, limit, excluded)
          : listByFilters(execute, 'sqlite', filters, offset, limit, excluded),
      );
    },
  };
}

/** SQLite's search engine over companies_fts (docs/search.md section 5; its FTS5 queries: sqlite-fts-query.ts). */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import {
  mergeExactFirst,
  pageInKeyOrder,
  pageOverGroups,
  rankFew,
  type KeyOrderedGroup,
  type RankedRow,
  type SearchEngine,
  type SearchFilters,
  type SearchTuning,
  type SearchHits,
  type SearchTotal,
} from './engine.ts';
import { brokersOnly } from './facets.ts';
import { ASCII_SEPARATORS } from './search-index.ts';
import { bucketRange, bucketSql, DOT_MASK } from './rank-key.ts';
import { circleKeyRuns, type CircleRuns } from './circle-index.ts';
import type { PrefixTerms } from './prefix-terms.ts';
import { significantWords } from './search-terms.ts';
import { ftsQuery, listsRead, startsWithWords, wordsMatch, wordsTerms } from './sqlite-fts-query.ts';
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

/** Circles up to this radius touch few enough grid cells to narrow every read. */
const SMALL_CIRCLE_MILES = 100;

/** The name is exactly the words (name_key); the LIKE on the last word spares most calls into JavaScript. */
function isName(column: RawBuilder<unknown>, words: readonly string[]): RawBuilder<unknown> {
  const last = words[words.length - 1] ?? '';
  return sql`((${column} GLOB '*[^ -~]*' OR rtrim(${column}, ${sql.lit(ASCII_SEPARATORS)}) LIKE ${`%${last}`})
    AND name_key(${column}) = ${words.join(' ')})`;
}

/** A full-text row's DOT number: the rank key's low bits. */
const ROW_DOT = sql`(f.rowid & ${sql.lit(DOT_MASK)})`;

/** A bounded count, with the matches' DOT numbers when few. */
type Counted = { n: number; dots: number[] | null };

export function createSqliteSearchEngine(
  db: Db,
  { fewMatches, cellsFromMatches, circleRangeMatches, mostPrefixTerms }: SearchTuning,
): SearchEngine {
  const execute = async <T>(query: RawBuilder<T>) => (await query.execute(db)).rows;
  const ids = async (query: RawBuilder<{ id: number }>) => (await execute(query)).map((row) => row.id);
  /** Leaves companies out of a read of the index alone, which knows them by DOT number. */
  const dotsNotIn = async (companies: number[]) => {
    if (companies.length === 0) return notIn(ROW_DOT, []);
    const rows = await execute(sql<{ dot: number }>`SELECT dot_number AS dot FROM companies
      WHERE id IN (${sql.join(companies)})`);
    const dots = rows.map((row) => row.dot);
    return notIn(ROW_DOT, dots);
  };

  async function textPage(
    expressions: string[],
    words: readonly string[],
    termsOf: PrefixTerms,
    filters: SearchFilters,
    offset: number,
    limit: number,
    excluded: number[],
  ): Promise<SearchHits> {
    const withoutCircle = { ...filters, radius: undefined };
    const withCells = ftsQuery(expressions, filters);
    const withoutCells = ftsQuery(expressions, withoutCircle);
    // Brokers alone read the brokers' index (same rows and rowids).
    const fts = sql.table(brokersOnly(filters) ? 'companies_broker_fts' : 'companies_fts');
    // Pages narrow a small circle by its cells; a wide one's OR of cells costs more than the rows a page reads.
    const walked = filters.radius && filters.radius.miles > SMALL_CIRCLE_MILES ? withoutCells : withCells;
    const onRowFilters = rowFiltersSet(filters);
    const circleOnly = onRowFilters.length === 1 && onRowFilters[0] === 'radius';
    const circleRanges = filters.radius ? circleKeyRuns(filters.radius) : null;
    // A count reads the circle index when the words match many, or a circle alone when its runs cost less.
    let match = withoutCells;
    if (circleRanges) {
      const [plain] = await execute(sql<{ n: number }>`SELECT count(*) AS n FROM (
        SELECT 1 FROM ${fts} WHERE ${fts} MATCH ${withoutCells} LIMIT ${cellsFromMatches + 1})`);
      const matches = plain?.n ?? 0;
      const runs = circleRanges.inside.length + circleRanges.edge.length;
      const rangeCost = circleOnly ? runs * listsRead(withoutCells) * circleRangeMatches : Infinity;
      if (matches > cellsFromMatches || rangeCost < matches) match = withCells;
    }
    const onRows = onRowFilters.length > 0;
    const rowCondition = rowOnlyCondition(filters, 'sqlite');
    const notExcluded = notIn(sql`c.id`, excluded);
    // CROSS JOIN keeps the index the outer loop, so rows are read in rank-key order only as far as LIMIT.
    const rowJoin = sql`CROSS JOIN companies c ON c.dot_number = ${ROW_DOT} AND ${rowCondition}`;
    const withRows = sql`${fts} f ${rowJoin}`;
    const { starts, sameWords } = startsWithWords(words, termsOf);
    // A name rank's phrase holds every word, so only the facets go beside it.
    const withFacets = (names: string) => ftsQuery([names], walked === withCells ? filters : withoutCircle);

    /** One rank group (an FTS5 expression, less the companies `skip`). */
    const group = (expression: string, skip: number[]) => async (from: number, size: number) => {
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
        // One JSON parameter: a deep page sorts a whole bucket, which binds faster than a parameter per id.
        sorted: (companies, offset, limit) =>
          ids(sql<{ id: number }>`SELECT c.id FROM json_each(${JSON.stringify(companies)}) listed
              CROSS JOIN companies c ON c.id = listed.value
              ORDER BY ${fleetOrder('sqlite')} LIMIT ${limit} OFFSET ${offset}`),
      };
      if (onRows || from === 0) return pageInKeyOrder(inKeyOrder, from, size);
      // Without row conditions the index alone finds member `from`'s bucket, reading no row before it.
      const inIndex = sql`${fts} f WHERE ${fts} MATCH ${expression} AND ${await dotsNotIn(skip)}`;
      const [at] = await execute(
        sql<{ bucket: number }>`SELECT ${bucketSql(sql`f.rowid`)} AS bucket FROM ${inIndex}
            ORDER BY f.rowid LIMIT 1 OFFSET ${from}`,
      );
      const count = async (condition: RawBuilder<unknown>) =>
        (await execute(sql<{ n: number }>`SELECT count(*) AS n FROM ${inIndex} AND ${condition}`))[0]!.n;
      if (at === undefined) return { ids: [], size: await count(sql`1 = 1`) };
      const before = await count(sql`f.rowid < ${bucketRange('sqlite', at.bucket).start}`);
      return pageInKeyOrder(inKeyOrder, from, size, { bucket: at.bucket, before });
    };

    const excludedDots = await dotsNotIn(excluded);
    const rankedFew = (few: RankedRow[]): SearchHits => ({
      ids: rankFew(few, words).slice(offset, offset + limit),
      total: few.length,
      totalExact: true,
    });
    /** Counts in the circle index: inside cells without their rows, edge cells' matches measured. */
    const countInCircle = async ({ inside, edge }: CircleRuns): Promise<Counted> => {
      const inCells = (ranges: [number, number][]) => sql`json_each(${JSON.stringify(ranges)}) cells
        CROSS JOIN companies_circle_fts f`;
      const matching = sql`companies_circle_fts MATCH ${withoutCells}
        AND f.rowid >= cells.value ->> 0 AND f.rowid < cells.value ->> 1`;
      const none: Counted = { n: 0, dots: [] };
      const within = inside.length
        ? await countMatches(
            sql`SELECT ${ROW_DOT} AS dot FROM ${inCells(inside)} WHERE ${matching} AND ${excludedDots}`,
          )
        : none;
      if (within.n > COUNT_BOUND) return within;
      const edges = edge.length
        ? await countMatches(
            sql`SELECT c.dot_number AS dot FROM ${inCells(edge)} ${rowJoin}
              WHERE ${matching} AND ${notExcluded}`,
            COUNT_BOUND + 1 - within.n,
          )
        : none;
      const n = within.n + edges.n;
      if (!within.dots || !edges.dots || n > fewMatches) return { n, dots: null };
      return { n, dots: [...within.dots, ...edges.dots] };
    };
    let total: SearchTotal;
    if (!onRows || circleOnly) {
      // Counted without rows; the few come back by DOT number, so the query is not evaluated twice.
      const counted = !circleRanges
        ? await countMatches(sql`SELECT ${ROW_DOT} AS dot FROM ${fts} f
            WHERE ${fts} MATCH ${match} AND ${excludedDots}`)
        : match === withCells
          ? await countInCircle(circleRanges)
          : await countMatches(sql`SELECT c.dot_number AS dot FROM ${withRows}
              WHERE ${fts} MATCH ${walked} AND ${notExcluded}`);
      if (counted.dots) {
        return rankedFew(
          await execute(sql<RankedRow>`SELECT ${RANKED_ROW_COLUMNS} FROM companies c
            WHERE c.dot_number IN (SELECT value FROM json_each(${JSON.stringify(counted.dots)}))
              AND ${notExcluded}`),
        );
      }
      total = boundedTotal(counted.n);
    } else {
      // With row conditions few are read with their rows at once; in a circle, all words' matches below
      // cellsFromMatches, since each would be read anyway.
      const fewest =
        filters.radius && match === withoutCells ? Math.max(fewMatches, cellsFromMatches) : fewMatches;
      const few = await execute(sql<RankedRow>`
        SELECT ${RANKED_ROW_COLUMNS} FROM ${withRows}
        WHERE ${fts} MATCH ${walked} AND ${notExcluded} LIMIT ${fewest + 1}`);
      if (few.length <= fewest) return rankedFew(few);
      const matching = sql`SELECT 1 FROM ${withRows} WHERE ${fts} MATCH ${match} AND ${notExcluded}`;
      total = await boundedCount(execute, matching);
    }
    if (limit === 0 || offset >= total.total) return { ids: [], ...total };
    const exactNames = await ids(sql<{ id: number }>`
      SELECT c.id FROM ${withRows}
      WHERE ${fts} MATCH ${withFacets(sameWords)} AND ${notExcluded}
        AND (${isName(sql`c.name`, words)} OR ${isName(sql`c.dba_name`, words)})
      ORDER BY ${fleetOrder('sqlite')}`);
    const startingWithWords = group(withFacets(starts), [...excluded, ...exactNames]);
    const rest = group(`(${walked}) NOT ${starts}`, excluded);
    return pageOverGroups(exactNames, [startingWithWords, rest], total, offset, limit);
  }

  /** Counts `matches` (DOT numbers as `dot`) up to `bound` in one evaluation, naming them when few. */
  async function countMatches(matches: RawBuilder<unknown>, bound = COUNT_BOUND + 1): Promise<Counted> {
    const [row] = await execute(sql<{ n: number; dots: string | null }>`
      WITH bounded AS MATERIALIZED (${matches} LIMIT ${bound})
      SELECT (SELECT count(*) FROM bounded) AS n,
        CASE WHEN (SELECT count(*) FROM bounded) <= ${fewMatches} THEN (SELECT json_group_array(dot) FROM bounded) END AS dots`);
    return { n: Number(row?.n ?? 0), dots: row?.dots ? (JSON.parse(row.dots) as number[]) : null };
  }

  return {
    async search(request) {
      const { terms, filters } = request;
      if (terms.words.length === 0 && !hasFilters(filters)) return { ids: [], total: 0, totalExact: true };
      const exact = terms.number ? await exactNumberIds(execute, 'sqlite', terms.number, filters) : [];
      const termsOf = await wordsTerms(execute, terms.words, mostPrefixTerms);
      const significant = significantWords(terms.words);
      const words = significant.length > 0 ? await wordsMatch(execute, significant, termsOf) : null;
      return mergeExactFirst(exact, request, (offset, limit, excluded) =>
        words
          ? textPage(words, terms.words, termsOf, filters, offset, limit, excluded)
          : listByFilters(execute, 'sqlite', filters, offset, limit, excluded),
      );
    },
  };
}

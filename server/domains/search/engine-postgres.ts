import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import {
  mergeExactFirst,
  pageInKeyOrder,
  pageOverGroups,
  type GroupPage,
  type SearchEngine,
  type SearchFilters,
  type EngineTuning,
  type SearchHits,
} from './engine.ts';
import { filterFacets } from './facets.ts';
import { bucketRange, bucketSql } from './rank-key.ts';
import { prefixTerms, type PrefixTerms } from './prefix-terms.ts';
import { significantWords } from './search-terms.ts';
import {
  allOf,
  MOST_LEAD_LETTERS,
  rowMatches,
  tsQueryParts,
  wholeQuery,
  withCircleCells,
  type QueryParts,
} from './postgres-tsquery.ts';
import {
  boundedTotal,
  COUNT_BOUND,
  exactNumberIds,
  fleetOrder,
  hasFilters,
  listByFilters,
  notIn,
  rowOnlyCondition,
} from './sql-conditions.ts';
import { boundingBox } from './geo.ts';

/**
 * Conditions for the name ranks of decision 039 over the stored name keys and their indexes
 * (migration 020): a legal or DBA name that starts with all the typed words (the last one as a prefix
 * from two letters), and one that is exactly them. Keys hold letters, digits and spaces only, so the
 * LIKE patterns hold no wildcard but their own. `walked`: the keys as expressions the name-key indexes
 * cannot serve (`|| ''`, the same text), so a read in rank-key order walks companies_rank_key.
 */
function nameRanks(
  words: readonly string[],
  { walked }: { walked: boolean } = { walked: false },
): { starts: RawBuilder<unknown>; exact: RawBuilder<unknown> } {
  const key = words.join(' ');
  const last = words[words.length - 1] ?? '';
  const startsWith = (column: RawBuilder<unknown>) =>
    last.length >= 2
      ? sql`${column} LIKE ${`${key}%`}`
      : sql`(${column} = ${key} OR ${column} LIKE ${`${key} %`})`;
  const [legal, dba] = walked
    ? [sql`(c.legal_name_key || '')`, sql`(c.dba_name_key || '')`]
    : [sql`c.legal_name_key`, sql`c.dba_name_key`];
  return {
    starts: sql`(${startsWith(legal)} OR ${startsWith(dba)})`,
    exact: sql`(${legal} = ${key} OR ${dba} = ${key})`,
  };
}

/** How a rank group's page is read when it is not walked. */
interface GroupRead {
  /** The group's condition, read as the planner chooses. */
  where: RawBuilder<unknown>;
  /**
   * Another read of the same group, from a subquery aliased `c`, taken when `worth` says it costs
   * less than the planner's read (the statement it is given).
   */
  instead?: {
    where: RawBuilder<unknown>;
    rows: RawBuilder<unknown>;
    worth: (plannersRead: RawBuilder<unknown>) => Promise<boolean>;
  };
}

/** The columns of the companies row (aliased `c`) that nameRanks and fleetOrder rank by, and its rank key. */
const RANKED_COLUMNS = sql`c.id, c.legal_name_key, c.dba_name_key, c.power_units, c.name, c.dot_number, c.rank_key`;

/** Where PostgreSQL's engine changes strategy, beside the two both engines have. */
export interface PostgresTuning extends EngineTuning {
  /**
   * `mostLoneTermSteps`: a word searched alone (no other word, required facet or circle)
   * is asked as its whole terms too when the planner's estimate of the prefix's matches times its
   * terms is at most this: GIN merges the terms' lists one step per term at each match, and gathers a
   * prefix's matches at about 2 µs each (wordTerms, decision 065).
   */
  mostLoneTermSteps: number;
  /**
   * `rowTestCost`: what testing a row against the words costs, in rows a prefix's GIN
   * read costs; it decides whether a search's other prefixes are read in the index or tested on the
   * rows its rarest word finds (matchCondition).
   */
  rowTestCost: number;
  /**
   * `circleRowTests` and `bandRowsPerRowTest`: a circle is tested on the words' rows
   * one by one, instead of read through the latitude index, when the words match at most
   * `circleRowTests` carriers and testing them costs less than reading the circle's band of the
   * index, a row test costing `bandRowsPerRowTest` rows of the band (circleWay).
   */
  circleRowTests: number;
  bandRowsPerRowTest: number;
  /**
   * `cellCircleMiles`: a circle up to this radius whose words' rows are not tested one
   * by one is asked as its grid cells in the GIN index; a wider one reads the latitude index's band
   * (circleWay).
   */
  cellCircleMiles: number;
  /**
   * `groupWalkRows`: a rank group's page is read along companies_rank_key, testing each
   * row, when the counting statement found the page's end among the group's members within the first
   * this many rows of the key index; otherwise the planner reads it (walkEndKey).
   */
  groupWalkRows: number;
  /**
   * `startsNameKeyRows`: a page of the names that start with the words, not walked, is
   * read by the name-key indexes when the planner expects at most this many such names (about 2.5 µs
   * each), or when it would sort the group instead of walking the rank key (engine-postgres.ts
   * readsStartsByNameKeys, decision 066).
   */
  startsNameKeyRows: number;
}

/**
 * PostgreSQL ranks every match up to the bound in the statement that counts them (`fewMatches`): it
 * fetches each match's row to count it anyway, while another statement would build the words' index
 * bitmap again.
 */
export const POSTGRES_TUNING: PostgresTuning = {
  fewMatches: COUNT_BOUND,
  mostPrefixTerms: 32,
  mostLoneTermSteps: 5_000_000,
  rowTestCost: 10,
  circleRowTests: 30_000,
  bandRowsPerRowTest: 25,
  cellCircleMiles: 250,
  groupWalkRows: 20_000,
  startsNameKeyRows: 20_000,
};

/** How long the walk's bound (walkEndKey) is kept before it is read again. */
const WALK_END_MAX_AGE_MS = 60 * 60 * 1000;

/**
 * Ties follow DOT numbers, not company ids (sql-conditions.ts fleetOrder): an import's two lanes
 * (upsert-rows.ts) give ids in whichever order their statements commit, so two stores of the same
 * files differ in ids.
 */
export function createPostgresSearchEngine(
  db: Db,
  {
    fewMatches,
    mostPrefixTerms,
    mostLoneTermSteps,
    rowTestCost,
    circleRowTests,
    bandRowsPerRowTest,
    cellCircleMiles,
    groupWalkRows,
    startsNameKeyRows,
  }: PostgresTuning,
): SearchEngine {
  const execute = async <T>(query: RawBuilder<T>) => (await query.execute(db)).rows;
  const ids = async (query: RawBuilder<{ id: number }>) =>
    (await execute(query)).map((row) => Number(row.id));

  /** How many carriers the planner expects a condition to hold for, from the table's statistics. */
  async function estimatedRows(condition: RawBuilder<unknown>): Promise<number> {
    const [plan] = await execute(
      sql<{
        'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }];
      }>`EXPLAIN (FORMAT JSON) SELECT 1 FROM companies c WHERE ${condition}`,
    );
    return plan?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? Number.POSITIVE_INFINITY;
  }

  /** How many carriers the planner expects a tsquery to match, from the search vector's statistics. */
  const estimatedMatches = (query: string) => estimatedRows(sql`c.search_vector @@ ${query}::tsquery`);

  /**
   * How a circle narrows a search: the words' rows tested one by one, the circle's grid cells in the
   * GIN index, or the latitude index's band. Left to itself, the planner ANDs the words' bitmap with
   * the index's whole band of latitude, about 0.6 µs a row: 'ARESKI' within 50 miles (984 matches, 1
   * in the circle) read 439,451 rows of the band in 230 ms, and testing its 984 rows took 4 ms.
   * Testing a row costs about 8 rows of the band when the table is in memory and about 35 when its
   * pages are read from disk, so the words' rows are tested when they are fewer than a 25th of the
   * band (`bandRowsPerRowTest`) and at most `circleRowTests` (30,000; decision 061). Otherwise a
   * circle of up to `cellCircleMiles` (250) is its cells, which GIN intersects with the words: 'RED'
   * within 50 miles 214 → 52 ms, 'TRUCKING' within 250 miles of Chicago 783 → 217 ms. A wider circle
   * holds so many of the words' matches that the planner's reads that stop at the bound win:
   * 'EXPRESS' within 500 miles of Atlanta 428 ms through the band, 943 through its cells (decision 064).
   */
  async function circleWay(parts: QueryParts, filters: SearchFilters): Promise<'rows' | 'cells' | 'band'> {
    if (!filters.radius) return 'band';
    const matches = await estimatedMatches(wholeQuery(parts));
    if (matches <= circleRowTests) {
      const box = boundingBox(filters.radius.latitude, filters.radius.longitude, filters.radius.miles);
      const band = await estimatedRows(sql`c.latitude BETWEEN ${box.minLatitude} AND ${box.maxLatitude}`);
      if (matches * bandRowsPerRowTest <= band) return 'rows';
    }
    return filters.radius.miles <= cellCircleMiles ? 'cells' : 'band';
  }

  /**
   * The condition that a row matches the words and facets. The GIN index reads each prefix of a
   * tsquery in full before any row, at about 0.4 µs a row it matches ('freight:*': 382,243 rows),
   * however rare another word makes the matches: 'LEHIGH ACRES FREIGHT LINES INCORPORATED' took
   * 250-350 ms. Testing a row costs about ten times that (fetching it). So when the rows of the
   * rarest word cost less to test than the other prefixes cost to read, the index reads the rarest
   * word, the words asked as whole lexemes (single letters, and prefixes of few terms:
   * postgres-tsquery.ts wordQuery), which it intersects cheaply, and the facets, and each row it
   * finds is tested against the whole query: 4.5 ms (decision 060).
   */
  async function matchCondition(parts: QueryParts): Promise<RawBuilder<unknown>> {
    const { words, facets, excluded } = parts;
    const query = wholeQuery(parts);
    const whole = sql`c.search_vector @@ ${query}::tsquery`;
    const prefixes = words.filter((word) => word.includes(':*'));
    if (words.length < 2 || prefixes.length === 0) return whole;
    const estimated: { word: string; rows: number }[] = [];
    for (const word of words) estimated.push({ word, rows: await estimatedMatches(word) });
    const rarest = estimated.reduce((a, b) => (b.rows < a.rows ? b : a));
    const tested = estimated.filter(({ word }) => word !== rarest.word && prefixes.includes(word));
    const readInIndex = tested.reduce((sum, { rows }) => sum + rows, 0);
    if (tested.length === 0 || rarest.rows * rowTestCost >= readInIndex) return whole;
    const indexed = words.filter((word) => !tested.some((other) => other.word === word));
    return sql`c.search_vector @@ ${allOf([...indexed, ...facets], excluded)}::tsquery
      AND ${rowMatches(parts)}`;
  }

  /**
   * A rank group's page may be read by walking companies_rank_key with every condition tested on the
   * row, rather than as the planner chooses: that builds the GIN index's bitmap of the words again
   * (80-140 ms for 'pine:*' at 4.4 million carriers) and sorts the group, where the walk found page 1
   * of the names that start with 'pine' in 1,437 rows, 4 ms. A walked row costs about 2-3 µs, so the
   * walk is bounded: it is taken only when the counting statement counted at least the page's end of
   * the group's members among the first `groupWalkRows` rows of the key index, so the page's rows are
   * certainly within them. Where the members rank late the planner reads the group ('stev', mostly
   * one-truck carriers named after their owners, would walk 107,352 rows for page 1). This is the rank
   * key at that row (null: the table is shorter), read once an hour: it moves only when an import
   * changes the fleets, and a read that a moved bound cut short is read again (group) (decision 062).
   */
  let walkEnd: { key: string | null; readAt: number } | null = null;
  async function walkEndKey(): Promise<string | null> {
    if (walkEnd === null || Date.now() - walkEnd.readAt > WALK_END_MAX_AGE_MS) {
      const [row] = await execute(sql<{ key: string }>`SELECT c.rank_key AS key FROM companies c
        ORDER BY c.rank_key OFFSET ${Math.max(0, groupWalkRows - 1)} LIMIT 1`);
      walkEnd = { key: row?.key ?? null, readAt: Date.now() };
    }
    return walkEnd.key;
  }

  /**
   * A walk reads the first `groupWalkRows` rows of the key index, which hold its page's rows, in
   * their order. As a subquery with its own LIMIT it keeps the planner on the key index and lets the
   * read stop at the page's end: left to itself, the planner read every row the conditions could hold
   * (a circle tested on the row: the whole table sorted, 1.2 s; a range of the key: all of it, in
   * parallel, 200 ms where the walk found its page in 3,976 rows).
   */
  const walkedRows =
    groupWalkRows === Number.POSITIVE_INFINITY
      ? sql`companies c`
      : sql`(SELECT * FROM companies c ORDER BY c.rank_key LIMIT ${groupWalkRows}) c`;

  /** The condition that a row lies within the walk's bound (walkEndKey). */
  async function withinWalk(): Promise<RawBuilder<unknown>> {
    if (groupWalkRows === Number.POSITIVE_INFINITY) return sql`true`;
    if (groupWalkRows <= 0) return sql`false`;
    const key = await walkEndKey();
    return key === null ? sql`true` : sql`c.rank_key <= ${key}::bigint`;
  }

  /**
   * One rank group, read in rank-key order up to the page's end, then the rest of its last bucket.
   * `indexed`: the group's conditions as the planner reads them best, or its other read where that
   * costs less (GroupRead); the rest of a bucket is always the planner's. `walked`, when the page lies
   * within the walk's bound (walkEndKey): the same group as tests on the row alone, read along
   * companies_rank_key within the bound. A walk that finds fewer rows than the page needs may have
   * met a bound that moved (an import between the count and the read), so the planner reads it again:
   * a short read would say the group ends there.
   */
  const group =
    (indexed: GroupRead, walked: RawBuilder<unknown> | null): GroupPage =>
    (from, size) => {
      const inKeyOrder = (where: RawBuilder<unknown>, rows: RawBuilder<unknown>, limit: number) =>
        sql<{ id: number; bucket: string }>`
          SELECT c.id, ${bucketSql(sql`c.rank_key`)} AS bucket FROM ${rows} WHERE ${where}
          ORDER BY c.rank_key LIMIT ${limit}`;
      const readInKeyOrder = async (where: RawBuilder<unknown>, rows: RawBuilder<unknown>, limit: number) =>
        (await execute(inKeyOrder(where, rows, limit))).map((row) => ({
          id: Number(row.id),
          bucket: Number(row.bucket),
        }));
      return pageInKeyOrder(
        {
          // A read from a bucket is for an index that finds one (SQLite's); this one reads from the start.
          read: async (limit) => {
            if (walked) {
              const found = await readInKeyOrder(walked, walkedRows, limit);
              if (found.length === limit) return found;
            }
            const { instead } = indexed;
            if (instead && (await instead.worth(inKeyOrder(indexed.where, sql`companies c`, limit))))
              return readInKeyOrder(instead.where, instead.rows, limit);
            return readInKeyOrder(indexed.where, sql`companies c`, limit);
          },
          bucket: (bucket) => {
            const range = bucketRange('postgres', bucket);
            return ids(sql<{ id: number }>`SELECT c.id FROM companies c
              WHERE ${walked ?? indexed.where} AND c.rank_key >= ${range.start} AND c.rank_key < ${range.end}`);
          },
          sorted: (companies, offset, limit) =>
            ids(sql<{ id: number }>`SELECT c.id FROM companies c WHERE c.id IN (${sql.join(companies)})
              ORDER BY ${fleetOrder('postgres')} LIMIT ${limit} OFFSET ${offset}`),
        },
        from,
        size,
      );
    };

  /**
   * Whether the page of the names that start with the words, when it is not walked, is read by the
   * name-key indexes (migration 020), each such name tested on the row, rather than as the planner
   * chooses. Not when the planner expects more such names than matches (a rare facet or a circle's
   * cells make the matches fewer, and the GIN read short; a circle tested on the row is not in the
   * estimate, which then stands for the words alone). Otherwise when the names are few (at most
   * `startsNameKeyRows`), or when the planner would sort the group: it then builds the words' GIN
   * bitmap again and fetches every match to sort those that start with the words ('fr' page 50: 657
   * ms; 'fre' page 1: 280 ms, most of it the bitmap), where the name keys find just those names (186
   * ms for the 36,464 names that start with 'fr'). When the planner walks companies_rank_key, the
   * walk is shorter than reading many names ('fr' page 1: 92 ms in all against 177).
   */
  async function readsStartsByNameKeys(
    parts: QueryParts,
    starts: RawBuilder<unknown>,
    plannersRead: RawBuilder<unknown>,
  ): Promise<boolean> {
    const names = await estimatedRows(starts);
    if (names > (await estimatedMatches(wholeQuery(parts)))) return false;
    return names <= startsNameKeyRows || (await plansSort(plannersRead));
  }

  /** Whether the planner would sort for a statement: its plan has a sort node. */
  async function plansSort(statement: RawBuilder<unknown>): Promise<boolean> {
    const [plan] = await execute(sql<{ 'QUERY PLAN': unknown }>`EXPLAIN (FORMAT JSON) ${statement}`);
    return /"Node Type": ?"(Incremental )?Sort"/.test(JSON.stringify(plan?.['QUERY PLAN'] ?? ''));
  }

  /**
   * The whole terms of the typed words of 4 letters and more (postgres-tsquery.ts wordQuery). Where
   * the tsquery intersects a word with another word, a facet or a circle's cells (circleWay), GIN
   * skips along the rarer lists. A word searched alone is read in full either way, and its whole terms are taken only
   * when their lists are short enough to merge: 'PINE' (20 terms, about 57,000 matches) gathers its
   * bitmap in 57 ms instead of 117, but 'tra' (28 terms, about 280,000; now its lead token) took 330
   * instead of 229 (decision 065).
   */
  async function wordTerms(typed: readonly string[], filters: SearchFilters): Promise<PrefixTerms> {
    const words = significantWords(typed);
    const circles = filters.radius ? 1 : 0;
    const termsOf = await prefixTerms(execute, words, {
      shortest: MOST_LEAD_LETTERS + 1,
      mostTerms: mostPrefixTerms,
    });
    if (words.length + filterFacets(filters).required.length + circles >= 2) return termsOf;
    const [word] = words;
    const terms = word === undefined ? null : termsOf(word);
    if (terms === null || terms.length * (await estimatedMatches(`${word}:*`)) > mostLoneTermSteps)
      return () => null;
    return termsOf;
  }

  async function page(
    words: readonly string[],
    termsOf: PrefixTerms,
    filters: SearchFilters,
    offset: number,
    limit: number,
    excluded: number[],
  ): Promise<SearchHits> {
    const typed = tsQueryParts(words, filters, termsOf);
    const circle = await circleWay(typed, filters);
    const parts = circle === 'cells' && filters.radius ? withCircleCells(typed, filters.radius) : typed;
    const matches = sql`${await matchCondition(parts)}
      AND ${rowOnlyCondition(filters, { latitudeIndex: circle === 'band' })}
      AND ${notIn(sql`c.id`, excluded)}`;
    const { starts, exact } = nameRanks(words);
    // Each statement builds the GIN index's bitmap of the words again, and for a common prefix that
    // is most of its cost ('tr' in Texas: about 200 ms of about 220 at 4.4 million carriers), so one
    // statement counts the matches (up to the bound) and ranks and pages them when there are few
    // enough; it sends the page's rows and the count, or only the count (in its first row), and how
    // many of each rank group it counted within the walk's bound (walkEndKey).
    const early = await withinWalk();
    const ranked = await execute(sql<{
      id: number;
      matched: string;
      position: string;
      starts_early: string;
      others_early: string;
    }>`
      SELECT id, matched, position, starts_early, others_early FROM (
        SELECT c.id, count(*) OVER () AS matched,
          count(*) FILTER (WHERE c.name_rank = 1 AND ${early}) OVER () AS starts_early,
          count(*) FILTER (WHERE c.name_rank = 2 AND ${early}) OVER () AS others_early,
          row_number() OVER (ORDER BY c.name_rank, ${fleetOrder('postgres')}) AS position
        FROM (
          SELECT ${RANKED_COLUMNS}, CASE WHEN ${exact} THEN 0 WHEN ${starts} THEN 1 ELSE 2 END AS name_rank
          FROM companies c WHERE ${matches} LIMIT ${COUNT_BOUND + 1}
        ) c
      ) ranked
      WHERE position = 1 OR (matched <= ${fewMatches} AND position > ${offset} AND position <= ${offset + limit})
      ORDER BY position`);
    const matched = Number(ranked[0]?.matched ?? 0);
    if (matched <= fewMatches) {
      return {
        // The first row comes back even when the page does not hold it.
        ids: ranked
          .filter((row) => Number(row.position) > offset && Number(row.position) <= offset + limit)
          .map((row) => Number(row.id)),
        ...boundedTotal(matched),
      };
    }
    const total = boundedTotal(matched);
    if (limit === 0 || offset >= total.total) return { ids: [], ...total };
    // The same matches as tests on the row alone, for a walk along companies_rank_key (walkEndKey).
    const onRow = sql`${rowMatches(parts)}
      AND ${rowOnlyCondition(filters, { latitudeIndex: false })} AND ${notIn(sql`c.id`, excluded)}`;
    // More: exact names, then the rank groups, each read in rank-key order only up to the page's end.
    // Exact names are the few rows whose name key is the words: found by the name-key indexes and
    // tested on the row, not by building the words' GIN bitmap once more.
    const exactNames = await ids(sql<{ id: number }>`
      SELECT c.id FROM companies c WHERE ${exact} AND ${onRow} ORDER BY ${fleetOrder('postgres')}`);
    const walkedStarts = nameRanks(words, { walked: true }).starts;
    const notExact = notIn(sql`c.id`, exactNames);
    const startsIndexed: GroupRead = {
      where: sql`${matches} AND ${notExact} AND ${starts}`,
      instead: {
        where: sql`${onRow} AND ${notExact}`,
        rows: sql`(SELECT * FROM companies c WHERE ${starts} OFFSET 0) c`,
        worth: (plannersRead) => readsStartsByNameKeys(parts, starts, plannersRead),
      },
    };
    const [first] = ranked;
    // A group is walked when its page certainly ends within the walk's bound: always when there is
    // none, otherwise when the page's end lies among its members counted there (a bound on the page's
    // end within the group, which exact names and an earlier group only lower).
    const walks = (counted: string | undefined) =>
      groupWalkRows === Number.POSITIVE_INFINITY || Number(counted ?? 0) >= offset + limit;
    return pageOverGroups(
      exactNames,
      [
        group(
          startsIndexed,
          walks(first?.starts_early) ? sql`${onRow} AND ${notExact} AND ${walkedStarts}` : null,
        ),
        group(
          { where: sql`${matches} AND NOT ${starts}` },
          walks(first?.others_early) ? sql`${onRow} AND NOT ${walkedStarts}` : null,
        ),
      ],
      total,
      offset,
      limit,
    );
  }

  return {
    async search(request) {
      const { terms, filters } = request;
      const hasWords = terms.words.length > 0;
      if (!hasWords && !hasFilters(filters)) return { ids: [], total: 0, totalExact: true };
      const exact = terms.number ? await exactNumberIds(execute, 'postgres', terms.number, filters) : [];
      const termsOf = await wordTerms(terms.words, filters);
      return mergeExactFirst(exact, request, (offset, limit, excluded) =>
        hasWords
          ? page(terms.words, termsOf, filters, offset, limit, excluded)
          : listByFilters(execute, 'postgres', filters, offset, limit, excluded),
      );
    },
  };
}

/**
 * PostgreSQL's search engine: the statements that count, rank and page a search's matches. Which
 * reads it takes is postgres-strategy.ts's choice; the tsqueries are postgres-tsquery.ts's text.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import {
  mergeExactFirst,
  pageInKeyOrder,
  pageOverGroups,
  type GroupPage,
  type SearchEngine,
  type SearchFilters,
  type SearchHits,
} from './engine.ts';
import { bucketRange, bucketSql } from './rank-key.ts';
import type { PrefixTerms } from './prefix-terms.ts';
import { postingsPage } from './postgres-postings.ts';
import { createPostgresStrategy, readHourly, type PostgresTuning } from './postgres-strategy.ts';
import { rowMatches, tsQueryParts } from './postgres-tsquery.ts';
import {
  boundedTotal,
  COUNT_BOUND,
  exactNumberIds,
  fleetOrder,
  hasFilters,
  listByFilters,
  nameRanks,
  notIn,
  rowOnlyCondition,
} from './sql-conditions.ts';

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

/**
 * Ties follow DOT numbers, not company ids (sql-conditions.ts fleetOrder): an import's two lanes
 * (upsert-rows.ts) give ids in whichever order their statements commit, so two stores of the same
 * files differ in ids.
 */
export function createPostgresSearchEngine(db: Db, tuning: PostgresTuning): SearchEngine {
  const { fewMatches, fewPostedMatches, groupsBesideCount, groupWalkRows, sampledWalkMargin } = tuning;
  const execute = async <T>(query: RawBuilder<T>) => (await query.execute(db)).rows;
  const ids = async (query: RawBuilder<{ id: number }>) =>
    (await execute(query)).map((row) => Number(row.id));
  const { matchCondition, readsStartsByNameKeys, wordTerms, postedWord, sampledShare } =
    createPostgresStrategy(execute, tuning);

  /**
   * Of `companies`, `limit` from `offset` in the exact fleet order. The ids go as one array: a page
   * deep in a group sorts a whole bucket of its members, thousands for a common word, and a list of
   * that many parameters costs PostgreSQL more to plan than the statement takes to run.
   */
  const sortedByFleet = (companies: number[], offset: number, limit: number) =>
    ids(sql<{ id: number }>`SELECT c.id FROM companies c WHERE c.id = ANY(${companies}::integer[])
      ORDER BY ${fleetOrder('postgres')} LIMIT ${limit} OFFSET ${offset}`);

  /**
   * A rank group's page may be read by walking companies_rank_key with every condition tested on the
   * row, rather than as the planner chooses: that builds the GIN index's bitmap of the words again
   * and sorts the group, where a walk finds an early page in a few thousand rows. A walked row costs
   * more than an indexed one, so the walk is bounded: it is taken only when the counting statement
   * counted at least the page's end of the group's members among the first `groupWalkRows` rows of
   * the key index, so the page's rows are certainly within them. Where the members rank late (small
   * fleets named after their owners) the planner reads the group. This is the rank
   * key at that row (null: the table is shorter), read once an hour: it moves only when an import
   * changes the fleets, and a read that a moved bound cut short is read again (group) (decision 062).
   */
  const walkEndKey = readHourly(async (): Promise<string | null> => {
    const [row] = await execute(sql<{ key: string }>`SELECT c.rank_key AS key FROM companies c
      ORDER BY c.rank_key OFFSET ${Math.max(0, groupWalkRows - 1)} LIMIT 1`);
    return row?.key ?? null;
  });

  /**
   * A walk reads the first `groupWalkRows` rows of the key index, which hold its page's rows, in
   * their order. As a subquery with its own LIMIT it keeps the planner on the key index and lets the
   * read stop at the page's end: left to itself, the planner read every row the conditions could hold
   * (a circle tested on the row: the whole table sorted; a range of the key: all of it, in parallel).
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
          sorted: sortedByFleet,
        },
        from,
        size,
      );
    };

  async function page(
    words: readonly string[],
    termsOf: PrefixTerms,
    filters: SearchFilters,
    offset: number,
    limit: number,
    excluded: number[],
  ): Promise<SearchHits> {
    const parts = tsQueryParts(words, filters, termsOf);
    const matches = sql`${await matchCondition(parts)}
      AND ${rowOnlyCondition(filters, 'postgres')}
      AND ${notIn(sql`c.id`, excluded)}`;
    const { starts, exact, rank } = nameRanks(words.join(' '));
    // Each statement builds the GIN index's bitmap of the words again, and for a common prefix that
    // is most of its cost, so one
    // statement counts the matches (up to the bound), how many of each rank group it counted within
    // the walk's bound (walkEndKey), and ranks and pages them when there are few enough: its rows are
    // the page's, each with the counts, or one row of the counts alone. The ranking sorts every match
    // it counted, so it runs only when they are few: `matched` gates it as a one-time filter.
    const early = await withinWalk();
    const ranked = await execute(sql<{
      id: number | null;
      matched: string;
      starts_early: string;
      others_early: string;
    }>`
      WITH found AS MATERIALIZED (
        SELECT ${RANKED_COLUMNS}, ${rank} AS name_rank
        FROM companies c WHERE ${matches} LIMIT ${COUNT_BOUND + 1}
      ), counted AS (
        SELECT count(*) AS matched,
          count(*) FILTER (WHERE c.name_rank = 1 AND ${early}) AS starts_early,
          count(*) FILTER (WHERE c.name_rank = 2 AND ${early}) AS others_early
        FROM found c
      )
      SELECT page.id, counted.matched, counted.starts_early, counted.others_early
      FROM counted LEFT JOIN LATERAL (
        SELECT r.id, r.position FROM (
          SELECT c.id, row_number() OVER (ORDER BY c.name_rank, ${fleetOrder('postgres')}) AS position
          FROM found c WHERE counted.matched <= ${fewMatches}
        ) r WHERE r.position > ${offset} AND r.position <= ${offset + limit}
      ) page ON true
      ORDER BY page.position`);
    const matched = Number(ranked[0]?.matched ?? 0);
    if (matched <= fewMatches) {
      return {
        // A page past the end is one row of the counts alone.
        ids: ranked.flatMap((row) => (row.id === null ? [] : [Number(row.id)])),
        ...boundedTotal(matched),
      };
    }
    const total = boundedTotal(matched);
    if (limit === 0 || offset >= total.total) return { ids: [], ...total };
    // The same matches as tests on the row alone, for a walk along companies_rank_key (walkEndKey).
    const onRow = sql`${rowMatches(parts)}
      AND ${rowOnlyCondition(filters, 'postgres')} AND ${notIn(sql`c.id`, excluded)}`;
    // More: exact names, then the rank groups, each read in rank-key order only up to the page's end.
    // Exact names are the few rows whose name key is the words: found by the name-key indexes and
    // tested on the row, not by building the words' GIN bitmap once more.
    const exactNames = await ids(sql<{ id: number }>`
      SELECT c.id FROM companies c WHERE ${exact} AND ${onRow} ORDER BY ${fleetOrder('postgres')}`);
    const walkedStarts = nameRanks(words.join(' '), { walked: true }).starts;
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
    const pageEnd = offset + limit;
    const startsEarly = Number(first?.starts_early ?? 0);
    const othersEarly = Number(first?.others_early ?? 0);
    // Past the bound the statement counted the first matches it found, not all of them: what it
    // counted of a group within the walk's bound stands for more (sampledShare).
    const share =
      matched > COUNT_BOUND && Math.min(startsEarly, othersEarly) < pageEnd
        ? await sampledShare(matches, matched)
        : 1;
    // A group is walked when its page certainly ends within the walk's bound: always when there is
    // none, or when the page's end lies among its members counted there (a bound on the page's end
    // within the group, which exact names and an earlier group only lower). Past the count bound, also
    // when the members counted there, scaled to all matches, reach `sampledWalkMargin` pages' ends:
    // likely, not certain, and a walk that finds too few is read again by the planner (group).
    const walks = (counted: number) =>
      groupWalkRows === Number.POSITIVE_INFINITY ||
      counted >= pageEnd ||
      (share > 1 && counted * share >= sampledWalkMargin * pageEnd);
    return pageOverGroups(
      exactNames,
      [
        group(startsIndexed, walks(startsEarly) ? sql`${onRow} AND ${notExact} AND ${walkedStarts}` : null),
        group(
          { where: sql`${matches} AND NOT ${starts}` },
          walks(othersEarly) ? sql`${onRow} AND NOT ${walkedStarts}` : null,
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
      // Independent reads, at once on two connections.
      const [exact, posted] = await Promise.all([
        terms.number ? exactNumberIds(execute, 'postgres', terms.number, filters) : [],
        hasWords ? postedWord(terms.words, filters) : null,
      ]);
      if (posted) {
        return mergeExactFirst(exact, request, (offset, limit, excluded) =>
          postingsPage(
            execute,
            {
              posted,
              filters,
              excluded,
              fewMatches: fewPostedMatches,
              groupsBesideCount,
              sorted: sortedByFleet,
            },
            offset,
            limit,
          ),
        );
      }
      const termsOf = await wordTerms(terms.words, filters);
      return mergeExactFirst(exact, request, (offset, limit, excluded) =>
        hasWords
          ? page(terms.words, termsOf, filters, offset, limit, excluded)
          : listByFilters(execute, 'postgres', filters, offset, limit, excluded),
      );
    },
  };
}

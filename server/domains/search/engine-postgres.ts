/**
 * PostgreSQL's search engine, three paths chosen by what is typed and the stored terms (docs/search.md): a word
 * alone from its postings (postgres-postings.ts), other words through GIN, filters alone on the rows.
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
  type SearchTuning,
} from './engine.ts';
import { bucketRange, bucketSql } from './rank-key.ts';
import { prefixTerms, type PrefixTerms } from './prefix-terms.ts';
import { postedWord, postingsPage } from './postgres-postings.ts';
import { MOST_LEAD_LETTERS, tsQueryParts } from './postgres-tsquery.ts';
import { significantWords } from './search-terms.ts';
import {
  boundedTotal,
  COUNT_BOUND,
  exactNamesWhere,
  exactNumberIds,
  fleetOrder,
  hasFilters,
  listByFilters,
  nameRanks,
  notIn,
  rowOnlyCondition,
} from './sql-conditions.ts';

/** The columns of the companies row (aliased `c`) that nameRanks and fleetOrder rank by, and its rank key. */
const RANKED_COLUMNS = sql`c.id, c.legal_name_key, c.dba_name_key, c.power_units, c.name, c.dot_number, c.rank_key`;

const WALK_END_MAX_AGE_MS = 60 * 60 * 1000;

export function createPostgresSearchEngine(
  db: Db,
  { fewMatches, rankedInCount, groupWalkRows, mostPrefixTerms }: SearchTuning,
): SearchEngine {
  const execute = async <T>(query: RawBuilder<T>) => (await query.execute(db)).rows;
  const ids = async (query: RawBuilder<{ id: number }>) =>
    (await execute(query)).map((row) => Number(row.id));

  /** Of `companies`, `limit` from `offset` in fleet order; one array parameter, cheaper to plan than one per id. */
  const sorted = (companies: number[], offset: number, limit: number) =>
    ids(sql<{ id: number }>`SELECT c.id FROM companies c WHERE c.id = ANY(${companies}::integer[])
      ORDER BY ${fleetOrder('postgres')} LIMIT ${limit} OFFSET ${offset}`);

  // A subquery with its own LIMIT keeps the planner on the key index, stopping at the page's end.
  const walkedRows =
    groupWalkRows === Number.POSITIVE_INFINITY
      ? sql`companies c`
      : sql`(SELECT * FROM companies c ORDER BY c.rank_key LIMIT ${groupWalkRows}) c`;

  /**
   * The walk's bound: the key at row `groupWalkRows` (docs/search.md section 8), kept an hour, since only an
   * import moves it and a walk cut short by a moved bound is read again.
   */
  let walkEnd: { key: string | null; readAt: number } | null = null;
  async function withinWalk(): Promise<RawBuilder<unknown>> {
    if (groupWalkRows === Number.POSITIVE_INFINITY) return sql`true`;
    if (groupWalkRows <= 0) return sql`false`;
    if (walkEnd === null || Date.now() - walkEnd.readAt > WALK_END_MAX_AGE_MS) {
      const [row] = await execute(sql<{ key: string }>`SELECT c.rank_key AS key FROM companies c
      ORDER BY c.rank_key OFFSET ${Math.max(0, groupWalkRows - 1)} LIMIT 1`);
      walkEnd = { key: row?.key ?? null, readAt: Date.now() };
    }
    return walkEnd.key === null ? sql`true` : sql`c.rank_key <= ${walkEnd.key}::bigint`;
  }

  const readInKeyOrder = async (condition: RawBuilder<unknown>, rows: RawBuilder<unknown>, limit: number) =>
    (
      await execute(sql<{ id: number; bucket: string }>`
            SELECT c.id, ${bucketSql(sql`c.rank_key`)} AS bucket FROM ${rows} WHERE ${condition}
            ORDER BY c.rank_key LIMIT ${limit}`)
    ).map((row) => ({ id: Number(row.id), bucket: Number(row.bucket) }));

  /** A rank group by `where`, or `walked` (tests on the row alone) along the key, read again if it falls short. */
  const group =
    (where: RawBuilder<unknown>, walked: RawBuilder<unknown> | null): GroupPage =>
    (from, size) =>
      pageInKeyOrder(
        {
          read: async (limit) => {
            if (walked) {
              const found = await readInKeyOrder(walked, walkedRows, limit);
              if (found.length === limit) return found;
            }
            return readInKeyOrder(where, sql`companies c`, limit);
          },
          bucket: (bucket) => {
            const range = bucketRange('postgres', bucket);
            return ids(sql<{ id: number }>`SELECT c.id FROM companies c
              WHERE ${walked ?? where} AND c.rank_key >= ${range.start} AND c.rank_key < ${range.end}`);
          },
          sorted,
        },
        from,
        size,
      );

  async function page(
    words: readonly string[],
    termsOf: PrefixTerms,
    filters: SearchFilters,
    offset: number,
    limit: number,
    excluded: number[],
  ): Promise<SearchHits> {
    const parts = tsQueryParts(words, filters, termsOf);
    const matches = sql`c.search_vector @@ ${parts.whole}::tsquery
      AND ${rowOnlyCondition(filters, 'postgres')}
      AND ${notIn(sql`c.id`, excluded)}`;
    const { starts, exact, rank } = nameRanks(words.join(' '));
    // Each statement builds the words' GIN bitmap again, so one counts (each group's within the walk's bound
    // too) and, when few, ranks and pages (`matched` gates the sort): the page's rows, or one row of counts.
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
          FROM found c WHERE counted.matched <= ${rankedInCount}
        ) r WHERE r.position > ${offset} AND r.position <= ${offset + limit}
      ) page ON true
      ORDER BY page.position`);
    const matched = Number(ranked[0]?.matched ?? 0);
    const total = boundedTotal(matched);
    // A page past the end is one row of the counts alone.
    if (matched <= rankedInCount)
      return { ids: ranked.flatMap((row) => (row.id === null ? [] : [Number(row.id)])), ...total };
    if (limit === 0 || offset >= total.total) return { ids: [], ...total };
    // The same matches tested on the row, for a walk: ts_match_vq, what @@ calls, is never an index condition.
    const onRow = sql`ts_match_vq(c.search_vector, ${parts.onRow}::tsquery)
      AND ${rowOnlyCondition(filters, 'postgres')} AND ${notIn(sql`c.id`, excluded)}`;
    const exactNames = await ids(sql<{ id: number }>`
      SELECT c.id FROM ${exactNamesWhere(exact, onRow)} ORDER BY ${fleetOrder('postgres')}`);
    const walkedStarts = nameRanks(words.join(' '), { walked: true }).starts;
    const notExact = notIn(sql`c.id`, exactNames);
    // Walked only when the page certainly ends within the walk's bound.
    const walks = (counted: string | undefined) =>
      groupWalkRows === Number.POSITIVE_INFINITY || Number(counted ?? 0) >= offset + limit;
    const [first] = ranked;
    return pageOverGroups(
      exactNames,
      [
        group(
          sql`${matches} AND ${notExact} AND ${starts}`,
          walks(first?.starts_early) ? sql`${onRow} AND ${notExact} AND ${walkedStarts}` : null,
        ),
        group(
          sql`${matches} AND NOT ${starts}`,
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
      // Independent reads on two connections. The whole terms of words from 4 letters serve both paths.
      const [exact, termsOf] = await Promise.all([
        terms.number ? exactNumberIds(execute, 'postgres', terms.number, filters) : [],
        hasWords
          ? prefixTerms(execute, significantWords(terms.words), {
              shortest: MOST_LEAD_LETTERS + 1,
              mostTerms: mostPrefixTerms,
            })
          : () => null,
      ]);
      const posted = hasWords ? await postedWord(execute, terms.words, filters, termsOf) : null;
      return mergeExactFirst(exact, request, (offset, limit, excluded) =>
        posted
          ? postingsPage(execute, { posted, filters, excluded, fewMatches, sorted }, offset, limit)
          : hasWords
            ? page(terms.words, termsOf, filters, offset, limit, excluded)
            : listByFilters(execute, 'postgres', filters, offset, limit, excluded),
      );
    },
  };
}

import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import {
  mergeExactFirst,
  pageInKeyOrder,
  pageOverGroups,
  rankFew,
  type GroupPage,
  type RankedRow,
  type SearchEngine,
  type SearchFilters,
  type EngineTuning,
  type SearchHits,
} from './engine.ts';
import { filterFacets, WEB_LABEL } from './facets.ts';
import { bucketRange, bucketSql } from './rank-key.ts';
import { significantWords } from './search-terms.ts';
import {
  boundedCount,
  exactNumberIds,
  fleetOrder,
  hasFilters,
  listByFilters,
  notIn,
  RANKED_ROW_COLUMNS,
  rowOnlyCondition,
} from './sql-conditions.ts';

/**
 * Every word must match the start of a word of the name, DBA name or place, or a whole word of the web
 * domain (its web-label lexeme, migration 030); a single letter matches only that one-letter word (as
 * on SQLite, whose prefix indexes start at two letters). Words are letters and digits only, so the
 * tsquery syntax is ours; the query is cast, not parsed (facetTsQuery).
 */
export function tsQuery(words: readonly string[]): string | null {
  return words.length > 0
    ? significantWords(words)
        .map((word) => `(${word.length >= 2 ? `${word}:*` : word} | '${WEB_LABEL}${word}')`)
        .join(' & ')
    : null;
}

/**
 * The tsquery of the typed words (tsQuery) with the filters' facets (facets.ts), lexemes of the
 * search vector (migration 029), so the GIN index intersects them without reading a row. Lexemes
 * are quoted and the query is cast, not parsed: the text parser would split '_statetx' at the '_'.
 */
export function facetTsQuery(wordsQuery: string, filters: SearchFilters): string {
  const { required, excluded } = filterFacets(filters);
  const parts = [
    `(${wordsQuery})`,
    ...required.map((tokens) => `(${tokens.map((token) => `'${token}'`).join(' | ')})`),
  ];
  if (excluded) parts.push(`!'${excluded}'`);
  return parts.join(' & ');
}

/**
 * Conditions for the name ranks of decision 039 over the stored name keys and their indexes
 * (migration 020): a legal or DBA name that starts with all the typed words (the last one as a prefix
 * from two letters), and one that is exactly them. Keys hold letters, digits and spaces only, so the
 * LIKE patterns hold no wildcard but their own.
 */
function nameRanks(words: readonly string[]): { starts: RawBuilder<unknown>; exact: RawBuilder<unknown> } {
  const key = words.join(' ');
  const last = words[words.length - 1] ?? '';
  const startsWith = (column: RawBuilder<unknown>) =>
    last.length >= 2
      ? sql`${column} LIKE ${`${key}%`}`
      : sql`(${column} = ${key} OR ${column} LIKE ${`${key} %`})`;
  return {
    starts: sql`(${startsWith(sql`c.legal_name_key`)} OR ${startsWith(sql`c.dba_name_key`)})`,
    exact: sql`(c.legal_name_key = ${key} OR c.dba_name_key = ${key})`,
  };
}

/**
 * Ties follow DOT numbers, not company ids (sql-conditions.ts fleetOrder): an import's two lanes
 * (upsert-rows.ts) give ids in whichever order their statements commit, so two stores of the same
 * files differ in ids.
 */
export function createPostgresSearchEngine(db: Db, { fewMatches }: EngineTuning): SearchEngine {
  const execute = async <T>(query: RawBuilder<T>) => (await query.execute(db)).rows;
  const ids = async (query: RawBuilder<{ id: number }>) =>
    (await execute(query)).map((row) => Number(row.id));

  async function page(
    query: string,
    words: readonly string[],
    filters: SearchFilters,
    offset: number,
    limit: number,
    excluded: number[],
  ): Promise<SearchHits> {
    const matches = sql`c.search_vector @@ ${facetTsQuery(query, filters)}::tsquery AND ${rowOnlyCondition(filters)}`;
    const count = (where: RawBuilder<unknown>) =>
      boundedCount(execute, sql`SELECT 1 FROM companies c WHERE ${where}`);
    /**
     * One rank group, read in rank-key order up to the page's end: along companies_rank_key
     * (migration 021), testing each row on the way, or by taking the group's matches whole from the
     * GIN index and sorting them (`takeWhole`, see below).
     */
    const group =
      (where: RawBuilder<unknown>, takeWhole: boolean): GroupPage =>
      (from, size) =>
        pageInKeyOrder(
          {
            read: async (limit, fromBucket) => {
              const inGroup = sql`${where}
                AND ${fromBucket === null ? sql`true` : sql`c.rank_key >= ${bucketRange('postgres', fromBucket).start}`}`;
              const rows = await execute(
                takeWhole
                  ? sql<{ id: number; bucket: string }>`
                    WITH members AS MATERIALIZED (SELECT c.id, c.rank_key FROM companies c WHERE ${inGroup})
                    SELECT id, ${bucketSql(sql`rank_key`)} AS bucket FROM members ORDER BY rank_key LIMIT ${limit}`
                  : sql<{ id: number; bucket: string }>`
                    SELECT c.id, ${bucketSql(sql`c.rank_key`)} AS bucket FROM companies c WHERE ${inGroup}
                    ORDER BY c.rank_key LIMIT ${limit}`,
              );
              return rows.map((row) => ({ id: Number(row.id), bucket: Number(row.bucket) }));
            },
            bucket: (bucket) => {
              const range = bucketRange('postgres', bucket);
              return ids(sql<{ id: number }>`SELECT c.id FROM companies c
                WHERE ${where} AND c.rank_key >= ${range.start} AND c.rank_key < ${range.end}`);
            },
            sorted: (companies, offset, limit) =>
              ids(sql<{ id: number }>`SELECT c.id FROM companies c WHERE c.id IN (${sql.join(companies)})
                ORDER BY ${fleetOrder('postgres')} LIMIT ${limit} OFFSET ${offset}`),
          },
          from,
          size,
        );
    const notExcluded = notIn(sql`c.id`, excluded);
    // Few matches: all of them with their rows in one read, ranked here.
    const few = await execute(sql<RankedRow>`
      SELECT ${RANKED_ROW_COLUMNS} FROM companies c
      WHERE ${matches} AND ${notExcluded} LIMIT ${fewMatches + 1}`);
    if (few.length <= fewMatches) {
      return { ids: rankFew(few, words).slice(offset, offset + limit), total: few.length, totalExact: true };
    }
    const total = await count(sql`${matches} AND ${notExcluded}`);
    if (limit === 0 || offset >= total.total) return { ids: [], ...total };
    const { starts, exact } = nameRanks(words);
    // Walking the key index to the page's end reads about (offset + limit) × rows / matches rows, so
    // a rare word's last pages read most of the table ('kwa' at its last page: 574 ms at 300,000
    // carriers); taking the matches whole reads about as many rows as there are matches. The
    // cheaper one is taken, with the planner's row estimate of the table (read only when the total is
    // exact: past the bound the key index always finds the page soon).
    const tableRows = async () => {
      const [table] = await execute(
        sql<{ rows: number }>`SELECT reltuples AS rows FROM pg_class WHERE oid = 'companies'::regclass`,
      );
      return Number(table?.rows ?? 0);
    };
    const takeWhole = total.totalExact && total.total ** 2 < (offset + limit) * (await tableRows());
    // More: the rank groups, each read in rank-key order only up to the page's end.
    const exactNames = await ids(sql<{ id: number }>`
      SELECT c.id FROM companies c WHERE ${matches} AND ${notExcluded} AND ${exact}
      ORDER BY ${fleetOrder('postgres')}`);
    return pageOverGroups(
      exactNames,
      [
        group(sql`${matches} AND ${notIn(sql`c.id`, [...excluded, ...exactNames])} AND ${starts}`, takeWhole),
        group(sql`${matches} AND ${notExcluded} AND NOT ${starts}`, takeWhole),
      ],
      total,
      offset,
      limit,
    );
  }

  return {
    async search(request) {
      const { terms, filters } = request;
      const query = tsQuery(terms.words);
      if (!query && !hasFilters(filters)) return { ids: [], total: 0, totalExact: true };
      const exact = terms.number ? await exactNumberIds(execute, 'postgres', terms.number, filters) : [];
      return mergeExactFirst(exact, request, (offset, limit, excluded) =>
        query
          ? page(query, terms.words, filters, offset, limit, excluded)
          : listByFilters(execute, 'postgres', filters, offset, limit, excluded),
      );
    },
  };
}

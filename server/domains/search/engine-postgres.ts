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
import { significantWords } from './search-terms.ts';
import {
  boundedCount,
  exactNumberIds,
  fleetOrder,
  hasFilters,
  listByFilters,
  notIn,
  rowFilterCondition,
} from './sql-conditions.ts';

/**
 * Every word must match the start of a word of the name, DBA name, place or web domain; a single
 * letter matches only that one-letter word (as on SQLite, whose prefix indexes start at two letters).
 * Words are letters and digits only, so the tsquery syntax is ours.
 */
export function tsQuery(words: readonly string[]): string | null {
  return words.length > 0
    ? significantWords(words)
        .map((word) => (word.length >= 2 ? `${word}:*` : word))
        .join(' & ')
    : null;
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
export function createPostgresSearchEngine(db: Db): SearchEngine {
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
    const matches = sql`c.search_vector @@ to_tsquery('simple', ${query}) AND ${rowFilterCondition(filters)}`;
    const inFleetOrder = (where: RawBuilder<unknown>) => (from: number, size: number) =>
      ids(sql<{ id: number }>`SELECT c.id FROM companies c WHERE ${where}
        ORDER BY ${fleetOrder('postgres')} LIMIT ${size} OFFSET ${from}`);
    // PostgreSQL's planner chooses between walking companies_fleet and sorting by itself.
    const group = (where: RawBuilder<unknown>): MatchGroup => ({
      count: () => boundedCount(execute, sql`SELECT 1 FROM companies c WHERE ${where}`),
      sorted: inFleetOrder(where),
      walked: inFleetOrder(where),
    });
    const notExcluded = notIn(sql`c.id`, excluded);
    const total = await group(sql`${matches} AND ${notExcluded}`).count();
    if (limit === 0 || offset >= total.total) return { ids: [], ...total };
    const { starts, exact } = nameRanks(words);
    // Few matches, or a radius (the planner cannot walk an index in fleet order and keep a circle):
    // rank them all at once.
    if (total.totalExact || filters.radius) {
      const page = await ids(sql<{ id: number }>`
        SELECT c.id FROM companies c WHERE ${matches} AND ${notExcluded}
        ORDER BY CASE WHEN ${exact} THEN 0 WHEN ${starts} THEN 1 ELSE 2 END, ${fleetOrder('postgres')}
        LIMIT ${limit} OFFSET ${offset}`);
      return { ids: page, ...total };
    }
    // Many: the rank groups, each read in fleet order without sorting all of it.
    const exactNames = await ids(sql<{ id: number }>`
      SELECT c.id FROM companies c WHERE ${matches} AND ${notExcluded} AND ${exact}
      ORDER BY ${fleetOrder('postgres')}`);
    return pageOverGroups(
      exactNames,
      [
        group(sql`${matches} AND ${notIn(sql`c.id`, [...excluded, ...exactNames])} AND ${starts}`),
        group(sql`${matches} AND ${notExcluded} AND NOT ${starts}`),
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

import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import { mergeExactFirst, type SearchEngine, type SearchFilters, type SearchHits } from './engine.ts';
import { exactNumberIds, notIn, rowFilterCondition } from './sql-conditions.ts';

/**
 * Prefix search on every word; words are letters and digits only, so the tsquery syntax is ours.
 * Ranking uses cover density (ts_rank_cd): plain ts_rank let extra low-weight prefix matches (an
 * e-mail domain) push a full name match below a partial one.
 */
export function tsQuery(words: readonly string[]): string | null {
  return words.length > 0 ? words.map((word) => `${word}:*`).join(' & ') : null;
}

export function createPostgresSearchEngine(db: Db): SearchEngine {
  const execute = async <T>(query: RawBuilder<T>) => (await query.execute(db)).rows;

  async function page(
    query: string | null,
    filters: SearchFilters,
    offset: number,
    limit: number,
    excluded: number[],
  ): Promise<SearchHits> {
    const textCondition = query ? sql`c.search_vector @@ to_tsquery('simple', ${query})` : sql`1 = 1`;
    const where = sql`${textCondition} AND ${rowFilterCondition(filters)} AND ${notIn(sql`c.id`, excluded)}`;
    const [count] = await execute(
      sql<{ total: string }>`SELECT count(*) AS total FROM companies c WHERE ${where}`,
    );
    const total = Number(count?.total ?? 0);
    if (limit === 0 || offset >= total) return { ids: [], total };
    const order = query
      ? sql`ts_rank_cd(c.search_vector, to_tsquery('simple', ${query})) DESC`
      : filters.radius
        ? sql`distance_miles(${filters.radius.latitude}, ${filters.radius.longitude}, c.latitude, c.longitude)`
        : sql`c.id`;
    const rows = await execute(
      sql<{
        id: number;
      }>`SELECT c.id FROM companies c WHERE ${where} ORDER BY ${order}, c.id LIMIT ${limit} OFFSET ${offset}`,
    );
    return { ids: rows.map((row) => Number(row.id)), total };
  }

  return {
    async search(request) {
      const { terms, filters } = request;
      const query = tsQuery(terms.words);
      const hasFilter = Boolean(
        filters.state || filters.types?.length || filters.cargo?.length || filters.radius,
      );
      if (!query && !hasFilter) return { ids: [], total: 0 };
      const exact = terms.number ? await exactNumberIds(execute, terms.number, filters) : [];
      return mergeExactFirst(exact, request, (offset, limit, excluded) =>
        page(query, filters, offset, limit, excluded),
      );
    },
  };
}

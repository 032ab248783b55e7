import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import {
  mergeExactFirst,
  pageOverRankedWindow,
  RANKED_MATCHES,
  type SearchEngine,
  type SearchFilters,
  type SearchHits,
} from './engine.ts';
import { significantWords } from './search-terms.ts';
import { exactNumberIds, hasFilters, listByFilters, notIn, rowFilterCondition } from './sql-conditions.ts';

/**
 * Prefix search on every word; words are letters and digits only, so the tsquery syntax is ours.
 * Ranking uses cover density (ts_rank_cd): plain ts_rank let extra low-weight prefix matches (an
 * e-mail domain) push a full name match below a partial one.
 */
export function tsQuery(words: readonly string[]): string | null {
  return words.length > 0
    ? significantWords(words)
        .map((word) => `${word}:*`)
        .join(' & ')
    : null;
}

/**
 * Windows and ties follow DOT numbers, not company ids: an import's two lanes (upsert-rows.ts) give
 * ids in whichever order their statements commit, so two stores of the same files differ in ids.
 */
export function createPostgresSearchEngine(db: Db): SearchEngine {
  const execute = async <T>(query: RawBuilder<T>) => (await query.execute(db)).rows;

  async function page(
    query: string,
    filters: SearchFilters,
    offset: number,
    limit: number,
    excluded: number[],
  ): Promise<SearchHits> {
    const where = sql`c.search_vector @@ to_tsquery('simple', ${query}) AND ${rowFilterCondition(filters)} AND ${notIn(sql`c.id`, excluded)}`;
    const [count] = await execute(
      sql<{ total: string }>`SELECT count(*) AS total FROM companies c WHERE ${where}`,
    );
    const total = Number(count?.total ?? 0);
    if (limit === 0 || offset >= total) return { ids: [], total };
    const ids = await pageOverRankedWindow(
      offset,
      limit,
      async (windowOffset, windowLimit) =>
        (
          await execute(sql<{ id: number }>`
            SELECT id FROM (
              SELECT c.id, c.dot_number, c.search_vector FROM companies c WHERE ${where}
              ORDER BY c.dot_number LIMIT ${RANKED_MATCHES}
            ) AS window_matches
            ORDER BY ts_rank_cd(search_vector, to_tsquery('simple', ${query})) DESC, dot_number
            LIMIT ${windowLimit} OFFSET ${windowOffset}`)
        ).map((row) => Number(row.id)),
      async (restOffset, restLimit) =>
        (
          await execute(
            sql<{
              id: number;
            }>`SELECT c.id FROM companies c WHERE ${where} ORDER BY c.dot_number LIMIT ${restLimit} OFFSET ${restOffset}`,
          )
        ).map((row) => Number(row.id)),
    );
    return { ids, total };
  }

  return {
    async search(request) {
      const { terms, filters } = request;
      const query = tsQuery(terms.words);
      if (!query && !hasFilters(filters)) return { ids: [], total: 0 };
      const exact = terms.number ? await exactNumberIds(execute, terms.number, filters) : [];
      return mergeExactFirst(exact, request, (offset, limit, excluded) =>
        query
          ? page(query, filters, offset, limit, excluded)
          : listByFilters(execute, filters, offset, limit, excluded),
      );
    },
  };
}

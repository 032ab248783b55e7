import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import { mergeExactFirst, type SearchEngine, type SearchFilters, type SearchHits } from './engine.ts';
import { significantWords } from './search-terms.ts';
import {
  boundedCount,
  exactNumberIds,
  hasFilters,
  listByFilters,
  notIn,
  rowFilterCondition,
  textMatchOrder,
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

export function createPostgresSearchEngine(db: Db): SearchEngine {
  const execute = async <T>(query: RawBuilder<T>) => (await query.execute(db)).rows;

  async function page(
    query: string,
    words: readonly string[],
    filters: SearchFilters,
    offset: number,
    limit: number,
    excluded: number[],
  ): Promise<SearchHits> {
    const where = sql`c.search_vector @@ to_tsquery('simple', ${query}) AND ${rowFilterCondition(filters)} AND ${notIn(sql`c.id`, excluded)}`;
    const count = await boundedCount(execute, sql`SELECT 1 FROM companies c WHERE ${where}`);
    if (limit === 0 || offset >= count.total) return { ids: [], ...count };
    const rows = await execute(sql<{ id: number }>`
      SELECT c.id FROM companies c WHERE ${where}
      ORDER BY ${textMatchOrder('postgres', words)} LIMIT ${limit} OFFSET ${offset}`);
    return { ids: rows.map((row) => Number(row.id)), ...count };
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

import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import { mergeExactFirst, type SearchEngine, type SearchFilters, type SearchHits } from './engine.ts';
import { radiusCellTokens } from './geo.ts';
import { significantWords } from './search-terms.ts';
import {
  boundedCount,
  CITY_KEY,
  cityKey,
  exactNumberIds,
  hasFilters,
  listByFilters,
  notIn,
  radiusCondition,
  textMatchOrder,
} from './sql-conditions.ts';

/**
 * A word as an FTS5 string: prefix search from two letters (the prefix indexes start at 2). Words
 * never contain '_', so they never match a facet token (search-index.ts).
 */
function ftsWord(word: string): string {
  return word.length >= 2 ? `"${word}"*` : `"${word}"`;
}

/** Radius searches up to this many miles narrow by grid cells inside the index. */
const CELL_FILTER_MAX_MILES = 100;

/**
 * The FTS5 query for words and facet filters. Words are letters and digits only (search-terms.ts)
 * and are quoted, so nothing the visitor typed is read as FTS5 syntax.
 */
export function ftsQuery(words: readonly string[], filters: SearchFilters): string | null {
  const parts = significantWords(words).map(ftsWord);
  if (filters.state) parts.push(`facets:"_state${filters.state.toLowerCase()}"`);
  if (filters.cargo?.length) {
    parts.push(`facets:(${filters.cargo.map((code) => `"_cargo${code.toLowerCase()}"`).join(' OR ')})`);
  }
  // A small circle narrows by its few grid cells inside the index; a large one touches so many
  // carriers that checking the text matches' distances row by row is cheaper.
  if (filters.radius && filters.radius.miles <= CELL_FILTER_MAX_MILES) {
    const { latitude, longitude, miles } = filters.radius;
    const cells = radiusCellTokens(latitude, longitude, miles).map((token) => `"${token}"`);
    parts.push(`facets:(${cells.join(' OR ')})`);
  }
  // Role facets record the exceptions (search-index.ts), so a role filter is often a NOT.
  const types = new Set(filters.types ?? []);
  let excluded: string | null = null;
  if (types.has('carrier') && types.has('broker')) excluded = '_typenone';
  else if (types.has('carrier')) excluded = '_typenoncarrier';
  else if (types.has('broker')) parts.push('facets:"_typebroker"');
  if (parts.length === 0) return null;
  const query = parts.join(' AND ');
  return excluded ? `(${query}) NOT facets:"${excluded}"` : query;
}

export function createSqliteSearchEngine(db: Db): SearchEngine {
  const execute = async <T>(query: RawBuilder<T>) => (await query.execute(db)).rows;

  async function textPage(
    match: string,
    words: readonly string[],
    filters: SearchFilters,
    offset: number,
    limit: number,
    excluded: number[],
  ): Promise<SearchHits> {
    const where = sql`companies_fts MATCH ${match} AND ${notIn(sql`f.rowid`, excluded)}`;
    // City and radius are conditions on the company row; the other filters are FTS facets.
    const rowCondition = filters.city
      ? sql`${radiusCondition(filters)} AND ${CITY_KEY} = ${cityKey(filters.city)}`
      : radiusCondition(filters);
    // CROSS JOIN keeps the full-text index as the outer loop: it narrows, the row lookups follow.
    const withRows = sql`companies_fts f CROSS JOIN companies c ON c.id = f.rowid AND ${rowCondition}`;
    const count = await boundedCount(
      execute,
      filters.radius || filters.city
        ? sql`SELECT 1 FROM ${withRows} WHERE ${where}`
        : sql`SELECT 1 FROM companies_fts f WHERE ${where}`,
    );
    if (limit === 0 || offset >= count.total) return { ids: [], ...count };
    const rows = await execute(sql<{ id: number }>`
      SELECT c.id FROM ${withRows} WHERE ${where}
      ORDER BY ${textMatchOrder('sqlite', words)} LIMIT ${limit} OFFSET ${offset}`);
    return { ids: rows.map((row) => row.id), ...count };
  }

  return {
    async search(request) {
      const { terms, filters } = request;
      if (terms.words.length === 0 && !hasFilters(filters)) return { ids: [], total: 0, totalExact: true };
      const exact = terms.number ? await exactNumberIds(execute, 'sqlite', terms.number, filters) : [];
      // Words go through FTS5, with state, type and cargo as facets and city or radius on the row.
      const match = terms.words.length > 0 ? ftsQuery(terms.words, filters) : null;
      return mergeExactFirst(exact, request, (offset, limit, excluded) =>
        match
          ? textPage(match, terms.words, filters, offset, limit, excluded)
          : listByFilters(execute, 'sqlite', filters, offset, limit, excluded),
      );
    },
  };
}

import type { Db } from '../../db/database.ts';
import type { Dialect } from '../../db/migrate.ts';
import { toCompanyView, type CompanyView } from '../companies/company-view.ts';
import type { SearchEngine, SearchFilters } from './engine.ts';
import { createPostgresSearchEngine } from './engine-postgres.ts';
import { createSqliteSearchEngine } from './engine-sqlite.ts';
import { parseSearchTerms } from './search-terms.ts';
import { parseSupersearchQuery } from './supersearch-query.ts';

export interface SupersearchParams {
  term: string;
  page: number;
  limit: number;
  filters: SearchFilters;
}

export interface SupersearchResult {
  data: CompanyView[];
  /** Exact when `total_exact`; otherwise at least this many match (decision 039). */
  total: number;
  total_exact: boolean;
  page: number;
  limit: number;
  total_pages: number;
}

export function createSearchService(db: Db, dialect: Dialect) {
  const engine: SearchEngine =
    dialect === 'sqlite' ? createSqliteSearchEngine(db) : createPostgresSearchEngine(db);

  async function supersearch(params: SupersearchParams): Promise<SupersearchResult> {
    const hits = await engine.search({
      terms: parseSearchTerms(params.term),
      filters: params.filters,
      offset: (params.page - 1) * params.limit,
      limit: params.limit,
    });
    const rows =
      hits.ids.length === 0
        ? []
        : await db.selectFrom('companies').selectAll().where('id', 'in', hits.ids).execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    const data = hits.ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toCompanyView(row)] : [];
    });
    return {
      data,
      total: hits.total,
      total_exact: hits.totalExact,
      page: params.page,
      limit: params.limit,
      total_pages: Math.ceil(hits.total / params.limit),
    };
  }

  return {
    /** The supersearch: exact DOT/MC matches first, then text relevance, filtered and paged. */
    supersearch,
    /** The same from an untrusted query string (the API and the search pages); bad input raises a 400. */
    supersearchQuery: (raw: unknown) => supersearch(parseSupersearchQuery(raw)),
  };
}

export type SearchService = ReturnType<typeof createSearchService>;

import type { SearchResponse, SupersearchQuery } from '../../../core/contracts/search.ts';
import type { Db } from '../../db/database.ts';
import type { Dialect } from '../../db/migrate.ts';
import { toCompanyView } from '../companies/company-view.ts';
import { ENGINE_TUNING, type EngineTuning, type SearchEngine, type SearchFilters } from './engine.ts';
import { createPostgresSearchEngine } from './engine-postgres.ts';
import { createSqliteSearchEngine } from './engine-sqlite.ts';
import { parseSearchTerms } from './search-terms.ts';
import { parseSupersearchQuery, supersearchParams } from './supersearch-query.ts';

export interface SupersearchParams {
  term: string;
  page: number;
  limit: number;
  filters: SearchFilters;
}

/** `tuning`: where the engine changes strategy (engine.ts EngineTuning); tests lower it. */
export function createSearchService(db: Db, dialect: Dialect, tuning: EngineTuning = ENGINE_TUNING[dialect]) {
  const engine: SearchEngine =
    dialect === 'sqlite' ? createSqliteSearchEngine(db, tuning) : createPostgresSearchEngine(db, tuning);

  async function supersearch(params: SupersearchParams): Promise<SearchResponse> {
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
    /** The supersearch: exact DOT/MC matches first, then the order of decision 039, filtered and paged. */
    supersearch,
    /** The same from an untrusted query string (the API and the search pages); bad input raises a 400. */
    supersearchQuery: (raw: unknown) => supersearch(parseSupersearchQuery(raw)),
    /** The same from a query its schema accepted (the API's route). */
    supersearchValidated: (query: SupersearchQuery) => supersearch(supersearchParams(query)),
  };
}

export type SearchService = ReturnType<typeof createSearchService>;

import type { SearchResponse, SupersearchQuery } from '../../../core/contracts/search.ts';
import { MAX_SEARCH_RESULTS, searchPageLimit } from '../../../core/search-bounds.ts';
import type { Db } from '../../db/database.ts';
import type { Dialect } from '../../db/migrate.ts';
import { toCompanyView } from '../companies/company-view.ts';
import { SEARCH_TUNING, type SearchEngine, type SearchTuning } from './engine.ts';
import { createPostgresSearchEngine } from './engine-postgres.ts';
import { createSqliteSearchEngine } from './engine-sqlite.ts';
import { parseSearchTerms } from './search-terms.ts';
import { parseSupersearchQuery, supersearchParams, type SupersearchParams } from './supersearch-query.ts';

/** Tests lower the tuning to take every path on small data. */
export function createSearchService(db: Db, dialect: Dialect, tuning: Partial<SearchTuning> = {}) {
  const tuned = { ...SEARCH_TUNING, ...tuning };
  const engine: SearchEngine =
    dialect === 'sqlite' ? createSqliteSearchEngine(db, tuned) : createPostgresSearchEngine(db, tuned);

  async function supersearch(params: SupersearchParams): Promise<SearchResponse> {
    const pageLimit = searchPageLimit(params.limit);
    const offset = (params.page - 1) * params.limit;
    // A page past the bound lists nothing but still counts, so the page can say how many matched.
    const hits = await engine.search({
      terms: parseSearchTerms(params.term),
      filters: params.filters,
      offset: params.page > pageLimit ? 0 : offset,
      limit: params.page > pageLimit ? 0 : Math.min(params.limit, MAX_SEARCH_RESULTS - offset),
    });
    const rows =
      hits.ids.length === 0
        ? []
        : await db.selectFrom('companies').selectAll().where('id', 'in', hits.ids).execute();
    const byId = new Map(rows.map((row) => [row.id, toCompanyView(row)]));
    return {
      data: hits.ids.flatMap((id) => byId.get(id) ?? []),
      total: hits.total,
      total_exact: hits.totalExact,
      page: params.page,
      limit: params.limit,
      total_pages: Math.ceil(hits.total / params.limit),
      page_limit: pageLimit,
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

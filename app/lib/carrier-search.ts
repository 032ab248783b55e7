import {
  NO_PAGE_FILTERS,
  readPageFilters,
  writePageFilters,
  type PageFilters,
} from '../../core/search-filters.ts';

/**
 * The search page's URL parameters (public-side section 2 "Search"): the term, the page and the
 * filters under their supersearch names (core/search-filters.ts gives their names in the URL).
 */
export interface SearchPageParams extends PageFilters {
  q: string;
  page: number;
}

export const COMPANY_TYPE_OPTIONS = ['Carrier', 'Broker'] as const;

export const NO_SEARCH_PARAMS: SearchPageParams = { ...NO_PAGE_FILTERS, q: '', page: 1 };

export function readSearchParams(query: URLSearchParams): SearchPageParams {
  const page = Number.parseInt(query.get('page') ?? '1', 10);
  return {
    ...readPageFilters(query),
    q: (query.get('q') ?? '').trim(),
    page: Number.isFinite(page) && page >= 1 ? page : 1,
  };
}

/** The shareable /search URL for parameters; empty ones are left out. */
export function searchUrl(params: SearchPageParams): string {
  const query = new URLSearchParams({ q: params.q });
  writePageFilters(query, params, 'page', 'either');
  if (params.page > 1) query.set('page', String(params.page));
  return `/search?${query.toString()}`;
}

/** The supersearch API query for the page's parameters (10 results a page). */
export function supersearchQuery(params: SearchPageParams, limit = 10): Record<string, string> {
  const query = new URLSearchParams({
    super_search_term: params.q,
    page: String(params.page),
    limit: String(limit),
  });
  writePageFilters(query, params, 'api', 'either');
  return Object.fromEntries(query);
}

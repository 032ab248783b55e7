import {
  NO_FLAGS,
  PAGE_PARAM,
  readFlags,
  readList,
  writeFlags,
  type FlagFilters,
} from '../../core/search-filters.ts';

/**
 * The search page's URL parameters (public-side section 2 "Search"), each filter under its
 * supersearch name (core/search-filters.ts gives its name in the URL).
 */
export interface SearchPageParams {
  q: string;
  address_state: string;
  company_types: string[];
  radius_zipcode: string;
  radius_miles: string;
  flags: FlagFilters;
  page: number;
}

export const COMPANY_TYPE_OPTIONS = ['Carrier', 'Broker'] as const;

export const NO_SEARCH_PARAMS: SearchPageParams = {
  q: '',
  address_state: '',
  company_types: [],
  radius_zipcode: '',
  radius_miles: '',
  flags: NO_FLAGS,
  page: 1,
};

export function readSearchParams(query: URLSearchParams): SearchPageParams {
  const page = Number.parseInt(query.get('page') ?? '1', 10);
  return {
    q: (query.get('q') ?? '').trim(),
    address_state: query.get(PAGE_PARAM.address_state) ?? '',
    company_types: readList(query, PAGE_PARAM.company_types),
    radius_zipcode: (query.get(PAGE_PARAM.radius_zipcode) ?? '').trim(),
    radius_miles: (query.get(PAGE_PARAM.radius_miles) ?? '').trim(),
    flags: readFlags(query),
    page: Number.isFinite(page) && page >= 1 ? page : 1,
  };
}

/** The shareable /search URL for parameters; empty ones are left out. */
export function searchUrl(params: SearchPageParams): string {
  const query = new URLSearchParams();
  query.set('q', params.q);
  if (params.address_state) query.set(PAGE_PARAM.address_state, params.address_state);
  if (params.company_types.length) query.set(PAGE_PARAM.company_types, params.company_types.join(','));
  if (params.radius_zipcode) query.set(PAGE_PARAM.radius_zipcode, params.radius_zipcode);
  if (params.radius_miles) query.set(PAGE_PARAM.radius_miles, params.radius_miles);
  writeFlags(query, params.flags, 'page');
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
  if (params.address_state) query.set('address_state', params.address_state);
  if (params.company_types.length) query.set('company_types', params.company_types.join(',').toLowerCase());
  if (params.radius_zipcode || params.radius_miles) {
    query.set('radius_zipcode', params.radius_zipcode);
    query.set('radius_miles', params.radius_miles);
  }
  writeFlags(query, params.flags, 'api');
  return Object.fromEntries(query);
}

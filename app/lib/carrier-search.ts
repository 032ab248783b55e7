/** The search page's URL parameters (public-side section 2 "Search") and the API's names for them. */
export interface SearchPageParams {
  q: string;
  addressState: string;
  companyTypes: string[];
  radiusZipcode: string;
  radiusMiles: string;
  authority: AuthorityFlags;
  page: number;
}

export const COMPANY_TYPE_OPTIONS = ['Carrier', 'Broker'] as const;

/**
 * The L&I filters of the search and city pages (issue 18): each its own URL parameter, 'true' when
 * ticked (what a plain form sends for a checked box), and the supersearch parameter it sets.
 */
export const AUTHORITY_FILTERS = [
  { param: 'authorizedOnly', apiParam: 'authorized_only', label: 'Authorized for hire' },
  { param: 'insuredOnly', apiParam: 'insured_only', label: 'Insurance on file' },
] as const;

export type AuthorityFlags = Record<(typeof AUTHORITY_FILTERS)[number]['param'], boolean>;

export const NO_AUTHORITY_FLAGS: AuthorityFlags = { authorizedOnly: false, insuredOnly: false };

export function readAuthorityFlags(searchParams: URLSearchParams): AuthorityFlags {
  const flags = { ...NO_AUTHORITY_FLAGS };
  for (const { param } of AUTHORITY_FILTERS) flags[param] = searchParams.get(param) === 'true';
  return flags;
}

/** Sets the ticked filters' page parameters on a URL query. */
export function writeAuthorityFlags(query: URLSearchParams, flags: AuthorityFlags): void {
  for (const { param } of AUTHORITY_FILTERS) if (flags[param]) query.set(param, 'true');
}

/** Sets the ticked filters' supersearch parameters on an API query. */
export function authorityApiQuery(query: Record<string, string>, flags: AuthorityFlags): void {
  for (const { param, apiParam } of AUTHORITY_FILTERS) if (flags[param]) query[apiParam] = 'true';
}

export function anyAuthorityFlag(flags: AuthorityFlags): boolean {
  return AUTHORITY_FILTERS.some(({ param }) => flags[param]);
}

/** Reads the parameters; companyTypes may be a comma list or repeated (a plain HTML form repeats it). */
export function readSearchParams(searchParams: URLSearchParams): SearchPageParams {
  const page = Number.parseInt(searchParams.get('page') ?? '1', 10);
  return {
    q: (searchParams.get('q') ?? '').trim(),
    addressState: searchParams.get('addressState') ?? '',
    companyTypes: searchParams
      .getAll('companyTypes')
      .flatMap((value) => value.split(','))
      .map((value) => value.trim())
      .filter(Boolean),
    radiusZipcode: (searchParams.get('radiusZipcode') ?? '').trim(),
    radiusMiles: (searchParams.get('radiusMiles') ?? '').trim(),
    authority: readAuthorityFlags(searchParams),
    page: Number.isFinite(page) && page >= 1 ? page : 1,
  };
}

/** The shareable /search URL for parameters; empty ones are left out. */
export function searchUrl(params: SearchPageParams): string {
  const query = new URLSearchParams();
  query.set('q', params.q);
  if (params.addressState) query.set('addressState', params.addressState);
  if (params.companyTypes.length) query.set('companyTypes', params.companyTypes.join(','));
  if (params.radiusZipcode) query.set('radiusZipcode', params.radiusZipcode);
  if (params.radiusMiles) query.set('radiusMiles', params.radiusMiles);
  writeAuthorityFlags(query, params.authority);
  if (params.page > 1) query.set('page', String(params.page));
  return `/search?${query.toString()}`;
}

/** The supersearch API query for the page's parameters (10 results a page). */
export function supersearchQuery(params: SearchPageParams, limit = 10): Record<string, string> {
  const query: Record<string, string> = {
    super_search_term: params.q,
    page: String(params.page),
    limit: String(limit),
  };
  if (params.addressState) query.address_state = params.addressState;
  if (params.companyTypes.length) query.company_types = params.companyTypes.join(',').toLowerCase();
  if (params.radiusZipcode || params.radiusMiles) {
    query.radius_zipcode = params.radiusZipcode;
    query.radius_miles = params.radiusMiles;
  }
  authorityApiQuery(query, params.authority);
  return query;
}

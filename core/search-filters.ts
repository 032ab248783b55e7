/**
 * The supersearch's filters, each with one name from the URL to SQL: its API parameter
 * (core/contracts/search.ts), which the engine's SearchFilters keeps. The search and city pages show
 * the spec's camel-case names in their URLs (`addressState`); this module is the only place the two
 * names meet.
 */

/** The pages' URL name of each filter parameter. */
export const PAGE_PARAM = {
  address_state: 'addressState',
  company_types: 'companyTypes',
  cargo_types: 'cargoTypes',
  radius_zipcode: 'radiusZipcode',
  radius_miles: 'radiusMiles',
  authorized_only: 'authorizedOnly',
  insured_only: 'insuredOnly',
  hazmat_only: 'hazmatOnly',
  no_risk_signals: 'noRiskSignals',
} as const;

/**
 * The yes/no filters: a checkbox each on both pages, 'true' when ticked (what a plain form sends),
 * in the fieldset of their `group`.
 */
export const FLAG_FILTERS = [
  { param: 'authorized_only', label: 'Authorized for hire', group: 'Authority & Insurance' },
  { param: 'insured_only', label: 'Insurance on file', group: 'Authority & Insurance' },
  { param: 'hazmat_only', label: 'Hazmat carriers only', group: 'Hazardous Materials' },
  { param: 'no_risk_signals', label: 'No risk signals', group: 'Risk Signals' },
] as const;

export type FlagParam = (typeof FLAG_FILTERS)[number]['param'];
export type FlagFilters = Record<FlagParam, boolean>;

const NO_FLAGS = Object.fromEntries(FLAG_FILTERS.map(({ param }) => [param, false])) as FlagFilters;

/** The filters of the search and city pages, under their supersearch names. */
export interface PageFilters {
  address_state: string;
  company_types: string[];
  cargo_types: string[];
  radius_zipcode: string;
  radius_miles: string;
  flags: FlagFilters;
}

export const NO_PAGE_FILTERS: PageFilters = {
  address_state: '',
  company_types: [],
  cargo_types: [],
  radius_zipcode: '',
  radius_miles: '',
  flags: NO_FLAGS,
};

/** A list parameter of a page's URL: a comma list or repeated (a plain HTML form repeats it). */
function readList(query: URLSearchParams, name: string): string[] {
  return query
    .getAll(name)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
}

/** The filters of a page's URL (a shared link or a plain form's submission). */
export function readPageFilters(query: URLSearchParams): PageFilters {
  const flags = { ...NO_FLAGS };
  for (const { param } of FLAG_FILTERS) flags[param] = query.get(PAGE_PARAM[param]) === 'true';
  return {
    address_state: (query.get(PAGE_PARAM.address_state) ?? '').trim(),
    company_types: readList(query, PAGE_PARAM.company_types),
    cargo_types: readList(query, PAGE_PARAM.cargo_types),
    radius_zipcode: (query.get(PAGE_PARAM.radius_zipcode) ?? '').trim(),
    radius_miles: (query.get(PAGE_PARAM.radius_miles) ?? '').trim(),
    flags,
  };
}

/**
 * Sets the filters that are set on a URL query, under the pages' names or the API's. A radius goes
 * with both its fields (`radius: 'both'`, a city page's filtered mode), or with either (the search
 * page, whose API call then says which one is missing).
 */
export function writePageFilters(
  query: URLSearchParams,
  filters: PageFilters,
  names: 'page' | 'api',
  radius: 'both' | 'either',
): void {
  const name = (param: keyof typeof PAGE_PARAM) => (names === 'page' ? PAGE_PARAM[param] : param);
  if (filters.address_state) query.set(name('address_state'), filters.address_state);
  if (filters.company_types.length) query.set(name('company_types'), filters.company_types.join(','));
  if (filters.cargo_types.length) query.set(name('cargo_types'), filters.cargo_types.join(','));
  const [zipcode, miles] = [filters.radius_zipcode, filters.radius_miles];
  if (radius === 'both' ? zipcode && miles : zipcode || miles) {
    query.set(name('radius_zipcode'), zipcode);
    query.set(name('radius_miles'), miles);
  }
  for (const { param } of FLAG_FILTERS) if (filters.flags[param]) query.set(name(param), 'true');
}

/** Whether any filter is set, a radius with both its fields. */
export function anyPageFilter(filters: PageFilters): boolean {
  const query = new URLSearchParams();
  writePageFilters(query, filters, 'api', 'both');
  return [...query.keys()].length > 0;
}

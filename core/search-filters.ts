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
} as const;

/**
 * The yes/no filters: a checkbox each on both pages, 'true' when ticked (what a plain form sends),
 * in the fieldset of their `group`.
 */
export const FLAG_FILTERS = [
  { param: 'authorized_only', label: 'Authorized for hire', group: 'Authority & Insurance' },
  { param: 'insured_only', label: 'Insurance on file', group: 'Authority & Insurance' },
  { param: 'hazmat_only', label: 'Hazmat carriers only', group: 'Hazardous Materials' },
] as const;

export type FlagParam = (typeof FLAG_FILTERS)[number]['param'];
export type FlagFilters = Record<FlagParam, boolean>;

export const NO_FLAGS = Object.fromEntries(FLAG_FILTERS.map(({ param }) => [param, false])) as FlagFilters;

/** The ticked flags of a page's URL. */
export function readFlags(query: URLSearchParams): FlagFilters {
  const flags = { ...NO_FLAGS };
  for (const { param } of FLAG_FILTERS) flags[param] = query.get(PAGE_PARAM[param]) === 'true';
  return flags;
}

/** Sets the ticked flags on a URL query (`names`: the page's names or the API's). */
export function writeFlags(query: URLSearchParams, flags: FlagFilters, names: 'page' | 'api'): void {
  for (const { param } of FLAG_FILTERS)
    if (flags[param]) query.set(names === 'page' ? PAGE_PARAM[param] : param, 'true');
}

export function anyFlag(flags: FlagFilters): boolean {
  return FLAG_FILTERS.some(({ param }) => flags[param]);
}

/** A list parameter of a page's URL: a comma list or repeated (a plain HTML form repeats it). */
export function readList(query: URLSearchParams, name: string): string[] {
  return query
    .getAll(name)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
}

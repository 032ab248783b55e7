import { titleCase } from '../../core/format.ts';
import {
  anyFlag,
  PAGE_PARAM,
  readFlags,
  readList,
  writeFlags,
  type FlagFilters,
} from '../../core/search-filters.ts';

export interface CityParam {
  /** Title case, for display ('Kansas City'). */
  city: string;
  /** Upper case state code. */
  state: string;
}

/**
 * The city page parameter: words joined by hyphens, state code last ('kansas-city-mo'). Null when it
 * has fewer than two parts (spec: 'Invalid city or state parameter').
 */
export function parseCityParam(value: string): CityParam | null {
  const parts = value.split('-').filter(Boolean);
  if (parts.length < 2) return null;
  const state = (parts.at(-1) ?? '').toUpperCase();
  return { city: titleCase(parts.slice(0, -1).join(' ')), state };
}

/** City pages: 10 results a page, every page shown up to 7, a 'Go to page' box above 10 (spec section 9). */
export const CITY_PAGE_SIZE = 10;
export const CITY_ALL_PAGES_UP_TO = 7;
export const CITY_GO_TO_PAGE_ABOVE = 10;

/** A city page's filters, each under its supersearch name (core/search-filters.ts gives its name in the URL). */
export interface CityFilters {
  company_types: string[];
  cargo_types: string[];
  radius_zipcode: string;
  radius_miles: string;
  flags: FlagFilters;
}

export function readCityFilters(query: URLSearchParams): CityFilters {
  return {
    company_types: readList(query, PAGE_PARAM.company_types),
    cargo_types: readList(query, PAGE_PARAM.cargo_types),
    radius_zipcode: (query.get(PAGE_PARAM.radius_zipcode) ?? '').trim(),
    radius_miles: (query.get(PAGE_PARAM.radius_miles) ?? '').trim(),
    flags: readFlags(query),
  };
}

/** Filtered mode: company types, cargo types, both radius fields (spec section 4) or a yes/no filter. */
export function isFiltered(filters: CityFilters): boolean {
  return (
    filters.company_types.length > 0 ||
    filters.cargo_types.length > 0 ||
    anyFlag(filters.flags) ||
    Boolean(filters.radius_zipcode && filters.radius_miles)
  );
}

/** The query of a city page's URL for filters and a page; page 1 is left out. */
export function cityQuery(filters: CityFilters, page: number): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.company_types.length) query.set(PAGE_PARAM.company_types, filters.company_types.join(','));
  if (filters.cargo_types.length) query.set(PAGE_PARAM.cargo_types, filters.cargo_types.join(','));
  if (filters.radius_zipcode && filters.radius_miles) {
    query.set(PAGE_PARAM.radius_zipcode, filters.radius_zipcode);
    query.set(PAGE_PARAM.radius_miles, filters.radius_miles);
  }
  writeFlags(query, filters.flags, 'page');
  if (page > 1) query.set('page', String(page));
  return query;
}

/** The supersearch API query of a city's page: its carriers, filtered. */
export function citySupersearchQuery(
  place: CityParam,
  filters: CityFilters,
  page: number,
): Record<string, string> {
  const query = new URLSearchParams({
    address_city: place.city,
    address_state: place.state,
    page: String(page),
    limit: String(CITY_PAGE_SIZE),
  });
  if (filters.company_types.length) query.set('company_types', filters.company_types.join(','));
  if (filters.cargo_types.length) query.set('cargo_types', filters.cargo_types.join(','));
  if (filters.radius_zipcode && filters.radius_miles) {
    query.set('radius_zipcode', filters.radius_zipcode);
    query.set('radius_miles', filters.radius_miles);
  }
  writeFlags(query, filters.flags, 'api');
  return Object.fromEntries(query);
}

/** The canonical URL of a city page (`path`) with filters and a page. */
export function cityUrl(path: string, filters: CityFilters, page: number): string {
  const text = cityQuery(filters, page).toString();
  return text ? `${path}?${text}` : path;
}

/** The Cargo Types dropdown's summary: the count of ticked types once there is one. */
export function cargoTypesSummary(selected: number): string {
  return selected ? `Cargo Types (${selected} selected)` : 'Cargo Types';
}

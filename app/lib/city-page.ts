import { titleCase } from '../../core/format.ts';
import {
  anyPageFilter,
  readPageFilters,
  writePageFilters,
  type PageFilters,
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

/**
 * A city page's filters, under their supersearch names (core/search-filters.ts gives their names in
 * the URL); its state is the page's own.
 */
export type CityFilters = PageFilters;

export function readCityFilters(query: URLSearchParams): CityFilters {
  return { ...readPageFilters(query), address_state: '' };
}

/** Filtered mode: company types, cargo types, both radius fields (spec section 4) or a yes/no filter. */
export const isFiltered = anyPageFilter;

/** The query of a city page's URL for filters and a page; page 1 is left out. */
export function cityQuery(filters: CityFilters, page: number): URLSearchParams {
  const query = new URLSearchParams();
  writePageFilters(query, filters, 'page', 'both');
  if (page > 1) query.set('page', String(page));
  return query;
}

/** The supersearch API query of a city's page: its carriers, filtered. */
export function citySupersearchQuery(
  place: CityParam,
  filters: CityFilters,
  page: number,
): Record<string, string> {
  const query = new URLSearchParams({ page: String(page), limit: String(CITY_PAGE_SIZE) });
  writePageFilters(query, filters, 'api', 'both');
  query.set('address_city', place.city);
  query.set('address_state', place.state);
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

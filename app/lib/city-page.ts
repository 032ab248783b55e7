import { titleCase } from '../../core/format.ts';
import {
  anyAuthorityFlag,
  readAuthorityFlags,
  writeAuthorityFlags,
  type AuthorityFlags,
} from './carrier-search.ts';

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

export interface CityFilters {
  companyTypes: string[];
  cargoTypes: string[];
  radiusZipcode: string;
  radiusMiles: string;
  authority: AuthorityFlags;
}

function listParam(searchParams: URLSearchParams, name: string): string[] {
  return searchParams
    .getAll(name)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
}

export function readCityFilters(searchParams: URLSearchParams): CityFilters {
  return {
    companyTypes: listParam(searchParams, 'companyTypes'),
    cargoTypes: listParam(searchParams, 'cargoTypes'),
    radiusZipcode: (searchParams.get('radiusZipcode') ?? '').trim(),
    radiusMiles: (searchParams.get('radiusMiles') ?? '').trim(),
    authority: readAuthorityFlags(searchParams),
  };
}

/** Filtered mode: company types, cargo types, both radius fields (spec section 4) or an L&I filter. */
export function isFiltered(filters: CityFilters): boolean {
  return (
    filters.companyTypes.length > 0 ||
    filters.cargoTypes.length > 0 ||
    anyAuthorityFlag(filters.authority) ||
    Boolean(filters.radiusZipcode && filters.radiusMiles)
  );
}

/** The query of a city page's URL for filters and a page; page 1 is left out. */
export function cityQuery(filters: CityFilters, page: number): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.companyTypes.length) query.set('companyTypes', filters.companyTypes.join(','));
  if (filters.cargoTypes.length) query.set('cargoTypes', filters.cargoTypes.join(','));
  if (filters.radiusZipcode && filters.radiusMiles) {
    query.set('radiusZipcode', filters.radiusZipcode);
    query.set('radiusMiles', filters.radiusMiles);
  }
  writeAuthorityFlags(query, filters.authority);
  if (page > 1) query.set('page', String(page));
  return query;
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

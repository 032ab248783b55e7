import { titleCase } from '../../core/format.ts';

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

import type { CargoCode } from '../../../core/cargo.ts';
import type { SearchTerms } from './search-terms.ts';

export type CompanyType = 'carrier' | 'broker';

export interface SearchFilters {
  /** Two-letter state code, upper case. */
  state?: string;
  /** City name as FMCSA records write it (upper case); used with `state` by the city pages. */
  city?: string;
  /** Any of these roles (CARSHIP C or B). */
  types?: CompanyType[];
  /** Any of these authorised cargo types. */
  cargo?: CargoCode[];
  radius?: { latitude: number; longitude: number; miles: number };
  /** Only carriers authorized for hire (L&I, issue 18). */
  authorizedOnly?: boolean;
  /** Only carriers with the insurance their authority requires on file (L&I, issue 18). */
  insuredOnly?: boolean;
}

export interface SearchRequest {
  terms: SearchTerms;
  filters: SearchFilters;
  offset: number;
  limit: number;
}

/** Matching company ids in rank order for one page, and how many match in all. */
export interface SearchHits {
  ids: number[];
  total: number;
}

/**
 * The full-text engine of one dialect. Exact DOT or MC number matches rank first, then text
 * relevance. Implementations: engine-sqlite.ts (FTS5), engine-postgres.ts (tsvector).
 */
export interface SearchEngine {
  search(request: SearchRequest): Promise<SearchHits>;
}

/** Ranks exact number matches first and pages over "exact, then text hits without the exact ones". */
export async function mergeExactFirst(
  exactIds: number[],
  request: SearchRequest,
  textPage: (offset: number, limit: number, excluded: number[]) => Promise<SearchHits>,
): Promise<SearchHits> {
  const exactOnPage = exactIds.slice(request.offset, request.offset + request.limit);
  const textOffset = Math.max(0, request.offset - exactIds.length);
  const textLimit = request.limit - exactOnPage.length;
  const text = await textPage(textOffset, textLimit, exactIds);
  return { ids: [...exactOnPage, ...text.ids], total: exactIds.length + text.total };
}

/**
 * How many matches a text query ranks by relevance. Ranking costs about half a millisecond per
 * thousand matches, so a broad query ranks its first RANKED_MATCHES matches (in index order) and
 * lists the rest after them in index order (docs/decisions/011-bounded-ranking.md).
 */
export const RANKED_MATCHES = 2000;

/**
 * One page of text matches: the part inside the ranked window from `ranked`, the part past it from
 * `rest` (index order), so pages never repeat or skip a match at the window's edge.
 */
export async function pageOverRankedWindow(
  offset: number,
  limit: number,
  ranked: (offset: number, limit: number) => Promise<number[]>,
  rest: (offset: number, limit: number) => Promise<number[]>,
): Promise<number[]> {
  const inWindow =
    offset < RANKED_MATCHES ? await ranked(offset, Math.min(limit, RANKED_MATCHES - offset)) : [];
  const remaining = limit - inWindow.length;
  const pastWindow =
    remaining > 0 && offset + limit > RANKED_MATCHES
      ? await rest(Math.max(offset, RANKED_MATCHES), remaining)
      : [];
  return [...inWindow, ...pastWindow];
}

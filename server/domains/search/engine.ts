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
}

export interface SearchRequest {
  terms: SearchTerms;
  filters: SearchFilters;
  offset: number;
  limit: number;
}

/**
 * Matching company ids in rank order for one page, and how many match in all: exactly when
 * `totalExact`, otherwise at least `total` (sql-conditions.ts, COUNT_BOUND).
 */
export interface SearchHits {
  ids: number[];
  total: number;
  totalExact: boolean;
}

/**
 * The full-text engine of one dialect. Exact DOT or MC number matches rank first, then text matches
 * in the order of sql-conditions.ts textMatchOrder. Implementations: engine-sqlite.ts (FTS5), engine-postgres.ts (tsvector).
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
  return {
    ids: [...exactOnPage, ...text.ids],
    total: exactIds.length + text.total,
    totalExact: text.totalExact,
  };
}

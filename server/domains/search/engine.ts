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

/**
 * One group of equally ranked matches, in fleet order (sql-conditions.ts fleetOrder): `count` counts
 * it up to COUNT_BOUND; `sorted` pages it by reading and sorting all of it (fast while it is small);
 * `walked` pages it by walking the fleet-order index and keeping its members (fast when it is large,
 * since members are then dense along the index).
 */
export interface MatchGroup {
  count: () => Promise<Pick<SearchHits, 'total' | 'totalExact'>>;
  sorted: (offset: number, limit: number) => Promise<number[]>;
  walked: (offset: number, limit: number) => Promise<number[]>;
}

/**
 * Pages over ranked groups: `first` (a short list already in order: exact names), then each group
 * in turn, every id once. `total` is the count of all matches, which contains every group.
 */
export async function pageOverGroups(
  first: number[],
  groups: MatchGroup[],
  total: Pick<SearchHits, 'total' | 'totalExact'>,
  offset: number,
  limit: number,
): Promise<SearchHits> {
  const ids = first.slice(offset, offset + limit);
  let skipped = first.length;
  for (const group of groups) {
    if (ids.length >= limit || offset + ids.length >= total.total) break;
    const size = await group.count();
    const from = Math.max(0, offset + ids.length - skipped);
    if (from < size.total || !size.totalExact) {
      const page = size.totalExact ? group.sorted : group.walked;
      ids.push(...(await page(from, limit - ids.length)));
    }
    if (!size.totalExact) break;
    skipped += size.total;
  }
  return { ids, ...total };
}

import type { CargoCode } from '../../../core/cargo.ts';
import { nameRank } from '../../../core/search-words.ts';
import type { SearchTerms } from './search-terms.ts';

export type CompanyType = 'carrier' | 'broker';

/**
 * A search's filters, each under its supersearch parameter's name (core/search-filters.ts maps the
 * pages' URL names to them); the radius is its two parameters as a circle.
 */
export interface SearchFilters {
  /** Two-letter state code, upper case. */
  address_state?: string;
  /** City name as FMCSA records write it (upper case); used with `address_state` by the city pages. */
  address_city?: string;
  /** Any of these roles (CARSHIP C or B). */
  company_types?: CompanyType[];
  /** Any of these authorised cargo types. */
  cargo_types?: CargoCode[];
  /** `radius_zipcode`'s centre and `radius_miles`. */
  radius?: { latitude: number; longitude: number; miles: number };
  /** Only carriers authorized for hire (L&I, issue 18). */
  authorized_only?: boolean;
  /** Only carriers with the insurance their authority requires on file (L&I, issue 18). */
  insured_only?: boolean;
  /** Only carriers whose census HM flag says they haul hazardous materials. */
  hazmat_only?: boolean;
  /** Only carriers with no risk signal (issue 55, companies.risk_signals). */
  no_risk_signals?: boolean;
}

/**
 * How the engines test each filter: as a facet token inside the full-text indexes (facets.ts), which
 * keeps every fast path, or as a condition on the row (sql-conditions.ts). Every filter is also a
 * condition on the row where no word is typed. A new filter must say which.
 */
export const FILTER_KINDS: Record<keyof SearchFilters, 'facet' | 'row'> = {
  address_state: 'facet',
  company_types: 'facet',
  cargo_types: 'facet',
  hazmat_only: 'facet',
  address_city: 'row',
  radius: 'row',
  authorized_only: 'row',
  insured_only: 'row',
  no_risk_signals: 'row',
};

/** The filters a search sets: a list with an item, a flag that is on, a value given. */
export function filtersSet(filters: SearchFilters): (keyof SearchFilters)[] {
  return (Object.keys(filters) as (keyof SearchFilters)[]).filter((name) => {
    const value = filters[name];
    return Array.isArray(value) ? value.length > 0 : Boolean(value);
  });
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

export type SearchTotal = Pick<SearchHits, 'total' | 'totalExact'>;

/**
 * The full-text engine of one dialect. Exact DOT or MC number matches rank first, then text matches:
 * exact names, names that start with the words, the rest, each in fleet order (docs/search.md).
 * Implementations: engine-sqlite.ts (FTS5), engine-postgres.ts (tsvector).
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
  return { ...text, ids: [...exactOnPage, ...text.ids], total: exactIds.length + text.total };
}

/**
 * One group of equally ranked matches, paged in fleet order (sql-conditions.ts fleetOrder): the
 * members at positions [from, from + size), and the group's size when the read reached its end
 * (null when the group goes on past the page).
 */
export type GroupPage = (from: number, size: number) => Promise<{ ids: number[]; size: number | null }>;

/**
 * Pages over ranked groups: `first` (a short list already in order: exact names), then each group
 * in turn, every id once. `total` is the count of all matches, which contains every group.
 */
export async function pageOverGroups(
  first: number[],
  groups: GroupPage[],
  total: SearchTotal,
  offset: number,
  limit: number,
): Promise<SearchHits> {
  const ids = first.slice(offset, offset + limit);
  let skipped = first.length;
  for (const group of groups) {
    if (ids.length >= limit || offset + ids.length >= total.total) break;
    const from = Math.max(0, offset + ids.length - skipped);
    const page = await group(from, Math.min(limit - ids.length, total.total - offset - ids.length));
    ids.push(...page.ids);
    if (page.size === null) break;
    skipped += page.size;
  }
  return { ids, ...total };
}

/** A rank group read along the rank key (rank-key.ts), which both dialects index. */
export interface KeyOrderedGroup {
  /** Members in key order, at most `limit`, from the first key of bucket `fromBucket` (or from the start). */
  read(limit: number, fromBucket: number | null): Promise<{ id: number; bucket: number }[]>;
  /** Every member in one bucket. */
  bucket(bucket: number): Promise<number[]>;
  /** Of `ids`, `limit` from `offset` in the exact fleet order (sql-conditions.ts fleetOrder). */
  sorted(ids: number[], offset: number, limit: number): Promise<number[]>;
}

/**
 * Members [from, from + size) of a group in its exact fleet order, reading it in rank-key order only
 * up to the page's end and the rest of the last row's bucket: buckets are contiguous in both orders,
 * so what was read holds every member up to the page's end. `start` skips to a bucket whose `before`
 * members precede it (found in the index alone).
 */
export async function pageInKeyOrder(
  group: KeyOrderedGroup,
  from: number,
  size: number,
  start: { bucket: number; before: number } | null = null,
): Promise<{ ids: number[]; size: number | null }> {
  const before = start?.before ?? 0;
  const need = from - before + size;
  const rows = await group.read(need, start?.bucket ?? null);
  const complete = rows.length < need;
  const groupSize = complete ? before + rows.length : null;
  const first = rows[from - before];
  if (first === undefined) return { ids: [], size: groupSize };
  const firstOfBucket = rows.findIndex((row) => row.bucket === first.bucket);
  const candidates = new Set(rows.slice(firstOfBucket).map((row) => row.id));
  if (!complete) for (const id of await group.bucket(rows[rows.length - 1]!.bucket)) candidates.add(id);
  const ids = await group.sorted([...candidates], from - before - firstOfBucket, size);
  return { ids, size: groupSize };
}

/** Where the engines change path or read (docs/search.md, section 5); tests lower them to take every way. */
export interface SearchTuning {
  /** SQLite ranks up to this many matches in JavaScript, PostgreSQL a word's posted matches with their count. */
  fewMatches: number;
  /** PostgreSQL's GIN path ranks up to this many matches in its counting statement, which reads their rows anyway. */
  rankedInCount: number;
  /** A prefix of at most this many terms is asked as the terms, lists the indexes step through. */
  mostPrefixTerms: number;
  /** SQLite narrows a circle by place inside its indexes when the words match more carriers than this. */
  cellsFromMatches: number;
  /** SQLite: a seek in the circle index costs this many matches measured one by one. */
  circleRangeMatches: number;
  /** PostgreSQL walks a rank group's early page along the rank key within this many rows. */
  groupWalkRows: number;
}

export const SEARCH_TUNING: SearchTuning = {
  // Ranking a few in one read of their rows costs less than the rank groups' several reads.
  fewMatches: 500,
  // COUNT_BOUND: everything it counts.
  rankedInCount: 10_000,
  // A longer OR of terms costs more than the prefix's own merge.
  mostPrefixTerms: 32,
  // Measuring a few thousand rows costs less than a seek per run of cells in every list.
  cellsFromMatches: 10_000,
  circleRangeMatches: 14,
  // An early page of a common word lies within the largest fleets.
  groupWalkRows: 20_000,
};

/** A match with what ranks it. */
export interface RankedRow {
  id: number;
  name: string;
  dba_name: string | null;
  power_units: number | null;
  dot_number: number;
}

/**
 * Every match of a search with few, in the stated order (decision 039): name rank, then fleetOrder
 * (power units descending, unknown last; name in UTF-8 byte order, as both dialects compare; DOT).
 * One read of the matches with their rows costs less than the several index reads of the rank groups.
 */
export function rankFew(rows: RankedRow[], words: readonly string[]): number[] {
  const key = words.join(' ');
  const ranked = rows.map((row) => ({
    row,
    rank: nameRank(row.name, row.dba_name, key),
    fleet: row.power_units === null ? -1 : Number(row.power_units),
    name: Buffer.from(row.name),
  }));
  ranked.sort(
    (a, b) =>
      a.rank - b.rank ||
      b.fleet - a.fleet ||
      Buffer.compare(a.name, b.name) ||
      Number(a.row.dot_number) - Number(b.row.dot_number),
  );
  return ranked.map(({ row }) => Number(row.id));
}

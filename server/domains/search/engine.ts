import type { CargoCode } from '../../../core/cargo.ts';
import { nameRank } from '../../../core/search-words.ts';
import type { SearchTerms } from './search-terms.ts';

export type CompanyType = 'carrier' | 'broker';

/** A search's filters under their supersearch parameters' names; the radius's two make one circle. */
export interface SearchFilters {
  address_state?: string;
  /** Upper case, as FMCSA writes it; the city pages set it with `address_state`. */
  address_city?: string;
  company_types?: CompanyType[];
  cargo_types?: CargoCode[];
  radius?: { latitude: number; longitude: number; miles: number };
  authorized_only?: boolean;
  insured_only?: boolean;
  hazmat_only?: boolean;
  no_risk_signals?: boolean;
}

/** How the engines test each filter with words: a facet token of the indexes keeps every fast path (docs/search.md). */
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

/** One page of matching company ids in rank order, and how many match: at least `total` unless `totalExact`. */
export interface SearchHits {
  ids: number[];
  total: number;
  totalExact: boolean;
}

export type SearchTotal = Pick<SearchHits, 'total' | 'totalExact'>;

/** The engine of one dialect (engine-sqlite.ts, engine-postgres.ts), ranking as docs/search.md states. */
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

/** Members [from, from + size) of a group of equally ranked matches, and its size once read to its end. */
export type GroupPage = (from: number, size: number) => Promise<{ ids: number[]; size: number | null }>;

/** Pages over `first` (exact names, in order), then each group in turn; `total` counts every group. */
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
 * Members [from, from + size) of a group in fleet order, read in rank-key order up to the page's end and
 * the rest of its last bucket (docs/search.md section 3). `start`: a bucket and the members before it.
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

/** Where the engines change path or read (docs/search.md, section 5), each with its reason; tests lower them. */
export const SEARCH_TUNING = {
  // Up to this many matches are ranked in one read of their rows, which costs less than the groups' reads.
  fewMatches: 500,
  // PostgreSQL's GIN path ranks all it counts (COUNT_BOUND): its counting statement reads their rows anyway.
  rankedInCount: 10_000,
  // A prefix of at most this many terms is asked as them: a longer OR costs more than the prefix's merge.
  mostPrefixTerms: 32,
  // SQLite narrows a circle by place in its indexes past this many matches: measuring fewer costs less.
  cellsFromMatches: 10_000,
  // SQLite: a seek in the circle index costs about as much as measuring this many matches one by one.
  circleRangeMatches: 14,
  // PostgreSQL walks a group's early page along the rank key this far: it lies among the largest fleets.
  groupWalkRows: 20_000,
};

export type SearchTuning = typeof SEARCH_TUNING;

/** A match with what ranks it. */
export interface RankedRow {
  id: number;
  name: string;
  dba_name: string | null;
  power_units: number | null;
  dot_number: number;
}

/** A few matches in the stated order: name rank, then fleetOrder (sql-conditions.ts) as both dialects compare. */
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

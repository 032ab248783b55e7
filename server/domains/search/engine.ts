import type { CargoCode } from '../../../core/cargo.ts';
import { nameRank } from '../../../core/search-words.ts';
import type { Dialect } from '../../db/migrate.ts';
import type { SearchTerms } from './search-terms.ts';
import { COUNT_BOUND } from './sql-conditions.ts';

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
  total: Pick<SearchHits, 'total' | 'totalExact'>,
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
 * members precede it (found in the index alone); the returned size counts the group whole once the
 * read reached its end.
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

/**
 * Where an engine changes strategy. `fewMatches`: searches with at most this many text matches are
 * ranked in one pass (SQLite: read whole with their rows and ranked here, rankFew; PostgreSQL:
 * counted, ranked and paged by one statement, up to COUNT_BOUND); more go through the rank groups.
 * `cellsFromMatches` (SQLite): a radius search narrows by its grid cells inside the index when its
 * words match more carriers than this; a long OR of cells costs more per match than measuring a few
 * thousand rows. Tests lower them to check every way on small data.
 */
export interface EngineTuning {
  fewMatches: number;
  cellsFromMatches: number;
  /**
   * `mostPrefixTerms`: a typed prefix that starts at most this many terms is asked as those terms
   * (prefix-terms.ts; SQLite: past its prefix indexes; PostgreSQL: where GIN intersects it with
   * another list); one that starts more stays a prefix query.
   */
  mostPrefixTerms: number;
  /**
   * `mostLoneTermSteps` (PostgreSQL): a word searched alone (no other word, required facet or circle)
   * is asked as its whole terms too when the planner's estimate of the prefix's matches times its
   * terms is at most this: GIN merges the terms' lists one step per term at each match, and gathers a
   * prefix's matches at about 2 µs each (engine-postgres.ts wordTerms, decision 065).
   */
  mostLoneTermSteps: number;
  /**
   * `rowTestCost` (PostgreSQL): what testing a row against the words costs, in rows a prefix's GIN
   * read costs; it decides whether a search's other prefixes are read in the index or tested on the
   * rows its rarest word finds (engine-postgres.ts matchCondition).
   */
  rowTestCost: number;
  /**
   * `circleRowTests` and `bandRowsPerRowTest` (PostgreSQL): a circle is tested on the words' rows
   * one by one, instead of read through the latitude index, when the words match at most
   * `circleRowTests` carriers and testing them costs less than reading the circle's band of the
   * index, a row test costing `bandRowsPerRowTest` rows of the band (engine-postgres.ts circleWay).
   */
  circleRowTests: number;
  bandRowsPerRowTest: number;
  /**
   * `cellCircleMiles` (PostgreSQL): a circle up to this radius whose words' rows are not tested one
   * by one is asked as its grid cells in the GIN index; a wider one reads the latitude index's band
   * (engine-postgres.ts circleWay).
   */
  cellCircleMiles: number;
  /**
   * `groupWalkRows` (PostgreSQL): a rank group's page is read along companies_rank_key, testing each
   * row, when the counting statement found the page's end among the group's members within the first
   * this many rows of the key index; otherwise the planner reads it (engine-postgres.ts walkEndKey).
   */
  groupWalkRows: number;
  /**
   * `startsNameKeyRows` (PostgreSQL): a page of the names that start with the words, not walked, is
   * read by the name-key indexes when the planner expects at most this many such names (about 2.5 µs
   * each), or when it would sort the group instead of walking the rank key (engine-postgres.ts
   * readsStartsByNameKeys, decision 066).
   */
  startsNameKeyRows: number;
}

/**
 * PostgreSQL ranks every match up to the bound in the statement that counts them: it fetches each
 * match's row to count it anyway, while another statement would build the words' index bitmap again.
 */
export const ENGINE_TUNING: Record<Dialect, EngineTuning> = {
  sqlite: {
    fewMatches: 500,
    cellsFromMatches: 10_000,
    mostPrefixTerms: 32,
    mostLoneTermSteps: 5_000_000,
    rowTestCost: 10,
    circleRowTests: 30_000,
    bandRowsPerRowTest: 25,
    cellCircleMiles: 250,
    groupWalkRows: 20_000,
    startsNameKeyRows: 20_000,
  },
  postgres: {
    fewMatches: COUNT_BOUND,
    cellsFromMatches: 10_000,
    mostPrefixTerms: 32,
    mostLoneTermSteps: 5_000_000,
    rowTestCost: 10,
    circleRowTests: 30_000,
    bandRowsPerRowTest: 25,
    cellCircleMiles: 250,
    groupWalkRows: 20_000,
    startsNameKeyRows: 20_000,
  },
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

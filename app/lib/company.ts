// The API's public company record and search response, as core/contracts declares them.
export type { Company } from '../../core/contracts/companies.ts';
export type { SearchResponse } from '../../core/contracts/search.ts';

/** A DOT number from a route parameter: one to nine digits, or 0 (no carrier has it) otherwise. */
export function dotNumberParam(text: string): number {
  return /^\d{1,9}$/.test(text) ? Number(text) : 0;
}

/**
 * A page number from a query parameter: one to five digits from 1 on, or 1 otherwise (a mistyped
 * link shows the first page rather than an error).
 */
export function pageParam(text: string | null): number {
  return text !== null && /^\d{1,5}$/.test(text) && Number(text) >= 1 ? Number(text) : 1;
}

/**
 * A search total as pages show it: the exact number ('Found 23 results'), or past the server's count
 * bound that bound with a plus ('Found 10,000+ results', docs/decisions/039-search-order-and-bounded-counts.md).
 */
export function resultCount(result: { total: number; total_exact: boolean }): string {
  return result.total_exact ? String(result.total) : `${result.total.toLocaleString('en-US')}+`;
}

// The API's public company record and search response, as core/contracts declares them.
export type { Company } from '../../core/contracts/companies.ts';
export type { SearchResponse } from '../../core/contracts/search.ts';

/** A DOT number from a route parameter: one to nine digits, or 0 (no carrier has it) otherwise. */
export function dotNumberParam(text: string): number {
  return /^\d{1,9}$/.test(text) ? Number(text) : 0;
}

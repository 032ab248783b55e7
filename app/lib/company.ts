// The API's public company record and search response, as the server defines them (type-only: no
// server code reaches the browser bundle).
export type { CompanyView as Company } from '../../server/domains/companies/company-view';
export type { SupersearchResult as SearchResponse } from '../../server/domains/search/service';

/** A DOT number from a route parameter: one to nine digits, or 0 (no carrier has it) otherwise. */
export function dotNumberParam(text: string): number {
  return /^\d{1,9}$/.test(text) ? Number(text) : 0;
}

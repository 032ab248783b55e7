/**
 * How deep a search pages: the first 1,000 results (page 100 at 10 a page). People narrow a search
 * rather than read further, and the bound keeps every page a short read of the index. No zod here:
 * the pages' browser code reads it, and zod must not build a schema there before it is configured.
 */
export const MAX_SEARCH_RESULTS = 1_000;

/** The last page a search answers with results at `limit` a page. */
export function searchPageLimit(limit: number): number {
  return Math.ceil(MAX_SEARCH_RESULTS / limit);
}

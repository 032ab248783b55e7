import type { SearchFilters } from './engine.ts';

/**
 * The web-label token's prefix, in both indexes (search-index.ts on SQLite, migration 030 on
 * PostgreSQL): '_w' and a word of the carrier's web domain ('_wacmefreight', '_wlines', '_wcom' for
 * 'acmefreight-lines.com'). A typed word matches a web domain's word whole, as this token
 * (docs/decisions/057-web-domain-words-whole.md).
 */
export const WEB_LABEL = '_w';

/**
 * The facet tokens a search's state, role and cargo filters ask both full-text indexes for
 * (search-index.ts on SQLite, migration 029 on PostgreSQL): every group of `required` must match
 * one of its tokens, and `excluded` must not match. Roles are stored as the rare cases, so a role
 * filter is often the NOT of one ('_typenoncarrier' for carriers, '_typenone' for either role).
 * Tokens start with '_', which typed words never contain.
 */
export function filterFacets(filters: SearchFilters): { required: string[][]; excluded: string | null } {
  const required: string[][] = [];
  if (filters.address_state) required.push([`_state${filters.address_state.toLowerCase()}`]);
  if (filters.cargo_types?.length) required.push(filters.cargo_types.map((code) => `_cargo${code.toLowerCase()}`));
  const types = new Set(filters.company_types ?? []);
  let excluded: string | null = null;
  if (types.has('carrier') && types.has('broker')) excluded = '_typenone';
  else if (types.has('carrier')) excluded = '_typenoncarrier';
  else if (brokersOnly(filters)) required.push(['_typebroker']);
  return { required, excluded };
}

/**
 * Whether a search asks for brokers and not carriers: the one role filter that is a facet every match
 * holds ('_typebroker', about a twentieth of the carriers) rather than the NOT of one.
 */
export function brokersOnly(filters: SearchFilters): boolean {
  return Boolean(filters.company_types?.includes('broker') && !filters.company_types.includes('carrier'));
}

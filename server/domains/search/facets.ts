import { sql } from 'kysely';
import type { SearchFilters } from './engine.ts';

/**
 * The web-label token's prefix, in both indexes (search-index.ts on SQLite, migration 030 on
 * PostgreSQL): '_w' and a word of the carrier's web domain ('_wacmefreight', '_wlines', '_wcom' for
 * 'acmefreight-lines.com'). A typed word matches a web domain's word whole, as this token
 * (docs/search.md section 8).
 */
export const WEB_LABEL = '_w';

/** The facet of the carriers whose census HM flag is set (migration 061 on both dialects). */
const HAZMAT = '_hazmat';

/**
 * The facet tokens a search's state, role, cargo and hazmat filters ask both full-text indexes for
 * (FILTER_TOKENS on SQLite, migrations 029 and 061 on PostgreSQL): every group of `required` must match
 * one of its tokens, and `excluded` must not match. Roles are stored as the rare cases, so a role
 * filter is often the NOT of one ('_typenoncarrier' for carriers, '_typenone' for either role).
 * Tokens start with '_', which typed words never contain.
 */
export function filterFacets(filters: SearchFilters): { required: string[][]; excluded: string | null } {
  const required: string[][] = [];
  if (filters.address_state) required.push([`_state${filters.address_state.toLowerCase()}`]);
  if (filters.cargo_types?.length)
    required.push(filters.cargo_types.map((code) => `_cargo${code.toLowerCase()}`));
  if (filters.hazmat_only) required.push([HAZMAT]);
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

/**
 * Whether a companies row's roles hold a broker: its facets have '_typebroker', and the brokers'
 * index (migration 046, search-index.ts) holds its companies_fts row under the same rowid, which a
 * search for brokers alone reads.
 */
export const IS_BROKER = sql`';' || coalesce(carship, '') || ';' LIKE '%;B;%'`;

/**
 * The facet tokens of the filters the full-text indexes answer (filterFacets), with a leading space
 * each: state, roles, cargo and hazmat. Roles are stored as the rare cases (_typebroker, _typenoncarrier,
 * _typenone): almost every record is a carrier, and a filter reads a short list of exceptions far
 * faster than a list of nearly every row.
 */
export const FILTER_TOKENS = sql`
  CASE WHEN phy_state IS NOT NULL THEN ' _state' || lower(phy_state) ELSE '' END ||
  CASE WHEN ${IS_BROKER} THEN ' _typebroker' ELSE '' END ||
  CASE WHEN ';' || coalesce(carship, '') || ';' NOT LIKE '%;C;%' THEN ' _typenoncarrier' ELSE '' END ||
  CASE WHEN ';' || coalesce(carship, '') || ';' NOT LIKE '%;C;%'
    AND ';' || coalesce(carship, '') || ';' NOT LIKE '%;B;%' THEN ' _typenone' ELSE '' END ||
  CASE WHEN coalesce(cargo_codes, '') <> '' THEN ' _cargo' || replace(lower(cargo_codes), ';', ' _cargo') ELSE '' END ||
  CASE WHEN hm_flag = 1 THEN ' ${sql.raw(HAZMAT)}' ELSE '' END`;

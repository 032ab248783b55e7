import { sql } from 'kysely';
import type { SearchFilters } from './engine.ts';

/** The prefix of a web domain's word in both indexes ('_wacmefreight'), which a typed word matches whole. */
export const WEB_LABEL = '_w';

const HAZMAT = '_hazmat';

/** The facets the filters ask both indexes for: one of each `required` group, never `excluded` (a rare role). */
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

/** Brokers and not carriers: the one role filter every match holds a facet for. */
export function brokersOnly(filters: SearchFilters): boolean {
  return Boolean(filters.company_types?.includes('broker') && !filters.company_types.includes('carrier'));
}

const ROLES = sql`';' || coalesce(carship, '') || ';'`;

/** A companies row that is a broker: its row is in the brokers' index too, under the same rowid. */
export const IS_BROKER = sql`${ROLES} LIKE '%;B;%'`;

/** filterFacets' tokens of a companies row, each with a leading space; roles as their rare cases. */
export const FILTER_TOKENS = sql`
  CASE WHEN phy_state IS NOT NULL THEN ' _state' || lower(phy_state) ELSE '' END ||
  CASE WHEN ${IS_BROKER} THEN ' _typebroker' ELSE '' END ||
  CASE WHEN ${ROLES} NOT LIKE '%;C;%' THEN ' _typenoncarrier' ELSE '' END ||
  CASE WHEN ${ROLES} NOT LIKE '%;C;%' AND ${ROLES} NOT LIKE '%;B;%' THEN ' _typenone' ELSE '' END ||
  CASE WHEN coalesce(cargo_codes, '') <> '' THEN ' _cargo' || replace(lower(cargo_codes), ';', ' _cargo') ELSE '' END ||
  CASE WHEN hm_flag = 1 THEN ' ${sql.raw(HAZMAT)}' ELSE '' END`;

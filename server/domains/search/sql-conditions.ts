import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from '../../db/migrate.ts';
import { FILTER_KINDS, filtersSet, type SearchFilters, type SearchHits, type SearchTotal } from './engine.ts';
import { cargoBit } from '../../../core/cargo.ts';
import { EARTH_RADIUS_MILES, toRadians } from '../../../core/geo.ts';
import { boundingBox } from './geo.ts';
import type { SearchTerms } from './search-terms.ts';

/**
 * A city as city pages name it: upper case, without periods and apostrophes, hyphens as spaces
 * ('ST. LOUIS' and 'st louis' are the same city). CITY_KEY is the same rule in SQL; the search
 * migration indexes exactly that expression with the state.
 */
export const CITY_KEY = sql`replace(replace(replace(upper(c.phy_city), '.', ''), '''', ''), '-', ' ')`;

function cityKey(city: string): string {
  return city.toUpperCase().replace(/['.]/g, '').replace(/-/g, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * The rows a condition tests, aliased `c`: SQLite's or PostgreSQL's companies rows, or PostgreSQL's
 * search postings, which hold a carrier's coordinates and its cargo types as bits (migration 040).
 */
type ConditionRows = Dialect | 'postings';

export type Execute = <T>(query: RawBuilder<T>) => Promise<T[]>;

/**
 * That a row lies within the search's circle. PostgreSQL's companies rows are found by PostGIS
 * (their `position` in a GiST index, migration 134); elsewhere a box of the coordinates narrows
 * them. Either way `distance_miles`, the one distance both engines and the oracle share (registered
 * on the SQLite connection, created by the search migration on PostgreSQL), decides.
 */
function radiusCondition(filters: SearchFilters, rows: ConditionRows): RawBuilder<unknown> {
  if (!filters.radius) return sql`1 = 1`;
  const { latitude, longitude, miles } = filters.radius;
  const distance = sql`distance_miles(${latitude}, ${longitude}, c.latitude, c.longitude)`;
  if (rows === 'postgres') {
    // PostGIS's sphere is a few metres wider than distance_miles's: the margin keeps every match.
    return sql`ST_DWithin(c.position, ${centre(filters.radius)}, ${miles * METRES_PER_MILE * 1.001}, false)
      AND ${distance} <= ${miles}`;
  }
  const box = boundingBox(latitude, longitude, miles);
  // Inside the diamond the circle certainly holds the row, so distance_miles (a call into JavaScript
  // on SQLite, several times the cost of the rest) runs only for the corners of the box. A great
  // circle is no longer than the path along the meridian, then along the parallel: at most
  // |Δlatitude| · miles per degree + |Δlongitude| · miles per degree · the largest cosine in the box.
  const perDegree = (EARTH_RADIUS_MILES * Math.PI) / 180;
  const nearestEquator =
    box.minLatitude <= 0 && box.maxLatitude >= 0
      ? 0
      : Math.min(Math.abs(box.minLatitude), Math.abs(box.maxLatitude));
  const perLongitude = perDegree * Math.cos(toRadians(nearestEquator));
  return sql`c.latitude BETWEEN ${box.minLatitude} AND ${box.maxLatitude}
    AND c.longitude BETWEEN ${box.minLongitude} AND ${box.maxLongitude}
    AND (abs(c.latitude - ${latitude}) * ${perDegree} + abs(c.longitude - ${longitude}) * ${perLongitude}
        <= ${miles * 0.999}
      OR ${distance} <= ${miles})`;
}

const METRES_PER_MILE = 1609.344;

/** A circle's centre as a PostGIS geography point (PostgreSQL). */
const centre = ({ latitude, longitude }: NonNullable<SearchFilters['radius']>) =>
  sql`ST_SetSRID(ST_MakePoint(${longitude}, ${latitude}), 4326)::geography`;

/**
 * The L&I filters (issue 18): conditions on the two per-carrier flags the L&I import keeps on the
 * company row and indexes (migration 014), so neither dialect reads the L&I tables to search.
 */
function authorityCondition(filters: SearchFilters): RawBuilder<unknown> {
  const conditions: RawBuilder<unknown>[] = [];
  if (filters.authorized_only) conditions.push(sql`c.authorized_for_hire = 1`);
  if (filters.insured_only) conditions.push(sql`c.insurance_on_file = 1`);
  // Kept on the row like the L&I flags, by the signals' computation (server/domains/signals).
  if (filters.no_risk_signals) conditions.push(sql`c.risk_signals = 0`);
  return conditions.length === 0 ? sql`1 = 1` : sql.join(conditions, sql` AND `);
}

/** A `;`-separated list column contains any of the values (CARSHIP roles, cargo codes). */
function listContainsAny(column: RawBuilder<unknown>, values: readonly string[]): RawBuilder<unknown> {
  const each = values.map((value) => sql`(';' || ${column} || ';') LIKE ${`%;${value};%`}`);
  return sql`(${sql.join(each, sql` OR `)})`;
}

/** The filters a search sets that are conditions on the row (FILTER_KINDS). */
export function rowFiltersSet(filters: SearchFilters): (keyof SearchFilters)[] {
  return filtersSet(filters).filter((name) => FILTER_KINDS[name] === 'row');
}

/** The conditions of the filters tested on the row (FILTER_KINDS). */
export function rowOnlyCondition(filters: SearchFilters, rows: ConditionRows): RawBuilder<unknown> {
  const conditions: RawBuilder<unknown>[] = [radiusCondition(filters, rows), authorityCondition(filters)];
  if (filters.address_city) conditions.push(sql`${CITY_KEY} = ${cityKey(filters.address_city)}`);
  return sql.join(conditions, sql` AND `);
}

/**
 * Every filter as a condition on the row, for reads without words (city pages, exact numbers), and
 * on PostgreSQL's search postings.
 */
export function rowFilterCondition(filters: SearchFilters, rows: ConditionRows): RawBuilder<unknown> {
  const conditions: RawBuilder<unknown>[] = [rowOnlyCondition(filters, rows)];
  if (filters.address_state) conditions.push(sql`c.phy_state = ${filters.address_state}`);
  if (filters.hazmat_only) conditions.push(sql`c.hm_flag = 1`);
  if (filters.company_types?.length) {
    const roles = filters.company_types.map((type) => (type === 'carrier' ? 'C' : 'B'));
    conditions.push(listContainsAny(sql`c.carship`, roles));
  }
  if (filters.cargo_types?.length) {
    conditions.push(
      rows === 'postings'
        ? sql`(c.cargo_bits & ${filters.cargo_types.reduce((bits, code) => bits | cargoBit(code), 0)}) <> 0`
        : listContainsAny(sql`c.cargo_codes`, filters.cargo_types),
    );
  }
  return sql.join(conditions, sql` AND `);
}

/**
 * That a stored name key (migration 020) starts with `key`, the typed words joined by spaces: the
 * last word as a prefix from two letters, a single letter only as a whole word ('A' starts 'A & B
 * HAULING', not 'ABC HAULING'). Keys hold letters, digits and spaces only, so the LIKE patterns hold
 * no wildcard but their own.
 */
export function nameKeyStarts(column: RawBuilder<unknown>, key: string): RawBuilder<unknown> {
  const last = key.slice(key.lastIndexOf(' ') + 1);
  return last.length >= 2
    ? sql`${column} LIKE ${`${key}%`}`
    : sql`(${column} = ${key} OR ${column} LIKE ${`${key} %`})`;
}

/**
 * The name ranks of decision 039 over the stored name keys (migration 020): a legal or DBA name that
 * starts with `key` (nameKeyStarts) or is exactly it, and `rank` from them (0 exact, 1 starts, 2 the
 * rest). `walked` spells the keys so their indexes cannot serve them (`|| ''`, the same text), so a
 * read in rank-key order walks companies_rank_key.
 */
export function nameRanks(key: string, { walked }: { walked: boolean } = { walked: false }) {
  const [legal, dba] = walked
    ? [sql`(c.legal_name_key || '')`, sql`(c.dba_name_key || '')`]
    : [sql`c.legal_name_key`, sql`c.dba_name_key`];
  const starts = sql`(${nameKeyStarts(legal, key)} OR ${nameKeyStarts(dba, key)})`;
  const exact = sql`(${legal} = ${key} OR ${dba} = ${key})`;
  return { starts, exact, rank: sql`CASE WHEN ${exact} THEN 0 WHEN ${starts} THEN 1 ELSE 2 END` };
}

/**
 * The rows with exactly the name `exact` says, then tested by `where`: the name keys' b-trees find
 * those few first (OFFSET 0 fences them), where the planner might read a circle's GiST index instead.
 */
export function exactNamesWhere(exact: RawBuilder<unknown>, where: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`(SELECT * FROM companies c WHERE ${exact} OFFSET 0) c WHERE ${where}`;
}

export function notIn(column: RawBuilder<unknown>, ids: number[]): RawBuilder<unknown> {
  return ids.length === 0 ? sql`1 = 1` : sql`${column} NOT IN (${sql.join(ids)})`;
}

/** Exact DOT or MC number matches, DOT first. */
export async function exactNumberIds(
  execute: Execute,
  dialect: Dialect,
  number: NonNullable<SearchTerms['number']>,
  filters: SearchFilters,
): Promise<number[]> {
  const dot = Number(number.digits);
  const byDot = sql`c.dot_number = ${dot}`;
  const byMc = sql`c.mc_number = ${number.digits}`;
  const matches = number.as === 'dot' ? byDot : number.as === 'mc' ? byMc : sql`(${byDot} OR ${byMc})`;
  const rows = await execute(sql<{ id: number }>`
    SELECT c.id FROM companies c WHERE ${matches} AND ${rowFilterCondition(filters, dialect)}
    ORDER BY CASE WHEN c.dot_number = ${dot} THEN 0 ELSE 1 END, ${fleetOrder(dialect)}`);
  return rows.map((row) => Number(row.id));
}

/**
 * The order of equally good matches, which helps a broker: the largest fleets first, then by name
 * (byte order on both dialects, so they agree), then by DOT number. Ends every search order, so pages
 * are stable; never by company id, which PostgreSQL's two import lanes give in commit order.
 */
export function fleetOrder(dialect: Dialect): RawBuilder<unknown> {
  // The index companies_fleet (migration 020) holds exactly this order; SQLite sorts NULL lowest,
  // so DESC already puts unknown fleets last there.
  return dialect === 'postgres'
    ? sql`c.power_units DESC NULLS LAST, c.name COLLATE "C", c.dot_number`
    : sql`c.power_units DESC, c.name, c.dot_number`;
}

/** The columns of the companies row (aliased `c`) that rankFew (engine.ts) orders a few matches by. */
export const RANKED_ROW_COLUMNS = sql`c.id, c.name, c.dba_name, c.power_units, c.dot_number`;

/** Matches counted exactly up to this many; past it a search says "at least" (decision 039). */
export const COUNT_BOUND = 10_000;

/** Counts the rows of `matches` (a SELECT of any one column) up to COUNT_BOUND. */
export async function boundedCount(execute: Execute, matches: RawBuilder<unknown>): Promise<SearchTotal> {
  const bounded = sql<{
    total: number | string;
  }>`SELECT count(*) AS total FROM (${matches} LIMIT ${COUNT_BOUND + 1}) AS bounded`;
  const [row] = await execute(bounded);
  return boundedTotal(Number(row?.total ?? 0));
}

/** A count up to COUNT_BOUND + 1 as the total a search answers: exact up to the bound, else "at least". */
export function boundedTotal(counted: number): SearchTotal {
  return { total: Math.min(counted, COUNT_BOUND), totalExact: counted <= COUNT_BOUND };
}

/**
 * Companies matching filters alone, with no words to rank: the nearest first for a radius search,
 * otherwise the largest fleets first (city pages).
 */
export async function listByFilters(
  execute: Execute,
  dialect: Dialect,
  filters: SearchFilters,
  offset: number,
  limit: number,
  excluded: number[],
): Promise<SearchHits> {
  const where = sql`${rowFilterCondition(filters, dialect)} AND ${notIn(sql`c.id`, excluded)}`;
  const count = await boundedCount(execute, sql`SELECT 1 FROM companies c WHERE ${where}`);
  if (limit === 0 || offset >= count.total) return { ids: [], ...count };
  const order = filters.radius ? nearestFirst(filters.radius, dialect) : fleetOrder(dialect);
  const page = sql<{
    id: number;
  }>`SELECT c.id FROM companies c WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`;
  return { ids: (await execute(page)).map((row) => Number(row.id)), ...count };
}

/**
 * The nearest carriers first, then by DOT number. PostgreSQL reads them from the GiST index in
 * PostGIS's order of distance, which is distance_miles's, so a page stops reading at its end.
 */
function nearestFirst(radius: NonNullable<SearchFilters['radius']>, dialect: Dialect): RawBuilder<unknown> {
  const distance = sql`distance_miles(${radius.latitude}, ${radius.longitude}, c.latitude, c.longitude), c.dot_number`;
  return dialect === 'postgres' ? sql`c.position <-> ${centre(radius)}, ${distance}` : distance;
}

/** Whether any filter is set; a search with neither words nor filters lists nothing. */
export function hasFilters(filters: SearchFilters): boolean {
  return filtersSet(filters).length > 0;
}

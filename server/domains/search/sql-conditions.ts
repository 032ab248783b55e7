import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from '../../db/migrate.ts';
import { FILTER_KINDS, filtersSet, type SearchFilters, type SearchHits, type SearchTotal } from './engine.ts';
import { cargoBit } from '../../../core/cargo.ts';
import { EARTH_RADIUS_MILES, toRadians } from '../../../core/geo.ts';
import { boundingBox } from './geo.ts';
import type { SearchTerms } from './search-terms.ts';

/** A city as city pages name it ('ST. LOUIS' is 'st louis'); CITY_KEY, the same in SQL, is indexed with the state. */
export const CITY_KEY = sql`replace(replace(replace(upper(c.phy_city), '.', ''), '''', ''), '-', ' ')`;

function cityKey(city: string): string {
  return city.toUpperCase().replace(/['.]/g, '').replace(/-/g, ' ').replace(/\s+/g, ' ').trim();
}

/** The rows a condition tests, aliased `c`: companies rows, or PostgreSQL's postings (coordinates, cargo bits). */
type ConditionRows = Dialect | 'postings';

export type Execute = <T>(query: RawBuilder<T>) => Promise<T[]>;

/**
 * A row within the circle: found by PostGIS on PostgreSQL's companies, elsewhere by a box of coordinates;
 * `distance_miles`, the one distance both engines and the oracle share, decides.
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
  // A row inside the diamond is in the circle (a great circle is no longer than the path along the meridian
  // then the parallel), so distance_miles, a call into JavaScript on SQLite, runs only for the box's corners.
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

/** The L&I and risk filters: flags their imports keep on the company row, so no search reads their tables. */
function authorityCondition(filters: SearchFilters): RawBuilder<unknown> {
  const conditions: RawBuilder<unknown>[] = [];
  if (filters.authorized_only) conditions.push(sql`c.authorized_for_hire = 1`);
  if (filters.insured_only) conditions.push(sql`c.insurance_on_file = 1`);
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

/** Every filter as a condition on the row (no words: city pages, exact numbers) or on PostgreSQL's postings. */
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
 * A stored name key starts with `key` (the typed words): the last word a prefix from two letters, one letter a
 * whole word ('A' starts 'A & B HAULING', not 'ABC'). Keys are letters, digits and spaces: no stray wildcard.
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

/** Exact names by the name keys' b-trees first (OFFSET 0 fences them from a circle's GiST index), then `where`. */
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

/** The order of equally good matches, ending every order (docs/search.md): largest fleets, name in bytes, DOT. */
export function fleetOrder(dialect: Dialect): RawBuilder<unknown> {
  // companies_fleet holds this order; SQLite sorts NULL lowest, so DESC puts unknown fleets last.
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

/** Companies matching filters alone: the nearest first in a circle, otherwise in fleet order (city pages). */
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

/** Nearest first, then DOT; PostgreSQL reads the GiST index in distance order, so a page stops at its end. */
function nearestFirst(radius: NonNullable<SearchFilters['radius']>, dialect: Dialect): RawBuilder<unknown> {
  const distance = sql`distance_miles(${radius.latitude}, ${radius.longitude}, c.latitude, c.longitude), c.dot_number`;
  return dialect === 'postgres' ? sql`c.position <-> ${centre(radius)}, ${distance}` : distance;
}

/** Whether any filter is set; a search with neither words nor filters lists nothing. */
export function hasFilters(filters: SearchFilters): boolean {
  return filtersSet(filters).length > 0;
}

import { sql, type RawBuilder } from 'kysely';
import type { SearchFilters } from './engine.ts';
import { boundingBox } from './geo.ts';
import type { SearchTerms } from './search-terms.ts';

/**
 * SQL conditions on the companies row (aliased `c`) shared by both engines. `distance_miles` is a
 * function each dialect provides: registered on the SQLite connection (db/database.ts) and created by
 * the search migration on PostgreSQL.
 */
export function radiusCondition(filters: SearchFilters): RawBuilder<unknown> {
  if (!filters.radius) return sql`1 = 1`;
  const { latitude, longitude, miles } = filters.radius;
  const box = boundingBox(latitude, longitude, miles);
  return sql`c.latitude BETWEEN ${box.minLatitude} AND ${box.maxLatitude}
    AND c.longitude BETWEEN ${box.minLongitude} AND ${box.maxLongitude}
    AND distance_miles(${latitude}, ${longitude}, c.latitude, c.longitude) <= ${miles}`;
}

/** A `;`-separated list column contains the value (CARSHIP roles, cargo codes). */
function listContains(column: RawBuilder<unknown>, value: string): RawBuilder<unknown> {
  return sql`(';' || ${column} || ';') LIKE ${`%;${value};%`}`;
}

function anyOf(conditions: RawBuilder<unknown>[]): RawBuilder<unknown> {
  return sql`(${sql.join(conditions, sql` OR `)})`;
}

export function rowFilterCondition(filters: SearchFilters): RawBuilder<unknown> {
  const conditions: RawBuilder<unknown>[] = [radiusCondition(filters)];
  if (filters.state) conditions.push(sql`c.phy_state = ${filters.state}`);
  if (filters.types?.length) {
    conditions.push(
      anyOf(filters.types.map((type) => listContains(sql`c.carship`, type === 'carrier' ? 'C' : 'B'))),
    );
  }
  if (filters.cargo?.length) {
    conditions.push(anyOf(filters.cargo.map((code) => listContains(sql`c.cargo_codes`, code))));
  }
  return sql.join(conditions, sql` AND `);
}

export function notIn(column: RawBuilder<unknown>, ids: number[]): RawBuilder<unknown> {
  return ids.length === 0 ? sql`1 = 1` : sql`${column} NOT IN (${sql.join(ids)})`;
}

/** Exact DOT or MC number matches, DOT first. */
export async function exactNumberIds(
  execute: <T>(query: RawBuilder<T>) => Promise<T[]>,
  number: NonNullable<SearchTerms['number']>,
  filters: SearchFilters,
): Promise<number[]> {
  const dot = Number(number.digits);
  const byDot = sql`c.dot_number = ${dot}`;
  const byMc = sql`c.mc_number = ${number.digits}`;
  const matches = number.as === 'dot' ? byDot : number.as === 'mc' ? byMc : sql`(${byDot} OR ${byMc})`;
  const rows = await execute(sql<{ id: number }>`
    SELECT c.id FROM companies c WHERE ${matches} AND ${rowFilterCondition(filters)}
    ORDER BY CASE WHEN c.dot_number = ${dot} THEN 0 ELSE 1 END, c.id`);
  return rows.map((row) => Number(row.id));
}

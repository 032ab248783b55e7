import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from '../../db/migrate.ts';

/**
 * The rank key (docs/decisions/045-rank-key.md): one 63-bit integer per carrier whose order follows
 * the tie order of search results (sql-conditions.ts fleetOrder: power units descending, unknown last,
 * then name in byte order, then DOT number) at bucket granularity. SQLite's full-text index uses it as
 * its rowid, so FTS5 returns every match already in that order and a page stops reading at its last
 * row; PostgreSQL stores it as a column with a b-tree (migration 021).
 *
 * From the high bits: the fleet bucket (10 bits), the first four characters of the legal name
 * (7 bits each) and the DOT number (25 bits, which also finds the company again). It is computed from
 * the row alone, so the importer's build worker (decision 019) can index rows while others still load.
 */
export const DOT_BITS = 25;
/** Low bits of the key that hold the DOT number: DOT numbers stay below 2^25 (33,554,432). */
export const DOT_MASK = 2 ** DOT_BITS - 1;
const NAME_BITS = 28;
const FLEET_SHIFT = DOT_BITS + NAME_BITS;
/** Fleets below this many power units have a bucket each; larger ones share buckets 50 units wide. */
const EXACT_FLEETS_BELOW = 800;
/** Buckets 0..COARSE_BUCKETS_THROUGH hold large fleets several sizes together (and the largest, capped). */
const COARSE_BUCKETS_THROUGH = 1022 - EXACT_FLEETS_BELOW;

/**
 * The key in SQL over the companies columns (unqualified: the index writers select from `companies`
 * alone). Pure SQL on both dialects: the build worker's plain connection has no functions of ours.
 */
export function rankKeySql(dialect: Dialect): RawBuilder<unknown> {
  const fleet = sql`CASE WHEN power_units IS NULL THEN 1023
    WHEN power_units < ${sql.lit(EXACT_FLEETS_BELOW)} THEN 1022 - ${greatest(dialect, [sql`power_units`, sql`0`])}
    ELSE 1022 - ${least(dialect, [sql`1022`, sql`${sql.lit(EXACT_FLEETS_BELOW)} + (power_units - ${sql.lit(EXACT_FLEETS_BELOW)}) / 50`])} END`;
  // A character's code point (0 past the end): UTF-8 byte order is code point order. Anything from 127
  // up is 127, and so is every character after it, so two names that differ only past such a
  // character share a bucket instead of being misordered.
  const code = (position: number) =>
    dialect === 'sqlite'
      ? sql`coalesce(unicode(substr(name, ${sql.lit(position)}, 1)), 0)`
      : sql`ascii(substr(name, ${sql.lit(position)}, 1))`;
  const codes = [1, 2, 3, 4].map(code);
  const character = (index: number) =>
    index === 0
      ? least(dialect, [codes[0]!, sql`127`])
      : sql`CASE WHEN ${greatest(dialect, codes.slice(0, index))} >= 127 THEN 127
          ELSE ${least(dialect, [codes[index]!, sql`127`])} END`;
  const name = sql`(((${character(0)}) * 128 + (${character(1)})) * 128 + (${character(2)})) * 128 + (${character(3)})`;
  const big = dialect === 'postgres' ? sql`::bigint` : sql``;
  return sql`((${fleet})${big} * ${sql.lit(2 ** FLEET_SHIFT)} + (${name})${big} * ${sql.lit(2 ** DOT_BITS)} + dot_number)`;
}

function greatest(dialect: Dialect, values: RawBuilder<unknown>[]): RawBuilder<unknown> {
  if (values.length === 1) return values[0]!;
  return dialect === 'sqlite' ? sql`max(${sql.join(values)})` : sql`greatest(${sql.join(values)})`;
}

function least(dialect: Dialect, values: RawBuilder<unknown>[]): RawBuilder<unknown> {
  return dialect === 'sqlite' ? sql`min(${sql.join(values)})` : sql`least(${sql.join(values)})`;
}

/**
 * The bucket of a key as SQL over `key`: rows of one bucket are contiguous in the key order and in
 * the exact order, so a page read in key order is exact once its last row's bucket is read whole.
 * Small fleets: fleet size and four name characters; large ones: the fleet bucket alone (a coarse
 * bucket mixes fleet sizes, whose exact order is by size first). Below 2^38, safe as a JavaScript number.
 */
export function bucketSql(key: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`CASE WHEN (${key} >> ${sql.lit(FLEET_SHIFT)}) <= ${sql.lit(COARSE_BUCKETS_THROUGH)}
    THEN (${key} >> ${sql.lit(FLEET_SHIFT)}) << ${sql.lit(NAME_BITS)} ELSE ${key} >> ${sql.lit(DOT_BITS)} END`;
}

/** The keys of a bucket: [start, end) as SQL over the bucket number (a parameter). */
export function bucketRange(
  dialect: Dialect,
  bucket: number,
): { start: RawBuilder<unknown>; end: RawBuilder<unknown> } {
  const coarse = Math.floor(bucket / 2 ** NAME_BITS) <= COARSE_BUCKETS_THROUGH;
  const width = coarse ? 2 ** NAME_BITS : 1;
  const number = (value: number) => (dialect === 'postgres' ? sql`${value}::bigint` : sql`${value}`);
  return {
    start: sql`(${number(bucket)} << ${sql.lit(DOT_BITS)})`,
    end: sql`(${number(bucket + width)} << ${sql.lit(DOT_BITS)})`,
  };
}

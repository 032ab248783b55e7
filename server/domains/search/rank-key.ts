import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from '../../db/migrate.ts';

/** The rank key (docs/search.md section 3): fleet bucket, the name's first four characters, the DOT number. */
export const DOT_BITS = 25;
/** The key's low bits, which hold the DOT number. */
export const DOT_MASK = 2 ** DOT_BITS - 1;
const NAME_BITS = 28;
const FLEET_SHIFT = DOT_BITS + NAME_BITS;
/** Smaller fleets have a bucket each; larger ones share wider buckets. */
const EXACT_FLEETS_BELOW = 800;
/** The buckets up to this one hold large fleets of several sizes together. */
const COARSE_BUCKETS_THROUGH = 1022 - EXACT_FLEETS_BELOW;

/** The greatest (`most`) or least of `values`, as the dialect spells it. */
function extreme(dialect: Dialect, most: boolean, values: RawBuilder<unknown>[]): RawBuilder<unknown> {
  if (values.length === 1) return values[0]!;
  const name = dialect === 'sqlite' ? (most ? 'max' : 'min') : most ? 'greatest' : 'least';
  return sql`${sql.raw(name)}(${sql.join(values)})`;
}

/** The key in SQL over the unqualified companies columns. Pure SQL: the build worker has no functions of ours. */
export function rankKeySql(dialect: Dialect): RawBuilder<unknown> {
  const fleet = sql`CASE WHEN power_units IS NULL THEN 1023
    WHEN power_units < ${sql.lit(EXACT_FLEETS_BELOW)} THEN 1022 - ${extreme(dialect, true, [sql`power_units`, sql`0`])}
    ELSE 1022 - ${extreme(dialect, false, [sql`1022`, sql`${sql.lit(EXACT_FLEETS_BELOW)} + (power_units - ${sql.lit(EXACT_FLEETS_BELOW)}) / 50`])} END`;
  // Code points (0 past the end) order as UTF-8 bytes do. From the first beyond ASCII on, every
  // character counts as 127, so names that differ only past it share a bucket, never misordered.
  const code = (position: number) =>
    dialect === 'sqlite'
      ? sql`coalesce(unicode(substr(name, ${sql.lit(position)}, 1)), 0)`
      : sql`ascii(substr(name, ${sql.lit(position)}, 1))`;
  const codes = [1, 2, 3, 4].map(code);
  const character = (index: number) =>
    index === 0
      ? extreme(dialect, false, [codes[0]!, sql`127`])
      : sql`CASE WHEN ${extreme(dialect, true, codes.slice(0, index))} >= 127 THEN 127
          ELSE ${extreme(dialect, false, [codes[index]!, sql`127`])} END`;
  const name = sql`(((${character(0)}) * 128 + (${character(1)})) * 128 + (${character(2)})) * 128 + (${character(3)})`;
  const big = dialect === 'postgres' ? sql`::bigint` : sql``;
  return sql`((${fleet})${big} * ${sql.lit(2 ** FLEET_SHIFT)} + (${name})${big} * ${sql.lit(2 ** DOT_BITS)} + dot_number)`;
}

/** A key's bucket in SQL, contiguous in both orders; a coarse fleet bucket alone, as its order is by size first. */
export function bucketSql(key: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`CASE WHEN (${key} >> ${sql.lit(FLEET_SHIFT)}) <= ${sql.lit(COARSE_BUCKETS_THROUGH)}
    THEN (${key} >> ${sql.lit(FLEET_SHIFT)}) << ${sql.lit(NAME_BITS)} ELSE ${key} >> ${sql.lit(DOT_BITS)} END`;
}

/** The keys of a bucket: [start, end) as SQL over the bucket number (a parameter). */
export function bucketRange(dialect: Dialect, bucket: number) {
  const coarse = Math.floor(bucket / 2 ** NAME_BITS) <= COARSE_BUCKETS_THROUGH;
  const width = coarse ? 2 ** NAME_BITS : 1;
  const key = (value: number) =>
    sql`(${dialect === 'postgres' ? sql`${value}::bigint` : sql`${value}`} << ${sql.lit(DOT_BITS)})`;
  return { start: key(bucket), end: key(bucket + width) };
}

/**
 * The hash a census record is stored with (companies.source_hash): of the record's text as the file
 * spells it, seeded with what decides how that text becomes a row (the dataset, the file's columns,
 * CENSUS_MAPPING_VERSION). The importer passes over a record whose hash the store holds for its DOT
 * number before mapping it: most of a monthly census is last month's records
 * (docs/decisions/084-census-records-passed-over-by-their-text.md).
 */
import { xxh64 } from '@node-rs/xxhash';
import type { DatasetKind } from './types.ts';

/**
 * Bump when a census record would be stored with other values than before (map-census.ts,
 * normalize.ts, and what server/domains/carrier-data/table-rows.ts derives: the web domain, the ZIP's
 * coordinates): the next import then maps every record again and writes those that changed.
 * source-hash.test.ts fails on such a change until this is bumped and its recorded rows renewed.
 */
export const CENSUS_MAPPING_VERSION = 3;

/** The seed of one file's hashes: records of another dataset, column layout or mapping never match. */
export function sourceHashSeed(dataset: DatasetKind, columns: readonly string[]): bigint {
  return xxh64(`${CENSUS_MAPPING_VERSION}\u0001${dataset}\u0001${columns.join('\u0001')}`);
}

/**
 * 48 bits of xxHash64: exact in a JavaScript number, an SQLite integer and a PostgreSQL bigint, and
 * about one chance in 10^14 that a changed record keeps its hash.
 */
export function sourceHash(recordText: string, seed: bigint): number {
  return Number(BigInt.asUintN(48, xxh64(recordText, seed)));
}

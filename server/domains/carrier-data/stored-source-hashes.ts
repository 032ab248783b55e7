/**
 * The source hash every stored carrier was last written from (companies.source_hash), read once
 * before a census import so the importer can pass over the records the store holds already
 * (docs/decisions/084-census-records-passed-over-by-their-text.md).
 */
import type { Db } from '../../db/database.ts';

export interface StoredSourceHashes {
  /**
   * Whether carrier `dotNumber` was last written from a record of this hash. When not, the import
   * writes the record and this hash is noted as the carrier's: a later record of the same carrier
   * in the file is written only if it differs from that one, so the file's last word stands.
   */
  isUnchanged(dotNumber: number, sourceHash: number): boolean;
}

/**
 * Rows read a statement: enough to make the statements' own cost small, few enough that the rows of
 * one read, garbage once copied, add little to the importer's peak (100,000 added about 70 MB).
 */
const ROWS_PER_READ = 20_000;

function copied<T extends Uint32Array | Float64Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

/**
 * Reads the hashes in DOT order into two typed arrays, 12 bytes a carrier (53 MB at 4.4 million;
 * a Map of them would take several times that), searched by bisection.
 */
export async function readStoredSourceHashes(
  db: Db,
  { rowsPerRead = ROWS_PER_READ } = {},
): Promise<StoredSourceHashes> {
  const { count } = await db
    .selectFrom('companies')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  // DOT numbers stay within MAX_DOT_NUMBER (records.ts): 32 bits hold them.
  let dots = new Uint32Array(Number(count));
  let hashes = new Float64Array(Number(count));
  let size = 0;
  for (let after = -1; ;) {
    const rows = await db
      .selectFrom('companies')
      .select(['dot_number', 'source_hash'])
      .where('dot_number', '>', after)
      .orderBy('dot_number')
      .limit(rowsPerRead)
      .execute();
    for (const row of rows) {
      if (row.source_hash === null) continue;
      if (size === dots.length) {
        // Carriers added since the count (another import): room for them.
        const grown = Math.max(1024, size * 2);
        dots = copied(dots, new Uint32Array(grown));
        hashes = copied(hashes, new Float64Array(grown));
      }
      dots[size] = row.dot_number;
      hashes[size] = Number(row.source_hash);
      size += 1;
    }
    if (rows.length < rowsPerRead) break;
    after = (rows[rows.length - 1] as { dot_number: number }).dot_number;
  }
  return {
    isUnchanged(dotNumber, sourceHash) {
      let low = 0;
      let high = size - 1;
      while (low <= high) {
        const middle = (low + high) >>> 1;
        const dot = dots[middle] as number;
        if (dot < dotNumber) low = middle + 1;
        else if (dot > dotNumber) high = middle - 1;
        else if (hashes[middle] === sourceHash) return true;
        else {
          hashes[middle] = sourceHash;
          return false;
        }
      }
      return false;
    },
  };
}

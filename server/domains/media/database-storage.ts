import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { STORAGE_KEY, type MediaStorage } from './storage.ts';

/** Bytes per stored chunk: a read holds one chunk at a time, never a whole file. */
export const CHUNK_BYTES = 256 * 1024;

/** PostgreSQL's disk_full: the same 507 as a full disk under DATA_DIR/media. */
const DISK_FULL = '53100';

/**
 * Stores one file's bytes under `key` in one transaction. A database out of space fails with the
 * code of a full disk, so the upload answers 507 as it does on local storage.
 */
export async function writeChunks(db: Db, key: string, data: Buffer): Promise<void> {
  await db
    .transaction()
    .execute(async (transaction) => {
      for (let part = 0; part * CHUNK_BYTES < Math.max(data.length, 1); part += 1) {
        const chunk = data.subarray(part * CHUNK_BYTES, (part + 1) * CHUNK_BYTES);
        await transaction.insertInto('media_chunks').values({ key, part, data: chunk }).execute();
      }
    })
    .catch((error: unknown) => {
      if ((error as { code?: string }).code === DISK_FULL) Object.assign(error as object, { code: 'ENOSPC' });
      throw error;
    });
}

/**
 * Media in the database (PostgreSQL deployments, table media_chunks), so every instance serves every
 * upload. Same contract as the local storage: random keys, a reader never sees half a file (the
 * chunks are written in one transaction), deleting a missing key is not an error.
 */
export function createDatabaseStorage(db: Db): MediaStorage {
  return {
    async put(data, extension) {
      const key = `${randomBytes(16).toString('hex')}.${extension}`;
      if (!STORAGE_KEY.test(key)) throw new Error(`unsupported extension: ${extension}`);
      await writeChunks(db, key, data);
      return key;
    },

    async delete(key) {
      if (!STORAGE_KEY.test(key)) return;
      await db.deleteFrom('media_chunks').where('key', '=', key).execute();
    },

    async read(key) {
      if (!STORAGE_KEY.test(key)) return null;
      const found = await db
        .selectFrom('media_chunks')
        .select([
          sql<string>`count(*)`.as('parts'),
          sql<string>`coalesce(sum(octet_length(data)), 0)`.as('size'),
        ])
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
      const parts = Number(found.parts);
      if (parts === 0) return null;
      async function* chunks() {
        for (let part = 0; part < parts; part += 1) {
          const row = await db
            .selectFrom('media_chunks')
            .select('data')
            .where('key', '=', key)
            .where('part', '=', part)
            .executeTakeFirst();
          // Deleted while being sent: end short, and the client sees a truncated response.
          if (!row) throw new Error(`media ${key} was deleted while being read`);
          yield row.data;
        }
      }
      return { stream: Readable.from(chunks(), { objectMode: false }), size: Number(found.size) };
    },
  };
}

/** Every key stored in the database (the move command checks what is already there). */
export async function storedKeys(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom('media_chunks').select('key').where('part', '=', 0).execute();
  return new Set(rows.map((row) => row.key));
}

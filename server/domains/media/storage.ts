import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** A stored file as the server hands it out. */
export interface StoredFile {
  stream: Readable;
  size: number;
}

/**
 * Where uploaded media live. Keys are chosen by the storage (random, unguessable, never derived
 * from what the user sent), so a key can be put in a public URL and checked against one pattern.
 * Local disk is the default; another implementation (object storage) only has to keep this contract.
 */
export interface MediaStorage {
  /** Stores the bytes under a new key ending in `.extension` and returns the key. */
  put(data: Buffer, extension: string): Promise<string>;
  /** Removes a stored file; a key that is already gone is not an error. */
  delete(key: string): Promise<void>;
  /** The file under a key, or null when there is none (or the key is not one this storage makes). */
  read(key: string): Promise<StoredFile | null>;
}

/** 128 random bits in hex, then a short lower-case extension: nothing else can name a file. */
export const STORAGE_KEY = /^[0-9a-f]{32}\.[a-z0-9]{2,5}$/;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** The media folder of a deployment that keeps its media on disk (backups copy it too). */
export function mediaDirIn(dataDir: string): string {
  return path.join(dataDir, 'media');
}

/** Media as files in one folder (by default DATA_DIR/media). */
export function createLocalStorage(dir: string): MediaStorage {
  let ready: Promise<unknown> | undefined;
  const fileOf = (key: string) => (STORAGE_KEY.test(key) ? path.join(dir, key) : null);

  return {
    async put(data, extension) {
      ready ??= mkdir(dir, { recursive: true });
      await ready;
      const key = `${randomBytes(16).toString('hex')}.${extension}`;
      if (!STORAGE_KEY.test(key)) throw new Error(`unsupported extension: ${extension}`);
      // Written under a temporary name first, so a reader never sees a half-written file.
      const temporary = path.join(dir, `.${key}.tmp`);
      try {
        await writeFile(temporary, data, { flag: 'wx' });
        await rename(temporary, path.join(dir, key));
      } catch (error) {
        await unlink(temporary).catch(() => undefined);
        throw error;
      }
      return key;
    },

    async delete(key) {
      const file = fileOf(key);
      if (!file) return;
      await unlink(file).catch((error: unknown) => {
        if (!isMissing(error)) throw error;
      });
    },

    async read(key) {
      const file = fileOf(key);
      if (!file) return null;
      // Opening first and reading the size from the open handle leaves no gap for a concurrent delete.
      const handle = await open(file, 'r').catch((error: unknown) => {
        if (isMissing(error)) return null;
        throw error;
      });
      if (!handle) return null;
      try {
        const { size } = await handle.stat();
        return { stream: handle.createReadStream(), size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
  };
}

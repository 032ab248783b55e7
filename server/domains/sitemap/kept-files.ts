import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';

/** The forms a kept file is written in: as built, and compressed once for the clients that accept it. */
export const KEPT_ENCODINGS = ['br', 'gzip', 'identity'] as const;
export type KeptEncoding = (typeof KEPT_ENCODINGS)[number];

/** A built file on disk, in each of its forms. */
export type KeptFile = Record<KeptEncoding, { path: string; bytes: number }>;

const SUFFIX: Record<KeptEncoding, string> = { br: '.br', gzip: '.gz', identity: '' };
/** A replaced file's forms stay this long for the responses still reading them. */
const REMOVE_REPLACED_AFTER_MS = 60_000;

interface Entry {
  /** What `currentKey` answered when the file was built. */
  key: string | null;
  builtAt: number;
  checkedAt: number;
  /** Null: the build said there is no such file. */
  file: KeptFile | null;
}

interface KeptFilesOptions {
  clock: () => Date;
  /** How long a built file is served before it is built again. */
  maxAgeMs: number;
  /** How often, within that time, `currentKey` is asked whether the data changed. */
  checkEveryMs: number;
  /** What the files are built from, as a key that changes when it does (the newest import). */
  currentKey: () => Promise<string | null>;
}

/**
 * Files built from the database and kept on this instance's disk (a directory of its own under the
 * system's temporary directory), so serving one costs no query and no compression: each is built at
 * most once per `maxAgeMs`, or again once `currentKey` changes, which is asked at most once per
 * `checkEveryMs`. Simultaneous requests for a file that is being built wait for the one build.
 */
export function createKeptFiles({ clock, maxAgeMs, checkEveryMs, currentKey }: KeptFilesOptions) {
  const entries = new Map<string, Entry>();
  const building = new Map<string, Promise<KeptFile | null>>();
  let directory: Promise<string> | null = null;
  let generation = 0;

  async function write(name: string, chunks: AsyncIterable<string>): Promise<KeptFile> {
    directory ??= mkdtemp(path.join(tmpdir(), 'carrierpage-kept-'));
    generation += 1;
    const base = path.join(await directory, `${name}.${generation}`);
    await pipeline(Readable.from(chunks), createWriteStream(base));
    await Promise.all([
      pipeline(
        createReadStream(base),
        createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
        createWriteStream(base + SUFFIX.br),
      ),
      pipeline(createReadStream(base), createGzip(), createWriteStream(base + SUFFIX.gzip)),
    ]);
    const forms = await Promise.all(
      KEPT_ENCODINGS.map(async (encoding) => {
        const formPath = base + SUFFIX[encoding];
        return [encoding, { path: formPath, bytes: (await stat(formPath)).size }] as const;
      }),
    );
    return Object.fromEntries(forms) as KeptFile;
  }

  function removeLater(file: KeptFile | null | undefined) {
    if (!file) return;
    setTimeout(() => {
      for (const form of Object.values(file)) void rm(form.path, { force: true });
    }, REMOVE_REPLACED_AFTER_MS).unref();
  }

  async function rebuild(name: string, build: () => Promise<AsyncIterable<string> | null>) {
    const key = await currentKey();
    const chunks = await build();
    const file = chunks ? await write(name, chunks) : null;
    const now = clock().getTime();
    removeLater(entries.get(name)?.file);
    entries.set(name, { key, builtAt: now, checkedAt: now, file });
    return file;
  }

  return {
    /** The kept file of a name, built by `build` when there is none yet or it is out of date. */
    async get(name: string, build: () => Promise<AsyncIterable<string> | null>): Promise<KeptFile | null> {
      const now = clock().getTime();
      const entry = entries.get(name);
      if (entry && now - entry.builtAt < maxAgeMs) {
        if (now - entry.checkedAt < checkEveryMs) return entry.file;
        if ((await currentKey()) === entry.key) {
          entry.checkedAt = now;
          return entry.file;
        }
      }
      let pending = building.get(name);
      if (!pending) {
        pending = rebuild(name, build).finally(() => building.delete(name));
        building.set(name, pending);
      }
      return pending;
    },

    /** Removes the kept files (the server is closing). */
    async close() {
      if (directory) await rm(await directory, { recursive: true, force: true });
    },
  };
}

export type KeptFiles = ReturnType<typeof createKeptFiles>;

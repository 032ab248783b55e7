/**
 * A census load into an empty SQLite store builds its full-text index on a second thread, at the
 * same time as the rows are written, instead of afterwards (docs/decisions/019-faster-census-import.md).
 * SQLite lets one connection write a database file at a time, so the worker
 * (search-index-build-worker.mjs) builds the FTS5 table in a scratch file of its own, reading the rows
 * the main thread has committed; when both are done, the finished table's storage is copied into the
 * store in one transaction.
 */
import { rmSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { Worker } from 'node:worker_threads';
import { sqliteConnection, type Db } from '../../server/db/database.ts';
import { searchIndexStatements } from '../../server/domains/search/search-index.ts';

export interface BuildParams {
  storeFile: string;
  buildFile: string;
  statements: ReturnType<typeof searchIndexStatements>;
}

/** Main thread to worker: every row is written and committed. */
export interface RowsWritten {
  /** Carriers the load wrote more than once, whose index rows must be written again. */
  revisitedDots: number[];
}

/** Worker to main thread: the index is complete and optimised. */
export interface BuildFinished {
  indexedThrough: number;
}

export interface SearchIndexBuild {
  /** Called for each carrier row the load writes, in file order. */
  noteCarrier(dotNumber: number): void;
  /** Tells the worker that every row is committed; it finishes while the caller does other work. */
  rowsWritten(): void;
  /** Waits for the worker (telling it the rows are written, if not yet told) and puts the index it built into the store. */
  install(): Promise<void>;
}

/** Which DOT numbers a load has written, one bit each. */
class DotNumberSet {
  private bits = new Uint8Array(1 << 20);

  /** Adds the number; true when it was there already. */
  add(dotNumber: number): boolean {
    const byte = dotNumber >>> 3;
    if (byte >= this.bits.length) {
      const grown = new Uint8Array(Math.max(byte + 1, this.bits.length * 2));
      grown.set(this.bits);
      this.bits = grown;
    }
    const mask = 1 << (dotNumber & 7);
    const present = (this.bits[byte] as number) & mask;
    this.bits[byte] = (this.bits[byte] as number) | mask;
    return present !== 0;
  }
}

/**
 * The FTS5 tables' storage: their segments, term indexes and each row's token counts, the rowids of
 * each carrier's rows and the list of the terms (search-index.ts). Their configuration tables stay
 * the store's own: they hold settings, not data.
 */
const indexTables = (ftsTables: readonly string[]) => [
  ...ftsTables.flatMap((table) => [`${table}_data`, `${table}_idx`, `${table}_docsize`]),
  'search_index_keys',
  'search_terms',
];

/**
 * Replaces the store's FTS5 storage with the scratch file's. Both tables were created from the same
 * definition by the same SQLite library, so the data is valid as it stands. Shadow tables are
 * read-only to ordinary SQL ("defensive" mode), so this one short-lived connection lifts that; being
 * a connection of its own, every other connection sees the change as another writer's and drops any
 * index structure it had cached.
 */
function copyIndexIntoStore(storeFile: string, buildFile: string, ftsTables: readonly string[]): void {
  const connection = new SQLite(storeFile);
  try {
    connection.pragma('busy_timeout = 5000');
    connection.unsafeMode(true);
    connection.prepare('ATTACH ? AS build').run(buildFile);
    connection.transaction(() => {
      for (const table of indexTables(ftsTables)) {
        connection.exec(`DELETE FROM main."${table}"`);
        connection.exec(`INSERT INTO main."${table}" SELECT * FROM build."${table}"`);
      }
    })();
    connection.exec('DETACH build');
  } finally {
    connection.close();
  }
}

/** Starts the worker for a load into `db`; null where there is no file for it to read (PostgreSQL, in memory). */
export function startSearchIndexBuild(db: Db): SearchIndexBuild | null {
  const connection = sqliteConnection(db);
  if (!connection || connection.memory) return null;
  const storeFile = connection.name;
  const buildFile = `${storeFile}.search-build`;
  rmSync(buildFile, { force: true });
  const params: BuildParams = { storeFile, buildFile, statements: searchIndexStatements(db) };
  const worker = new Worker(new URL('./search-index-build-worker.mjs', import.meta.url), {
    workerData: params,
  });
  const finished = new Promise<BuildFinished>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the search index worker exited early (code ${code})`)));
  });
  // Observed in install(); until then a failure must not count as unhandled.
  finished.catch(() => undefined);
  // A load that fails before install() must not be kept alive by the worker.
  worker.unref();

  const written = new DotNumberSet();
  const revisitedDots: number[] = [];
  let told = false;
  const rowsWritten = () => {
    if (told) return;
    told = true;
    const message: RowsWritten = { revisitedDots };
    worker.postMessage(message);
  };
  return {
    noteCarrier(dotNumber) {
      if (written.add(dotNumber)) revisitedDots.push(dotNumber);
    },
    rowsWritten,
    async install() {
      rowsWritten();
      worker.ref();
      try {
        await finished;
        copyIndexIntoStore(storeFile, buildFile, params.statements.ftsTables);
      } finally {
        await worker.terminate();
        rmSync(buildFile, { force: true });
      }
    },
  };
}

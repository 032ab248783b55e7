/**
 * Worker thread: builds the SQLite full-text index of a census load into a file of its own while the
 * main thread is still writing the rows (search-index-build.ts). It reads the rows the main thread
 * has committed through a second connection to the store, which WAL lets it do without blocking
 * the writer.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase, sqliteConnection } from '../../server/db/database.ts';
import {
  addSearchRows,
  optimizeSearchIndex,
  replaceSearchRows,
} from '../../server/domains/search/search-index.ts';
import type { BuildFinished, BuildParams, RowsWritten } from './search-index-build.ts';

/** Rows indexed per statement: bounds the worker's memory and lets it notice new commits often. */
const ROWS_PER_STEP = 50_000;
/** How long the worker waits for more committed rows before looking again. */
const POLL_MS = 25;

const port = parentPort;
if (!port) throw new Error('search-index-build-worker.ts runs as a worker thread');
const { storeFile, buildFile } = workerData as BuildParams;

let writtenMessage: RowsWritten | null = null;
let wake: (() => void) | null = null;
port.on('message', (message: RowsWritten) => {
  writtenMessage = message;
  wake?.();
});

const db = openDatabase({ dialect: 'sqlite', filename: buildFile });
const connection = sqliteConnection(db);
if (!connection) throw new Error('the build database is SQLite');
// A scratch file: it is copied into the store when complete and deleted otherwise.
connection.pragma('journal_mode = OFF');
connection.pragma('synchronous = OFF');
connection.pragma('cache_size = -4096');
connection.prepare('ATTACH ? AS store').run(storeFile);
// The same definition as the store's table, so the copied index is in the format the store expects.
const definition = connection
  .prepare(`SELECT sql FROM store.sqlite_master WHERE type = 'table' AND name = 'companies_fts'`)
  .pluck()
  .get() as string;
connection.exec(definition);
// Build settings of the scratch table only (its configuration is not copied into the store): no merging
// while rows go in and an 8 MB term buffer, so the one merge at the end ('optimize') does the work of
// many small ones. About a third less time than the defaults.
connection.exec(`INSERT INTO companies_fts (companies_fts, rank) VALUES ('automerge', 0)`);
connection.exec(`INSERT INTO companies_fts (companies_fts, rank) VALUES ('hashsize', ${8 * 1024 * 1024})`);

// `companies` is only in the attached store, so the shared row SQL reads it from there.
const newestCommittedId = connection.prepare('SELECT coalesce(max(id), 0) FROM store.companies').pluck();
let indexedThrough = 0;
for (;;) {
  // Read before the newest id: once every row is written, the next look sees all of them.
  const written = writtenMessage as RowsWritten | null;
  const newest = newestCommittedId.get() as number;
  while (indexedThrough < newest) {
    const through = Math.min(newest, indexedThrough + ROWS_PER_STEP);
    await addSearchRows(db, indexedThrough, through);
    indexedThrough = through;
  }
  if (written) {
    // Rows of carriers the file named twice were updated after they may have been indexed.
    for (let start = 0; start < written.revisitedDots.length; start += ROWS_PER_STEP) {
      await replaceSearchRows(db, written.revisitedDots.slice(start, start + ROWS_PER_STEP));
    }
    break;
  }
  await new Promise<void>((resolve) => {
    wake = resolve;
    setTimeout(resolve, POLL_MS);
  });
  wake = null;
}
await optimizeSearchIndex(db);
await db.destroy();
const finished: BuildFinished = { indexedThrough };
port.postMessage(finished);

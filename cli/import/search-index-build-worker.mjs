// @ts-check
/**
 * Worker thread: builds the SQLite full-text index of a census load into a file of its own while the
 * main thread is still writing the rows (search-index-build.ts). It reads the rows the main thread
 * has committed through a second connection to the store, which WAL lets it do without blocking
 * the writer.
 *
 * Plain JavaScript, unlike the rest of the importer: a worker thread running TypeScript needs a
 * TypeScript loader of its own, about 40 MB of the import's 400 MB memory budget. The SQL comes
 * compiled from the main thread (search-index.ts, searchIndexStatements), so what the index holds is
 * defined in one place.
 */
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

/** Rows indexed per statement: bounds the worker's memory and lets it notice new commits often. */
const ROWS_PER_STEP = 50_000;
/** How long the worker waits for more committed rows before looking again. */
const POLL_MS = 25;

const port = parentPort;
if (!port) throw new Error('search-index-build-worker.mjs runs as a worker thread');
const { storeFile, buildFile, statements } = /** @type {import('./search-index-build.ts').BuildParams} */ (
  workerData
);

/** @type {import('./search-index-build.ts').RowsWritten | null} */
let written = null;
/** @type {(() => void) | null} */
let wake = null;
port.on('message', (/** @type {import('./search-index-build.ts').RowsWritten} */ message) => {
  written = message;
  wake?.();
});

const connection = new SQLite(buildFile);
// A scratch file: it is copied into the store when complete and deleted otherwise.
connection.pragma('journal_mode = OFF');
connection.pragma('synchronous = OFF');
connection.pragma('cache_size = -4096');
connection.prepare('ATTACH ? AS store').run(storeFile);
// The same definitions as the store's tables, so the copied index is in the format the store expects.
for (const table of [...statements.ftsTables, 'search_index_keys', 'search_terms']) {
  connection.exec(
    /** @type {string} */ (
      connection
        .prepare(`SELECT sql FROM store.sqlite_master WHERE type = 'table' AND name = ?`)
        .pluck()
        .get(table)
    ),
  );
}
// Build settings of the scratch tables only (their configuration is not copied into the store): no
// merging while rows go in and an 8 MB term buffer, so the one merge at the end ('optimize') does the
// work of many small ones. About a third less time than the defaults.
for (const table of statements.ftsTables) {
  connection.exec(`INSERT INTO ${table} (${table}, rank) VALUES ('automerge', 0)`);
  connection.exec(`INSERT INTO ${table} (${table}, rank) VALUES ('hashsize', ${8 * 1024 * 1024})`);
}

// `companies` exists only in the attached store, so the statements read it from there; the index's
// tables are the scratch file's own (main comes before attached databases).
const newestCommittedId = connection.prepare('SELECT coalesce(max(id), 0) FROM store.companies').pluck();
const addRows = statements.addRows.map((text) => connection.prepare(text));
const replaceRows = statements.replaceRows.map((text) => connection.prepare(text));
let indexedThrough = 0;
for (;;) {
  // Read before the newest id: once every row is written, the next look sees all of them.
  const rowsWritten = /** @type {import('./search-index-build.ts').RowsWritten | null} */ (written);
  const newest = /** @type {number} */ (newestCommittedId.get());
  while (indexedThrough < newest) {
    const through = Math.min(newest, indexedThrough + ROWS_PER_STEP);
    for (const statement of addRows) statement.run(indexedThrough, through);
    indexedThrough = through;
  }
  if (rowsWritten) {
    // Rows of carriers the file named twice were updated after they may have been indexed.
    const dots = rowsWritten.revisitedDots;
    for (let start = 0; start < dots.length; start += ROWS_PER_STEP) {
      const batch = JSON.stringify(dots.slice(start, start + ROWS_PER_STEP));
      for (const statement of replaceRows) statement.run(batch);
    }
    break;
  }
  await new Promise((resolve) => {
    wake = () => resolve(undefined);
    setTimeout(resolve, POLL_MS);
  });
  wake = null;
}
for (const text of statements.optimize) connection.exec(text);
for (const text of statements.writeTerms) connection.exec(text);
connection.close();
/** @type {import('./search-index-build.ts').BuildFinished} */
const finished = { indexedThrough };
port.postMessage(finished);

import { Worker } from 'node:worker_threads';
import type { Db } from './database.ts';
import { sqliteConnection } from './database.ts';

/** SQLite's own default for wal_autocheckpoint, in pages; restored when the checkpointer stops. */
const SQLITE_DEFAULT_AUTOCHECKPOINT = 1000;
/** How often the worker copies committed pages from the WAL into the database file. */
const CHECKPOINT_INTERVAL_MS = 1000;

/**
 * The worker's code, a CommonJS script (a bundled server has no file of it to load). It opens its
 * own connection to the store and runs a PASSIVE checkpoint on a timer: one that never waits for
 * readers or writers, and copies what it can.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require('better-sqlite3');
const connection = new SQLite(workerData.filename, { fileMustExist: true });
const timer = setInterval(() => {
  try {
    connection.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage({ failed: String(error && error.message) });
  }
}, workerData.intervalMs);
parentPort.once('message', () => {
  clearInterval(timer);
  connection.close();
  parentPort.close();
});
`;

export interface WalCheckpointer {
  stop(): Promise<void>;
}

/**
 * Moves the server's WAL checkpoints to a worker thread. SQLite otherwise checkpoints inside the
 * commit that fills the WAL to 1,000 pages, on the event loop: measured on this 2-core machine that
 * is 35-65 ms with its fsync, and every request in flight waited for it (the soak's page-view p99
 * sat at 90-106 ms). With the worker the server's connection never checkpoints; if the worker fails,
 * it checkpoints as before. Only for a server's store file: the importer keeps SQLite's default.
 */
export function startWalCheckpointer(
  db: Db,
  filename: string,
  {
    intervalMs = CHECKPOINT_INTERVAL_MS,
    onFailure,
  }: { intervalMs?: number; onFailure?: (message: string) => void } = {},
): WalCheckpointer {
  const connection = sqliteConnection(db);
  if (!connection || filename === ':memory:') return { stop: async () => undefined };
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { filename, intervalMs } });
  // The server's shutdown closes the database; the timer alone never keeps the process alive.
  worker.unref();
  connection.pragma('wal_autocheckpoint = 0');
  let stopping = false;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const fallBack = (message: string) => {
    if (connection.open) connection.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_AUTOCHECKPOINT}`);
    onFailure?.(message);
  };
  worker.on('message', (message: { failed?: string }) => {
    if (message.failed) onFailure?.(`WAL checkpoint failed: ${message.failed}`);
  });
  worker.on('error', (error) => fallBack(`WAL checkpoint worker stopped: ${error.message}`));
  worker.on('exit', (code) => {
    if (!stopping && code !== 0) fallBack(`WAL checkpoint worker exited with code ${code}`);
  });
  return {
    async stop() {
      if (stopping) return;
      stopping = true;
      worker.postMessage('stop');
      await exited;
      if (connection.open) connection.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_AUTOCHECKPOINT}`);
    },
  };
}

/**
 * Backups of a SQLite deployment: the database and the media folder, in one directory.
 *
 *   <backup>/app.db    a consistent copy of the database (SQLite's online backup API)
 *   <backup>/media/    the media files
 *
 * A directory, not an archive: it needs no packing library, and `tar czf` makes one file of it.
 * See docs/decisions/030-backups-and-request-ids.md.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { STORAGE_KEY } from '../../server/domains/media/storage.ts';

export const BACKUP_DATABASE = 'app.db';
export const BACKUP_MEDIA = 'media';

/** A refusal with a message for the operator (missing file, store in use...), not a crash. */
export class BackupError extends Error {}

/** Where a SQLite deployment keeps its data: the database file and the media folder. */
export interface SqliteStore {
  databaseFile: string;
  mediaDir: string;
}

/**
 * The largest number of pages SQLite's backup step takes: the whole database in one step, that is in
 * one read transaction. Smaller steps would restart the copy each time the server writes, and could
 * never finish under steady writes.
 */
const ALL_PAGES = 0x7fffffff;

/**
 * Copies the store to a new backup directory while the server runs. The database is copied first,
 * then the media, so every image the copied rows name is in the backup (a file is stored before its
 * row is written). Written under `<target>.partial` and renamed at the end: a backup directory that
 * exists is complete.
 */
export async function backupStore(store: SqliteStore, target: string): Promise<void> {
  const destination = path.resolve(target);
  if (existsSync(destination)) throw new BackupError(`${target} already exists; give the backup a new name`);
  if (!existsSync(store.databaseFile)) throw new BackupError(`there is no database at ${store.databaseFile}`);
  const partial = `${destination}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  try {
    const source = new SQLite(store.databaseFile, { readonly: true, fileMustExist: true });
    try {
      await source.backup(path.join(partial, BACKUP_DATABASE), { progress: () => ALL_PAGES });
    } finally {
      source.close();
    }
    copyMedia(store.mediaDir, path.join(partial, BACKUP_MEDIA));
    renameSync(partial, destination);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Puts a backup back in place of the store. Refused while another process (the server, an import)
 * has the database open. The database and the media are first copied beside their places, then
 * renamed over them, so an interrupted restore never leaves a half-written file; running it again
 * finishes it.
 */
export function restoreStore(store: SqliteStore, backup: string): void {
  const backupDatabase = path.join(path.resolve(backup), BACKUP_DATABASE);
  if (!existsSync(backupDatabase)) {
    throw new BackupError(
      `${backup} is not a backup: it has no ${BACKUP_DATABASE} (make one with npm run backup)`,
    );
  }
  checkIntact(backupDatabase);
  if (existsSync(store.databaseFile)) closeWriteAheadLog(store.databaseFile);

  const databaseCopy = `${store.databaseFile}.restoring`;
  const mediaCopy = `${store.mediaDir}.restoring`;
  const mediaReplaced = `${store.mediaDir}.replaced`;
  mkdirSync(path.dirname(store.databaseFile), { recursive: true });
  copyFileSync(backupDatabase, databaseCopy);
  rmSync(mediaCopy, { recursive: true, force: true });
  copyMedia(path.join(path.resolve(backup), BACKUP_MEDIA), mediaCopy);

  rmSync(mediaReplaced, { recursive: true, force: true });
  if (existsSync(store.mediaDir)) renameSync(store.mediaDir, mediaReplaced);
  renameSync(mediaCopy, store.mediaDir);
  // A write-ahead log left beside the old file would be read into the restored one.
  for (const suffix of ['-wal', '-shm']) rmSync(`${store.databaseFile}${suffix}`, { force: true });
  renameSync(databaseCopy, store.databaseFile);
  rmSync(mediaReplaced, { recursive: true, force: true });
}

/** Refuses a backup database SQLite finds damaged (a truncated copy, another file under the name). */
function checkIntact(file: string): void {
  let result: unknown;
  try {
    const database = new SQLite(file, { readonly: true, fileMustExist: true });
    try {
      result = database.pragma('quick_check', { simple: true });
    } finally {
      database.close();
    }
  } catch (error) {
    throw new BackupError(`${file} is not a readable SQLite database: ${(error as Error).message}`);
  }
  if (result !== 'ok') throw new BackupError(`${file} is damaged: ${String(result)}`);
}

/**
 * Takes the database for this process alone, or refuses: a server (or import) that has it open,
 * even idle, holds a lock that an exclusive lock cannot get past. Closing then writes the log back
 * into the file and removes it.
 */
function closeWriteAheadLog(file: string): void {
  const database = new SQLite(file, { fileMustExist: true });
  try {
    database.pragma('busy_timeout = 0');
    database.pragma('locking_mode = EXCLUSIVE');
    database.exec('BEGIN EXCLUSIVE; COMMIT');
    database.pragma('wal_checkpoint(TRUNCATE)');
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') {
      throw new BackupError(
        `${file} is in use by another process (is the server running?); stop the server, then run the restore again`,
      );
    }
    throw error;
  } finally {
    database.close();
  }
}

/**
 * Copies the media files (names as storage gives them; its temporary files are left out). A file
 * deleted while the copy runs is skipped: its row was deleted first.
 */
function copyMedia(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  if (!existsSync(from)) return;
  for (const name of readdirSync(from)) {
    if (!STORAGE_KEY.test(name)) continue;
    try {
      copyFileSync(path.join(from, name), path.join(to, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

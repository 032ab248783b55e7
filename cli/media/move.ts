/**
 * Moves media files from a folder into the database (npm run media:move, cli/media/main.ts). Each file
 * keeps its key, so the URLs already stored in pages stay valid. A file is deleted from disk once its
 * bytes are committed; one already in the database is only deleted from disk, so a move can be run
 * again after an interruption.
 */
import { readdir, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../server/db/database.ts';
import { storedKeys, writeChunks } from '../../server/domains/media/database-storage.ts';
import { STORAGE_KEY } from '../../server/domains/media/storage.ts';

export interface MoveReport {
  moved: number;
  bytes: number;
  alreadyThere: number;
}

/** Moves every file of `dir` whose name is a storage key into the database; other files stay. */
export async function moveMediaIntoDatabase(db: Db, dir: string): Promise<MoveReport> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const stored = await storedKeys(db);
  const report: MoveReport = { moved: 0, bytes: 0, alreadyThere: 0 };
  for (const key of names.filter((name) => STORAGE_KEY.test(name)).sort()) {
    const file = path.join(dir, key);
    if (stored.has(key)) {
      report.alreadyThere += 1;
    } else {
      const data = await readFile(file);
      await writeChunks(db, key, data);
      report.moved += 1;
      report.bytes += data.length;
    }
    await unlink(file);
  }
  return report;
}

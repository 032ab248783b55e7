/**
 * Moves the media files of DATA_DIR/media into the database, for a deployment that moved to
 * PostgreSQL (where the server keeps media in the database, so every instance serves every upload):
 *
 *   npm run media:move
 *
 * Each file keeps its key, so stored page URLs stay valid; run again after an interruption, it goes on
 * where it stopped (cli/media/move.ts). Exits 0 when done, 1 when refused (the message says why).
 */
import { loadConfig } from '../../server/config.ts';
import { runCommand } from '../run-command.ts';
import { openDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { mediaDirIn } from '../../server/domains/media/storage.ts';
import { moveMediaIntoDatabase } from './move.ts';

async function main(): Promise<number> {
  const config = loadConfig();
  if (config.database.dialect !== 'postgres') {
    console.error(
      'DATABASE_URL does not name a PostgreSQL database: on SQLite the server keeps media under DATA_DIR/media, so there is nothing to move',
    );
    return 1;
  }
  const db = openDatabase(config.database);
  try {
    await migrateToLatest(db, config.database.dialect);
    const dir = mediaDirIn(config.dataDir);
    const report = await moveMediaIntoDatabase(db, dir);
    console.log(
      `Moved ${report.moved} files (${report.bytes} bytes) from ${dir} into the database; ${report.alreadyThere} were already there.`,
    );
    return 0;
  } finally {
    await db.destroy();
  }
}

runCommand(main);

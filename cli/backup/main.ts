/**
 * Backs up or restores a SQLite deployment (DATABASE_URL / DATA_DIR, as the server reads them):
 *
 *   npm run backup -- backups/2026-11-24     while the server runs
 *   npm run restore -- backups/2026-11-24    with the server stopped
 *
 * Exits 0 when done, 1 when refused (the message says why), 2 on wrong arguments.
 * PostgreSQL deployments use pg_dump and pg_restore instead.
 */
import path from 'node:path';
import { loadConfig } from '../../server/config.ts';
import { runCommand } from '../run-command.ts';
import { mediaDirIn } from '../../server/domains/media/storage.ts';
import { BackupError, backupStore, restoreStore, type SqliteStore } from './store-backup.ts';

const COMMANDS = {
  backup: 'usage: npm run backup -- <new backup directory>',
  restore: 'usage: npm run restore -- <backup directory>',
} as const;

const POSTGRES_MESSAGE = {
  backup:
    'DATABASE_URL names a PostgreSQL database: back it up with pg_dump (pg_dump --format=custom --file=carrierpage.dump "$DATABASE_URL"); uploaded media are in the database too (move older files there with npm run media:move)',
  restore:
    'DATABASE_URL names a PostgreSQL database: restore it with pg_restore (pg_restore --clean --if-exists --dbname="$DATABASE_URL" carrierpage.dump)',
} as const;

async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== 'backup' && command !== 'restore') {
    console.error(`${COMMANDS.backup}\n${COMMANDS.restore}`);
    return 2;
  }
  const operands = rest.filter((argument) => argument !== '--');
  if (operands.length !== 1 || operands[0]!.startsWith('-')) {
    console.error(COMMANDS[command]);
    return 2;
  }
  const target = operands[0]!;
  const config = loadConfig();
  if (config.database.dialect === 'postgres') {
    console.error(POSTGRES_MESSAGE[command]);
    return 1;
  }
  const store: SqliteStore = {
    databaseFile: config.database.filename,
    mediaDir: mediaDirIn(config.dataDir),
  };
  if (command === 'backup') {
    await backupStore(store, target);
    console.log(`backed up ${store.databaseFile} and ${store.mediaDir} to ${path.resolve(target)}`);
  } else {
    restoreStore(store, target);
    console.log(`restored ${store.databaseFile} and ${store.mediaDir} from ${path.resolve(target)}`);
  }
  return 0;
}

runCommand(() => main(process.argv.slice(2)), [BackupError]);

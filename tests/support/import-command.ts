import type { DatabaseConfig } from '../../server/config.ts';
import { startCommand } from './child-command.ts';

/** The import command (npm run import) on a store, in a child process that can be killed. */
export function startImport(database: DatabaseConfig, files: string[]) {
  const url = database.dialect === 'sqlite' ? `sqlite:${database.filename}` : database.url;
  return startCommand('cli/import/main.ts', files, { DATABASE_URL: url });
}

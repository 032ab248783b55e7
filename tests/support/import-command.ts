import { spawn } from 'node:child_process';
import type { DatabaseConfig } from '../../server/config.ts';

/** The import command (npm run import) on a store, in a child process that can be killed. */
export function startImport(database: DatabaseConfig, files: string[]) {
  const url = database.dialect === 'sqlite' ? `sqlite:${database.filename}` : database.url;
  const child = spawn(process.execPath, ['--import', 'tsx', 'cli/import/main.ts', ...files], {
    env: { ...process.env, DATABASE_URL: url, NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: string | null; output: string }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, output })),
  );
  return { child, exited };
}

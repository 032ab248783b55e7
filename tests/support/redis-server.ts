import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SCRIPT = path.resolve(import.meta.dirname, '../../scripts/redis-server.sh');

/** A private redis-server for one test file (scripts/redis-server.sh), on a free port. */
export interface TestRedis {
  url: string;
  /** Ends the server, as an outage would. */
  stop: () => void;
  /** Starts it again on the same port (empty: nothing is persisted). */
  restart: () => void;
}

export function startTestRedis(): TestRedis {
  const env = { ...process.env, REDIS_DIR: mkdtempSync(path.join(os.tmpdir(), 'carrierpage-redis-')) };
  const run = (command: 'start' | 'stop', extra: Record<string, string> = {}) =>
    execFileSync('bash', [SCRIPT, command], { env: { ...env, ...extra }, encoding: 'utf8' }).trim();
  const url = run('start');
  const port = new URL(url).port;
  return {
    url,
    stop: () => void run('stop'),
    restart: () => void run('start', { REDIS_PORT: port }),
  };
}

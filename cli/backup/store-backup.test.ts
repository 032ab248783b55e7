import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BackupError, backupStore, restoreStore, type SqliteStore } from './store-backup.ts';

// Backups of a SQLite deployment (database and media) taken while writes go on, and restored.
// SQLite only: PostgreSQL deployments use pg_dump / pg_restore (the command says so).

const MEDIA_KEY = `${'a'.repeat(32)}.jpg`;
const LATER_KEY = `${'b'.repeat(32)}.png`;
const MEDIA_BYTES = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5]);

let dir: string;
let store: SqliteStore;

/** A connection as the server holds one (WAL, busy timeout). */
function openStore(): SQLite.Database {
  const connection = new SQLite(store.databaseFile);
  connection.pragma('journal_mode = WAL');
  connection.pragma('busy_timeout = 5000');
  return connection;
}

/** Writes two rows per transaction until stopped: a consistent copy always holds an even count. */
function startWriting(connection: SQLite.Database): { stop: () => Promise<number> } {
  const insertPair = connection.transaction(() => {
    const insert = connection.prepare('insert into pairs (written_at) values (?)');
    insert.run(Date.now());
    insert.run(Date.now());
  });
  let transactions = 0;
  let running = true;
  const done = new Promise<number>((resolve) => {
    const step = () => {
      if (!running) return resolve(transactions);
      insertPair();
      transactions += 1;
      setImmediate(step);
    };
    step();
  });
  return {
    stop: async () => {
      running = false;
      return done;
    },
  };
}

function countRows(file: string): number {
  const connection = new SQLite(file, { readonly: true });
  try {
    return (connection.prepare('select count(*) as n from pairs').get() as { n: number }).n;
  } finally {
    connection.close();
  }
}

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-backup-'));
  store = { databaseFile: path.join(dir, 'data', 'app.db'), mediaDir: path.join(dir, 'data', 'media') };
  mkdirSync(store.mediaDir, { recursive: true });
  writeFileSync(path.join(store.mediaDir, MEDIA_KEY), MEDIA_BYTES);
  // A storage temporary file (an upload in progress) is not media yet.
  writeFileSync(path.join(store.mediaDir, `.${LATER_KEY}.tmp`), 'half');
  const connection = openStore();
  connection.exec('create table pairs (id integer primary key, written_at integer not null)');
  for (let index = 0; index < 500; index += 1)
    connection.prepare('insert into pairs (written_at) values (0)').run();
  connection.close();
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('backupStore and restoreStore', () => {
  it('takes a consistent copy while writes go on, with the media', async () => {
    const server = openStore();
    const writer = startWriting(server);
    const backup = path.join(dir, 'backup-1');
    await backupStore(store, backup);
    const transactions = await writer.stop();
    server.close();

    expect(transactions).toBeGreaterThan(0);
    const copied = countRows(path.join(backup, 'app.db'));
    expect(copied % 2).toBe(0);
    expect(copied).toBeGreaterThanOrEqual(500);
    expect(copied).toBeLessThanOrEqual(500 + 2 * transactions);
    const check = new SQLite(path.join(backup, 'app.db'), { readonly: true });
    expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
    check.close();
    expect(readFileSync(path.join(backup, 'media', MEDIA_KEY))).toEqual(MEDIA_BYTES);
    expect(existsSync(path.join(backup, 'media', `.${LATER_KEY}.tmp`))).toBe(false);
    expect(existsSync(`${backup}.partial`)).toBe(false);
  });

  it('restores over an existing store: rows and media as they were at the backup', async () => {
    const backup = path.join(dir, 'backup-2');
    await backupStore(store, backup);

    // The store moves on: more rows (some still in the write-ahead log), one image gone, one new.
    const server = openStore();
    server.pragma('wal_autocheckpoint = 0');
    await startWriting(server).stop();
    server.prepare('insert into pairs (written_at) values (1)').run();
    server.close();
    rmSync(path.join(store.mediaDir, MEDIA_KEY));
    writeFileSync(path.join(store.mediaDir, LATER_KEY), 'new image');
    expect(countRows(store.databaseFile)).toBeGreaterThan(500);

    restoreStore(store, backup);
    expect(countRows(store.databaseFile)).toBe(500);
    expect(readFileSync(path.join(store.mediaDir, MEDIA_KEY))).toEqual(MEDIA_BYTES);
    expect(existsSync(path.join(store.mediaDir, LATER_KEY))).toBe(false);
    expect(existsSync(`${store.databaseFile}.restoring`)).toBe(false);
    expect(existsSync(`${store.mediaDir}.replaced`)).toBe(false);

    // The restored store takes writes again.
    const reopened = openStore();
    reopened.prepare('insert into pairs (written_at) values (2)').run();
    reopened.close();
    expect(countRows(store.databaseFile)).toBe(501);
  });

  it('refuses to restore while another process holds the store, and leaves it as it was', async () => {
    const backup = path.join(dir, 'backup-3');
    await backupStore(store, backup);
    const server = openStore();
    server.prepare('insert into pairs (written_at) values (1)').run();
    try {
      expect(() => restoreStore(store, backup)).toThrow(
        new BackupError(
          `${store.databaseFile} is in use by another process (is the server running?); stop the server, then run the restore again`,
        ),
      );
      expect((server.prepare('select count(*) as n from pairs').get() as { n: number }).n).toBe(501);
    } finally {
      server.close();
    }
  });

  it('refuses a directory that is not a backup, a damaged one, and a backup name already taken', async () => {
    expect(() => restoreStore(store, path.join(dir, 'nothing'))).toThrow(
      `${path.join(dir, 'nothing')} is not a backup: it has no app.db (make one with npm run backup)`,
    );
    const damaged = path.join(dir, 'damaged');
    mkdirSync(damaged);
    writeFileSync(path.join(damaged, 'app.db'), 'not a database');
    expect(() => restoreStore(store, damaged)).toThrow(/damaged\/app\.db is not a readable SQLite database/);
    await expect(backupStore(store, damaged)).rejects.toThrow(
      `${damaged} already exists; give the backup a new name`,
    );
    expect(countRows(store.databaseFile)).toBe(500);
  });
});

describe('npm run backup / npm run restore', () => {
  const run = async (args: string[], env: Record<string, string> = {}) => {
    try {
      const { stdout, stderr } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'cli/backup/main.ts', ...args],
        {
          env: {
            PATH: process.env.PATH,
            DATA_DIR: path.join(dir, 'data'),
            JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
            ...env,
          },
        },
      );
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  };

  it('backs up while the store is written to, and restores once it is closed', async () => {
    const server = openStore();
    const writer = startWriting(server);
    const backup = path.join(dir, 'cli-backup');
    const taken = await run(['backup', '--', backup]);
    const transactions = await writer.stop();
    server.close();
    expect(taken).toMatchObject({ code: 0, stderr: '' });
    expect(taken.stdout).toContain(`to ${backup}`);
    const copied = countRows(path.join(backup, 'app.db'));
    expect(copied % 2).toBe(0);
    expect(copied).toBeLessThan(500 + 2 * transactions + 1);

    rmSync(path.join(store.mediaDir, MEDIA_KEY));
    const restored = await run(['restore', '--', backup]);
    expect(restored).toMatchObject({ code: 0, stderr: '' });
    expect(countRows(store.databaseFile)).toBe(copied);
    expect(readFileSync(path.join(store.mediaDir, MEDIA_KEY))).toEqual(MEDIA_BYTES);
  }, 30_000);

  it('refuses to restore while another process (the server) has the store open', async () => {
    const backup = path.join(dir, 'cli-backup');
    expect((await run(['backup', backup])).code).toBe(0);
    // A process that opens the store and stays idle, as a server between requests.
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `const db = new (require('better-sqlite3'))(${JSON.stringify(store.databaseFile)}); db.pragma('journal_mode = WAL'); db.prepare('select 1').get(); console.log('open'); setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      await new Promise((resolve) => holder.stdout.once('data', resolve));
      expect(await run(['restore', backup])).toMatchObject({
        code: 1,
        stderr: `${store.databaseFile} is in use by another process (is the server running?); stop the server, then run the restore again\n`,
      });
    } finally {
      holder.kill();
    }
  }, 30_000);

  it('answers wrong arguments, a missing backup and PostgreSQL with a message and a non-zero exit', async () => {
    expect(await run(['backup'])).toMatchObject({
      code: 2,
      stderr: 'usage: npm run backup -- <new backup directory>\n',
    });
    expect(await run(['restore', 'one', 'two'])).toMatchObject({
      code: 2,
      stderr: 'usage: npm run restore -- <backup directory>\n',
    });
    const missing = path.join(dir, 'missing');
    expect(await run(['restore', missing])).toMatchObject({
      code: 1,
      stderr: `${missing} is not a backup: it has no app.db (make one with npm run backup)\n`,
    });
    const postgres = { DATABASE_URL: 'postgres://localhost/carrierpage' };
    const dump = await run(['backup', path.join(dir, 'pg')], postgres);
    expect(dump.code).toBe(1);
    expect(dump.stderr).toMatch(/^DATABASE_URL names a PostgreSQL database: back it up with pg_dump/);
    const load = await run(['restore', path.join(dir, 'pg')], postgres);
    expect(load.code).toBe(1);
    expect(load.stderr).toMatch(/^DATABASE_URL names a PostgreSQL database: restore it with pg_restore/);
  }, 30_000);
});

import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, sqliteConnection, type Db } from './database.ts';
import { startWalCheckpointer } from './wal-checkpointer.ts';

describe('the WAL checkpointer (SQLite)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-wal-'));
  let db: Db | null = null;
  afterEach(async () => {
    await db?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('copies committed pages into the store file from its own thread, and the server connection never checkpoints', async () => {
    const filename = path.join(dir, 'app.db');
    db = openDatabase({ dialect: 'sqlite', filename });
    const connection = sqliteConnection(db)!;
    const checkpointer = startWalCheckpointer(db, filename, { intervalMs: 20 });
    expect(connection.pragma('wal_autocheckpoint', { simple: true })).toBe(0);

    await sql`CREATE TABLE filler (id INTEGER PRIMARY KEY, bytes BLOB)`.execute(db);
    const insert = connection.prepare('INSERT INTO filler (bytes) VALUES (?)');
    for (let index = 0; index < 500; index += 1) insert.run(Buffer.alloc(4000, index % 256));
    // About 2 MB committed into the WAL; only the worker can have copied it into the store file.
    const deadline = Date.now() + 10_000;
    while (statSync(filename).size < 2_000_000 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(statSync(filename).size).toBeGreaterThan(2_000_000);

    await checkpointer.stop();
    expect(connection.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
  });

  it('leaves checkpoints to the server connection when the worker cannot open the store', async () => {
    const filename = path.join(dir, 'app.db');
    db = openDatabase({ dialect: 'sqlite', filename });
    const connection = sqliteConnection(db)!;
    const failures: string[] = [];
    const checkpointer = startWalCheckpointer(db, path.join(dir, 'missing.db'), {
      intervalMs: 20,
      onFailure: (message) => failures.push(message),
    });
    const deadline = Date.now() + 10_000;
    while (failures.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(failures[0]).toMatch(/^WAL checkpoint worker stopped: /);
    expect(connection.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    await checkpointer.stop();
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialect } from '../../tests/support/test-database.ts';
import { openDatabase, type Db } from './database.ts';

/** The server's SQLite reads (docs/decisions/071-sqlite-server-reads-through-a-memory-map.md). */
describe.skipIf(testDialect !== 'sqlite')('SQLite memory map', () => {
  let dir: string;
  let server: Db;
  let importer: Db;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-mmap-'));
    const database = { dialect: 'sqlite' as const, filename: path.join(dir, 'app.db') };
    server = openDatabase(database, { memoryMapped: true });
    importer = openDatabase(database);
  });
  afterAll(async () => {
    await server.destroy();
    await importer.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const mapSize = async (db: Db) =>
    (await sql<{ mmap_size: number }>`PRAGMA mmap_size`.execute(db)).rows[0]?.mmap_size;

  it("maps the server's connection up to SQLite's 2 GB limit and leaves the importer's unmapped", async () => {
    expect(await mapSize(server)).toBe(2147418112);
    expect(await mapSize(importer)).toBe(0);
  });

  it('reads through the map what another connection wrote and checkpointed into the file', async () => {
    await sql`CREATE TABLE mapped (n INTEGER PRIMARY KEY, label TEXT NOT NULL)`.execute(importer);
    await sql`WITH RECURSIVE s(v) AS (SELECT 1 UNION ALL SELECT v + 1 FROM s WHERE v < 5000)
      INSERT INTO mapped (n, label) SELECT v, 'first ' || v FROM s`.execute(importer);
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(importer);
    const before = await sql<{ label: string }>`SELECT label FROM mapped WHERE n = 4321`.execute(server);
    expect(before.rows).toEqual([{ label: 'first 4321' }]);

    await sql`UPDATE mapped SET label = 'second ' || n`.execute(importer);
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(importer);
    const after = await sql<{ label: string; rows: number }>`SELECT
      (SELECT label FROM mapped WHERE n = 4321) AS label, (SELECT count(*) FROM mapped) AS rows`.execute(
      server,
    );
    expect(after.rows).toEqual([{ label: 'second 4321', rows: 5000 }]);
  });
});

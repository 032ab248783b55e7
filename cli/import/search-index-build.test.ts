import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { DOT_MASK } from '../../server/domains/search/rank-key.ts';
import { createCarrierDataRepo } from '../../server/domains/carrier-data/repo.ts';
import { createTestDatabase, testDialect } from '../../tests/support/test-database.ts';
import { carrier } from '../../tests/support/factories.ts';
import { generateDemoData, type DemoFiles } from '../demo/generate.ts';
import { importFiles } from './import-files.ts';
import { startSearchIndexBuild } from './search-index-build.ts';

const TODAY = new Date('2026-11-22T12:00:00Z');

/** DOT numbers of the carriers an FTS5 query matches in `table` (companies_fts's rowids). */
async function matching(db: Db, query: string, table = 'companies_fts'): Promise<number[]> {
  const found = await sql<{ dot: number }>`SELECT c.dot_number AS dot FROM ${sql.table(table)} f
    JOIN companies c ON c.dot_number = (f.rowid & ${sql.lit(DOT_MASK)}) WHERE ${sql.table(table)} MATCH ${query}`.execute(
    db,
  );
  return found.rows.map((row) => Number(row.dot)).sort((a, b) => a - b);
}

describe('the search index built on a second thread during a census load', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-search-build-'));
  let demo: DemoFiles;
  const opened: Db[] = [];

  const fileDatabase = async (name: string) => {
    const db = openDatabase({ dialect: 'sqlite', filename: path.join(dir, name) });
    opened.push(db);
    await migrateToLatest(db, 'sqlite');
    return db;
  };

  beforeAll(async () => {
    demo = await generateDemoData({
      carriers: 600,
      seed: 5,
      outDir: dir,
      inspectionsPerCarrierScale: 0,
      today: TODAY,
    });
  });
  afterAll(async () => {
    await Promise.all(opened.map((db) => db.destroy()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('is not used where no second connection can read the rows', async () => {
    const database = await createTestDatabase();
    try {
      // In memory on SQLite, or PostgreSQL, whose search column needs no build.
      expect(startSearchIndexBuild(database.db)).toBeNull();
    } finally {
      await database.destroy();
    }
  });

  it.skipIf(testDialect !== 'sqlite')(
    'gives the same index as building it after the load, and removes its scratch file',
    async () => {
      const parallel = await fileDatabase('parallel.db');
      const afterwards = await openDatabase({ dialect: 'sqlite', filename: ':memory:' });
      opened.push(afterwards);
      await migrateToLatest(afterwards, 'sqlite');
      const options = { showProgress: false };
      await importFiles(parallel, 'sqlite', [demo.census], options);
      await importFiles(afterwards, 'sqlite', [demo.census], options);

      expect(existsSync(path.join(dir, 'parallel.db.search-build'))).toBe(false);
      const queries = ['"transport"*', '"tr"*', '"exp"*', 'facets:"_statetx"', 'facets:"_typebroker"'];
      for (const query of queries) {
        const expected = await matching(afterwards, query);
        expect(expected.length, query).toBeGreaterThan(0);
        expect(await matching(parallel, query), query).toEqual(expected);
      }
      // The brokers' index holds companies_fts's rows of the brokers, on both paths (migration 046).
      for (const query of ['"tr"*', 'facets:"_statetx"', 'facets:"_typebroker"']) {
        const brokers = await matching(afterwards, `(${query}) AND facets:"_typebroker"`);
        expect(brokers.length, query).toBeGreaterThan(0);
        expect(await matching(afterwards, query, 'companies_broker_fts'), query).toEqual(brokers);
        expect(await matching(parallel, query, 'companies_broker_fts'), query).toEqual(brokers);
      }
      const count = async (db: Db) =>
        (await sql<{ n: number }>`SELECT count(*) AS n FROM companies_fts_docsize`.execute(db)).rows[0]?.n;
      expect(await count(parallel)).toBe(600);
      // The worker's build settings (no merging while loading) stay in its scratch file.
      const settings = await sql<{ k: string }>`SELECT k FROM companies_fts_config`.execute(parallel);
      expect(settings.rows.map((row) => row.k)).toEqual(['version']);
    },
  );

  it.skipIf(testDialect !== 'sqlite')(
    'indexes e-mail domains as websites except free-mail providers’, like the other paths',
    async () => {
      const db = await fileDatabase('free-mail.db');
      const census = path.join(dir, 'free_mail_census.csv');
      writeFileSync(
        census,
        [
          'DOT_NUMBER,LEGAL_NAME,EMAIL_ADDRESS,POWER_UNITS,TOTAL_DRIVERS,PHY_STATE,MCS150_DATE,CARSHIP',
          '1200001,SOLO HAULING,J.Doe@Gmail.com,1,1,TX,20240101,C',
          '1200002,PRAIRIE LINES LLC,dispatch@acmefreight-lines.com,1,1,TX,20240101,C',
          '1200003,ROADSIDE CARRIER,roadside@googlemail.com,1,1,TX,20240101,C',
        ].join('\n') + '\n',
      );
      // A census load into this empty file store builds the index on the worker thread.
      await importFiles(db, 'sqlite', [census], { showProgress: false });
      expect(existsSync(path.join(dir, 'free-mail.db.search-build'))).toBe(false);
      // A web domain's words are facet tokens (decision 057), never words a prefix starts.
      expect(await matching(db, 'facets:"_wgmail"')).toEqual([]);
      expect(await matching(db, 'facets:"_wgooglemail"')).toEqual([]);
      expect(await matching(db, 'facets:"_wacmefreight"')).toEqual([1200002]);
      expect(await matching(db, 'facets:"_wcom"')).toEqual([1200002]);
      expect(await matching(db, '"acmefreight"*')).toEqual([]);
    },
  );

  it.skipIf(testDialect !== 'sqlite')(
    'indexes a carrier the load wrote twice as its last row says, even when the first was indexed already',
    async () => {
      const db = await fileDatabase('twice.db');
      const build = startSearchIndexBuild(db);
      if (!build) throw new Error('expected a build for a file database');
      const repo = createCarrierDataRepo(db);
      const first = carrier({ legal_name: 'OLDNAME HAULING LLC' });
      const other = carrier({ legal_name: 'STEADY FREIGHT INC' });
      build.noteCarrier(first.dot_number);
      build.noteCarrier(other.dot_number);
      await repo.upsertCarriers([first, other], '2026-11-22T00:00:00.000Z');

      // Wait until the worker has indexed both committed rows in its scratch file.
      const scratch = path.join(dir, 'twice.db.search-build');
      const indexedRows = () => {
        if (!existsSync(scratch)) return 0;
        const reader = new SQLite(scratch, { readonly: true });
        try {
          return reader.prepare('SELECT count(*) FROM companies_fts_docsize').pluck().get() as number;
        } catch {
          return 0; // the table is not created yet
        } finally {
          reader.close();
        }
      };
      const deadline = Date.now() + 20_000;
      while (indexedRows() < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(indexedRows()).toBe(2);

      build.noteCarrier(first.dot_number);
      await repo.upsertCarriers(
        [{ ...first, legal_name: 'NEWNAME HAULING LLC' }],
        '2026-11-22T00:00:00.000Z',
      );
      build.rowsWritten();
      await build.install();

      expect(await matching(db, '"newname"*')).toEqual([first.dot_number]);
      expect(await matching(db, '"oldname"*')).toEqual([]);
      expect(await matching(db, '"steady"*')).toEqual([other.dot_number]);
    },
  );
});

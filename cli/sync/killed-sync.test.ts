import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '../../server/config.ts';
import type { Db } from '../../server/db/database.ts';
import { startCommand } from '../../tests/support/child-command.ts';
import { startFakePortal, type FakePortal } from '../../tests/support/fake-portal.ts';
import { childProcessStores, testDialect } from '../../tests/support/test-database.ts';
import { generateDemoData, type DemoFiles } from '../demo/generate.ts';
import { splitCsvLine } from './check-download.ts';

const CENSUS = 'az4n-8mr2';
const INSPECTIONS = 'fx4q-ay7w';
const CARRIERS = 12_000;
const DAY_ONE = Date.UTC(2026, 11, 1, 9, 30) / 1000;
const DAY_TWO = Date.UTC(2026, 11, 2, 9, 30) / 1000;
const DATASETS = ['--datasets', `${CENSUS},${INSPECTIONS}`];

interface Store {
  config: DatabaseConfig;
  db: Db;
  dataDir: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every file under `dir`, with its path. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((name) => path.join(dir, name));
}

const countOf = async (db: Db, table: 'companies' | 'inspections') =>
  Number(
    (await sql<{ n: number | string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db)).rows[0]!.n,
  );

/**
 * The record's history events (issue 52), where the store keeps them: every event once, as an
 * uninterrupted run writes it. Null in a store without the table.
 */
async function historyEvents(db: Db) {
  const table =
    testDialect === 'sqlite'
      ? await sql<{
          name: string;
        }>`SELECT name FROM sqlite_master WHERE name = 'record_history_events'`.execute(db)
      : await sql<{ name: string | null }>`SELECT to_regclass('record_history_events') AS name`.execute(db);
  if (!table.rows[0]?.name) return null;
  const events = await sql<Record<string, unknown>>`SELECT event_key, dot_number, kind, event, subject,
      value_before, value_after, effective_on, first_seen_on, source
    FROM record_history_events ORDER BY event_key`.execute(db);
  return events.rows;
}

/** What a sync leaves that a reader sees: the carriers' records, the inspections, the sync state, the history. */
async function snapshot(db: Db) {
  return {
    companies: await db
      .selectFrom('companies')
      .select(['dot_number', 'name', 'dba_name', 'phy_city', 'power_units', 'source_hash'])
      .orderBy('dot_number')
      .execute(),
    inspections: await countOf(db, 'inspections'),
    state: (
      await db
        .selectFrom('sync_datasets')
        .select(['dataset_id', 'rows_updated_at'])
        .orderBy('dataset_id')
        .execute()
    ).map((row) => [row.dataset_id, Number(row.rows_updated_at)]),
    asOf: await db
      .selectFrom('data_imports')
      .select(['dataset', (eb) => eb.fn.max('as_of').as('as_of')])
      .groupBy('dataset')
      .orderBy('dataset')
      .execute(),
    suspended: await db.selectFrom('suspended_indexes').select('name').execute(),
    history: await historyEvents(db),
  };
}

describe(`a sync killed at any moment (kill -9) on ${testDialect}`, () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-killed-sync-'));
  const stores = childProcessStores(dir);
  let demo: DemoFiles;
  let portal: FakePortal;

  async function emptyStore(name: string): Promise<Store> {
    const { config, db } = await stores.create(name);
    return { config, db, dataDir: path.join(dir, `data-${name}`) };
  }

  /** `npm run sync` on a store, in a child process that can be killed. */
  function startSync(store: Store) {
    const url = store.config.dialect === 'sqlite' ? `sqlite:${store.config.filename}` : store.config.url;
    return startCommand('cli/sync/main.ts', DATASETS, {
      DATABASE_URL: url,
      DATA_DIR: store.dataDir,
      FMCSA_PORTAL_URL: portal.url,
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    });
  }

  /** Starts a sync, kills it (SIGKILL) once `moment` says so, and waits for it to be gone. */
  async function killWhen(store: Store, moment: () => Promise<boolean> | boolean): Promise<void> {
    const run = startSync(store);
    let exitedEarly = false;
    void run.exited.then(() => (exitedEarly = true));
    while (!exitedEarly && !(await moment())) await sleep(5);
    expect(exitedEarly, 'the sync ended before the moment to kill it').toBe(false);
    run.child.kill('SIGKILL');
    expect((await run.exited).signal).toBe('SIGKILL');
  }

  async function syncToEnd(store: Store): Promise<void> {
    const result = await startSync(store).exited;
    expect(result.code, result.output).toBe(0);
  }

  /** Day two on the portal: a hundred carriers renamed. */
  function publishDayTwo() {
    const [head = '', ...lines] = readFileSync(demo.census, 'utf8').split('\n').filter(Boolean);
    const header = splitCsvLine(head);
    const nameAt = header.indexOf('LEGAL_NAME');
    const changed = lines
      .slice(0, 100)
      .map(splitCsvLine)
      .map((row) => row.map((value, index) => (index === nameAt ? `${value} RENAMED` : value)));
    portal.update(CENSUS, changed, DAY_TWO);
  }

  beforeAll(async () => {
    demo = await generateDemoData({
      carriers: CARRIERS,
      seed: 42,
      outDir: dir,
      inspectionsPerCarrierScale: 6,
      today: new Date(DAY_ONE * 1000),
    });
  }, 60_000);
  afterAll(async () => {
    await portal?.close();
    await stores.destroyAll();
    rmSync(dir, { recursive: true, force: true });
  });

  it('ends, run again, as an uninterrupted sync would', async () => {
    portal = await startFakePortal();
    await portal.publishFile(CENSUS, demo.census, DAY_ONE, 'DOT_NUMBER');
    await portal.publishFile(INSPECTIONS, demo.inspections, DAY_ONE);

    const whole = await emptyStore('whole');
    await syncToEnd(whole);
    publishDayTwo();
    await syncToEnd(whole);
    const expected = await snapshot(whole.db);
    expect(expected.companies).toHaveLength(CARRIERS);
    expect(expected.companies.filter((company) => company.name.endsWith(' RENAMED'))).toHaveLength(100);
    // Where the store keeps history, day two's renames are in it (and below, each once after the kills).
    if (expected.history) expect(expected.history.length).toBeGreaterThanOrEqual(100);

    // The same two days, on a portal that starts over, killed at several moments of each.
    await portal.close();
    portal = await startFakePortal();
    await portal.publishFile(CENSUS, demo.census, DAY_ONE, 'DOT_NUMBER');
    await portal.publishFile(INSPECTIONS, demo.inspections, DAY_ONE);
    const killed = await emptyStore('killed');
    const censusPart = () =>
      filesUnder(path.join(killed.dataDir, 'sync', CENSUS)).find((file) => file.endsWith('.csv.part'));

    // 1. During the census download: the connection stalls after part of the file, then the kill.
    portal.fail('export', CENSUS, { kind: 'stall', afterBytes: 200_000 });
    await killWhen(killed, () => {
      const part = censusPart();
      return part !== undefined && statSync(part).size >= 200_000;
    });
    expect(await countOf(killed.db, 'companies')).toBe(0);

    // 2. Once the census download is whole and checked, during its import: the download was resumed,
    // not started over.
    const exportsBefore = portal.requests.filter((request) => request.endpoint === 'export').length;
    await killWhen(killed, () =>
      filesUnder(path.join(killed.dataDir, 'sync', CENSUS)).some((file) => /export-\d+\.csv$/.test(file)),
    );
    const resumed = portal.requests.filter((request) => request.endpoint === 'export').slice(exportsBefore);
    expect(resumed[0]?.headers.range).toBe('bytes=200000-');

    // 3. During the inspections import.
    const inspections = demo.counts.inspections;
    await killWhen(killed, async () => {
      const count = await countOf(killed.db, 'inspections').catch(() => 0);
      return count > 0 && count < inspections;
    });
    await syncToEnd(killed);

    // Day two, 4. once its changed rows are on disk, before they are all imported.
    publishDayTwo();
    await killWhen(killed, () =>
      filesUnder(path.join(killed.dataDir, 'sync', CENSUS)).some((file) =>
        /changes-\d+-\d+\.csv$/.test(file),
      ),
    );
    await syncToEnd(killed);

    expect(await snapshot(killed.db)).toEqual(expected);
    if (testDialect === 'sqlite') {
      const check = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(killed.db);
      expect(check.rows).toEqual([{ integrity_check: 'ok' }]);
    }
    // Nothing is left to download: the imported files are gone.
    expect(filesUnder(path.join(killed.dataDir, 'sync')).filter((file) => statSync(file).isFile())).toEqual(
      [],
    );
  }, 300_000);
});

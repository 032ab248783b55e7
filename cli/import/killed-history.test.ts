import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '../../server/config.ts';
import { openDatabase, type Db } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { startImport } from '../../tests/support/import-command.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../../tests/support/test-database.ts';
import { generateDemoData } from '../demo/generate.ts';
import { importFiles } from './import-files.ts';

/**
 * Carriers changed by the refresh. SQLite commits every 50,000 rows, so a kill between two commits
 * needs more; PostgreSQL commits every batch of 5,000.
 */
const CARRIERS = testDialect === 'sqlite' ? 60_000 : 15_000;
const REFRESH_DAY = '2026-11-20';

const eventCount = async (db: Db) =>
  Number(
    (
      await db
        .selectFrom('record_history_events')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Every event as readers see it, and the carriers' rows the events describe. */
async function history(db: Db) {
  return {
    events: await db
      .selectFrom('record_history_events')
      .select([
        'event_key',
        'dot_number',
        'subject',
        'value_before',
        'value_after',
        'effective_on',
        'first_seen_on',
      ])
      .orderBy('event_key')
      .execute(),
    dates: await db
      .selectFrom('companies')
      .select(['dot_number', 'mcs150_date'])
      .orderBy('dot_number')
      .execute(),
  };
}

describe(`a census refresh killed mid-file (kill -9) on ${testDialect}`, () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-killed-history-'));
  const stores: TestDatabase[] = [];
  let base: string;
  let refresh: string;

  /** A store holding the base census, which the child process can open too (SQLite: a file). */
  async function storeWithBase(name: string): Promise<{ config: DatabaseConfig; db: Db }> {
    let store: TestDatabase;
    if (testDialect === 'sqlite') {
      const config: DatabaseConfig = { dialect: 'sqlite', filename: path.join(dir, `${name}.db`) };
      const db = openDatabase(config);
      await migrateToLatest(db, 'sqlite');
      store = { db, config, destroy: () => db.destroy() };
    } else store = await createTestDatabase();
    stores.push(store);
    await importFiles(store.db, testDialect, [base], { showProgress: false });
    return store;
  }

  beforeAll(async () => {
    const demo = await generateDemoData({
      carriers: CARRIERS,
      seed: 29,
      outDir: dir,
      today: new Date('2026-11-01T00:00:00Z'),
      inspectionsPerCarrierScale: 0,
    });
    base = demo.census;
    // Every carrier files a new MCS-150 (the census's first column) on the refresh day.
    const [header, ...rows] = readFileSync(base, 'utf8').trimEnd().split('\n');
    const day = REFRESH_DAY.replaceAll('-', '');
    refresh = path.join(dir, `company_census_${day}.csv`);
    writeFileSync(
      refresh,
      [header, ...rows.map((row) => day + row.slice(row.indexOf(',')))].join('\n') + '\n',
    );
  }, 120_000);
  afterAll(async () => {
    for (const store of stores) await store.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes every event once when the command is run again', async () => {
    const whole = await storeWithBase('whole');
    const finished = await startImport(whole.config, [refresh]).exited;
    expect(finished.code, finished.output).toBe(0);
    const expected = await history(whole.db);
    expect(expected.events).toHaveLength(CARRIERS);

    const killed = await storeWithBase('killed');
    const run = startImport(killed.config, [refresh]);
    let exited = false;
    void run.exited.then(() => (exited = true));
    // Killed once part of the refresh is committed, events and rows together.
    for (;;) {
      const written = await eventCount(killed.db).catch(() => 0);
      if (written > 0 && written < CARRIERS) break;
      expect(exited, 'the refresh ended before it could be killed mid-file').toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    run.child.kill('SIGKILL');
    expect((await run.exited).signal).toBe('SIGKILL');
    const partial = await history(killed.db);
    const changedRows = partial.dates.filter((row) => row.mcs150_date === REFRESH_DAY).length;
    expect(partial.events.length).toBe(changedRows);

    const again = await startImport(killed.config, [refresh]).exited;
    expect(again.code, again.output).toBe(0);
    expect(await history(killed.db)).toEqual(expected);
  }, 300_000);
});

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database.ts';
import { createSearchService } from '../../server/domains/search/service.ts';
import { startImport } from '../../tests/support/import-command.ts';
import { childProcessStores, testDialect } from '../../tests/support/test-database.ts';
import { generateDemoData, type DemoFiles } from '../demo/generate.ts';

const countOf = async (db: Db, table: 'companies' | 'inspections') =>
  Number(
    (await sql<{ n: number | string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db)).rows[0]!.n,
  );

/** Everything a reader sees of the store: row counts, indexes, search totals and first pages. */
async function snapshot(db: Db) {
  const search = createSearchService(db, testDialect);
  const searches: Record<string, [number, number[]]> = {};
  for (const term of ['trucking', 'express', 'lo', 'j b', 'freight tx']) {
    const result = await search.supersearchQuery({ super_search_term: term });
    searches[term] = [result.total, result.data.map((company) => company.dot_number)];
  }
  const indexes =
    testDialect === 'sqlite'
      ? await sql<{
          name: string;
        }>`SELECT name FROM sqlite_master WHERE type = 'index' ORDER BY name`.execute(db)
      : await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes
          WHERE schemaname = current_schema() ORDER BY indexname`.execute(db);
  return {
    companies: await countOf(db, 'companies'),
    inspections: await countOf(db, 'inspections'),
    indexes: indexes.rows.map((row) => row.name),
    suspended: await db.selectFrom('suspended_indexes').select('name').execute(),
    searches,
  };
}

describe(`an import killed mid-file (kill -9) on ${testDialect}`, () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-killed-import-'));
  let demo: DemoFiles;
  const stores = childProcessStores(dir);

  /** A migrated, empty store the child process can open too. */
  const emptyStore = (name: string) => stores.create(name);

  beforeAll(async () => {
    demo = await generateDemoData({ carriers: 12_000, seed: 23, outDir: dir, inspectionsPerCarrierScale: 6 });
  }, 60_000);
  afterAll(async () => {
    await stores.destroyAll();
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves a readable store, and running the command again ends as an uninterrupted run', async () => {
    const files = [demo.census, demo.inspections];
    const whole = await emptyStore('whole');
    const finished = await startImport(whole.config, files).exited;
    expect(finished.code, finished.output).toBe(0);
    // The first run links every carrier; the report names the steps after the files.
    expect(finished.output).toMatch(/^search flags and judgements: \d+\.\d s$/m);
    expect(finished.output).toMatch(
      /^links and signals: [\d.]+ s \(all 12,000 carriers; keys [\d.]+ s, shared keys [\d.]+ s, signals [\d.]+ s\)$/m,
    );

    const killed = await emptyStore('killed');
    // Killed as soon as part of a file is committed: SQLite commits every 50,000 rows, so there it is
    // the inspections file; PostgreSQL commits every batch, so there it is the census.
    const run = startImport(killed.config, files);
    const midFile = async () => {
      const companies = await countOf(killed.db, 'companies').catch(() => 0);
      const inspections = await countOf(killed.db, 'inspections').catch(() => 0);
      return (companies > 0 && companies < 12_000) || (inspections > 0 && inspections < expectedInspections);
    };
    const expectedInspections = await countOf(whole.db, 'inspections');
    while (!(await midFile())) await new Promise((resolve) => setTimeout(resolve, 5));
    run.child.kill('SIGKILL');
    const stopped = await run.exited;
    expect(stopped.signal).toBe('SIGKILL');

    // Readable at once: part of the data, every query answers.
    const partial = await snapshot(killed.db);
    expect(partial.companies + partial.inspections).toBeLessThan(12_000 + expectedInspections);
    if (testDialect === 'sqlite') {
      const check = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(killed.db);
      expect(check.rows).toEqual([{ integrity_check: 'ok' }]);
    }

    const again = await startImport(killed.config, files).exited;
    expect(again.code, again.output).toBe(0);
    const expected = await snapshot(whole.db);
    expect(expected.suspended).toEqual([]);
    expect(expected.companies).toBe(12_000);
    expect(await snapshot(killed.db)).toEqual(expected);
  }, 180_000);
});

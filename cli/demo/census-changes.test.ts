import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialect, type TestDatabase } from '../../tests/support/test-database.ts';
import { importFiles } from '../import/import-files.ts';
import { writeCensusChanges, type CensusChanges } from './census-changes.ts';
import { generateDemoData } from './generate.ts';

const TODAY = new Date('2026-11-22T12:00:00Z');

describe(`the demo census's months of changes, imported on ${testDialect}`, () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-census-changes-'));
  let database: TestDatabase;
  let changes: CensusChanges;

  beforeAll(async () => {
    database = await createTestDatabase();
    const demo = await generateDemoData({ carriers: 2_000, seed: 5, outDir: dir, today: TODAY });
    changes = await writeCensusChanges({ census: demo.census, outDir: dir, seed: 5, today: TODAY });
    const options = { showProgress: false };
    await importFiles(database.db, testDialect, [demo.census], { ...options, asOf: changes.baseAsOf });
    await importFiles(database.db, testDialect, changes.files, options);
  }, 60_000);
  afterAll(async () => {
    await database.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes a dated file a month, the last one today, each with a few changed records', () => {
    expect(changes.baseAsOf).toBe('2026-07-25');
    expect(changes.files.map((file) => path.basename(file))).toEqual([
      'company_census_changes_20260824.csv',
      'company_census_changes_20260923.csv',
      'company_census_changes_20261023.csv',
      'company_census_changes_20261122.csv',
    ]);
    for (const file of changes.files) {
      const records = readFileSync(file, 'utf8').trimEnd().split('\n').length - 1;
      expect(records).toBeGreaterThan(30);
      expect(records).toBeLessThan(90);
    }
  });

  it('gives the carriers histories through the importer, a month apart, the e-mail only as changed', async () => {
    const days = await database.db
      .selectFrom('record_history_events')
      .select(['first_seen_on', (eb) => eb.fn.countAll<number | string>().as('n')])
      .groupBy('first_seen_on')
      .orderBy('first_seen_on')
      .execute();
    expect(days.map((day) => day.first_seen_on)).toEqual([
      '2026-08-24',
      '2026-09-23',
      '2026-10-23',
      '2026-11-22',
    ]);
    const subjects = await database.db
      .selectFrom('record_history_events')
      .select('subject')
      .distinct()
      .orderBy('subject')
      .execute();
    expect(subjects.map((row) => row.subject)).toEqual([
      'cell_phone',
      'drivers',
      'email',
      'mailing_address',
      'mcs150_date',
      'officers',
      'phone',
      'physical_address',
      'power_units',
      'safety_rating',
      'safety_rating_date',
      'usdot_status',
    ]);
    const text = JSON.stringify(await database.db.selectFrom('record_history_events').selectAll().execute());
    expect(text).not.toContain('@');
  });
});

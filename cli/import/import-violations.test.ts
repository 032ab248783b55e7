import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialect, type TestDatabase } from '../../tests/support/test-database.ts';
import { SMS_INSPECTION_COLUMNS, SMS_VIOLATION_COLUMNS } from '../fmcsa/columns.ts';
import { createCarrierDataRepo } from '../../server/domains/carrier-data/repo.ts';
import { describeReport, importFiles } from './import-files.ts';

/** A CSV of `columns` whose rows name only some of them; the rest stay empty. */
function csv(file: string, columns: readonly string[], rows: Record<string, string>[]): string {
  const lines = rows.map((row) => columns.map((column) => row[column] ?? '').join(','));
  writeFileSync(file, [columns.join(','), ...lines].join('\n') + '\n');
  return file;
}

const inspection = (id: string, day: string, extra: Record<string, string> = {}) => ({
  Unique_ID: id,
  Report_Number: `R${id}`,
  Report_State: 'TX',
  DOT_Number: '00770077',
  Insp_Date: day,
  Insp_level_ID: '1',
  Driver_OOS_Total: '0',
  Vehicle_OOS_Total: '1',
  OOS_Total: '1',
  BASIC_Viol: '2',
  ...extra,
});

const violation = (id: string, code: string, extra: Record<string, string> = {}) => ({
  Unique_ID: id,
  Insp_Date: '14-OCT-26',
  DOT_Number: '770077',
  Viol_Code: code,
  BASIC_Desc: 'Vehicle Maint.',
  OOS_Indicator: 'N',
  Section_Desc: 'Inoperable Required Lamp',
  Viol_Unit: '1',
  ...extra,
});

describe(`importing SMS inspection and violation files into ${testDialect}`, () => {
  let database: TestDatabase;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-violations-'));

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const storedViolations = () =>
    database.db
      .selectFrom('violations')
      .select([
        'inspection_id',
        'dot_number',
        'insp_date',
        'viol_code',
        'basic',
        'description',
        'unit',
        'oos',
      ])
      .orderBy('violation_key')
      .execute();

  it('stores the inspections with their VINs, and the violations joined to them by unique id', async () => {
    const inspections = csv(path.join(dir, 'sms_inspection.csv'), SMS_INSPECTION_COLUMNS, [
      inspection('5001', '14-OCT-26', { VIN: '1fuj3vin000000001', VIN2: '' }),
      inspection('5002', '02-SEP-26', { VIN: '', VIN2: '' }),
    ]);
    const violations = csv(path.join(dir, 'sms_violation.csv'), SMS_VIOLATION_COLUMNS, [
      violation('5001', '393.9A1'),
      violation('5001', '396.3A1BOS', {
        BASIC_Desc: 'Vehicle Maint.',
        OOS_Indicator: 'Y',
        Section_Desc: 'Brakes out of adjustment',
      }),
      violation('5002', '392.2C', {
        Insp_Date: '02-SEP-26',
        BASIC_Desc: 'Unsafe Driving',
        Section_Desc: 'Failure to obey traffic control device',
        Viol_Unit: 'd',
      }),
    ]);
    const reports = await importFiles(database.db, testDialect, [inspections, violations], {
      showProgress: false,
    });
    expect(reports.map((report) => [report.dataset, report.imported, report.skipped])).toEqual([
      ['sms_inspection', 2, 0],
      ['sms_violation', 3, 0],
    ]);
    expect(reports[1]?.label).toBe('SMS Input - Violation (8mt8-2mdr)');
    // The day the violation file describes dates the safety detail (no date in its name: today).
    const dates = await createCarrierDataRepo(database.db).dataDates();
    expect(dates.violations_through).toBe(reports[1]?.asOf);
    expect(reports[1]?.asOf).toBe(new Date().toISOString().slice(0, 10));
    const vins = await database.db
      .selectFrom('inspections')
      .select(['inspection_id', 'dot_number', 'vin', 'vin2'])
      .orderBy('inspection_id')
      .execute();
    expect(vins).toEqual([
      { inspection_id: '5001', dot_number: 770077, vin: '1FUJ3VIN000000001', vin2: null },
      { inspection_id: '5002', dot_number: 770077, vin: null, vin2: null },
    ]);
    expect(await storedViolations()).toEqual([
      {
        inspection_id: '5001',
        dot_number: 770077,
        insp_date: '2026-10-14',
        viol_code: '393.9A1',
        basic: 'Vehicle Maint.',
        description: 'Inoperable Required Lamp',
        unit: '1',
        oos: 0,
      },
      {
        inspection_id: '5001',
        dot_number: 770077,
        insp_date: '2026-10-14',
        viol_code: '396.3A1BOS',
        basic: 'Vehicle Maint.',
        description: 'Brakes out of adjustment',
        unit: '1',
        oos: 1,
      },
      {
        inspection_id: '5002',
        dot_number: 770077,
        insp_date: '2026-09-02',
        viol_code: '392.2C',
        basic: 'Unsafe Driving',
        description: 'Failure to obey traffic control device',
        unit: 'D',
        oos: 0,
      },
    ]);
  });

  it('skips bad violation rows with their line numbers, keeps the good ones, and updates in place', async () => {
    const file = csv(path.join(dir, 'sms_violation_bad.csv'), SMS_VIOLATION_COLUMNS, [
      // Line 2: the same violation again, now out of service: an update, not a second row.
      violation('5001', '393.9A1', { OOS_Indicator: 'Y' }),
      violation('', '393.9A1'),
      violation('5002', ''),
      violation('5002', '392.2C', { DOT_Number: 'ABC' }),
      violation('5002', '392.2C', { Insp_Date: '31-FEB-26' }),
      violation('5002', '392.2C', { Insp_Date: '' }),
      // The same code on another unit of the inspection is another violation.
      violation('5001', '393.9A1', { Viol_Unit: '2' }),
    ]);
    const [report] = await importFiles(database.db, testDialect, [file], { showProgress: false });
    expect(report?.imported).toBe(2);
    expect(report?.skipped).toBe(5);
    expect(report?.skipExamples).toEqual([
      'line 3: missing inspection id',
      'line 4: missing violation code',
      'line 5: non-numeric DOT number',
      'line 6: impossible date 31-FEB-26',
      'line 7: missing inspection date',
    ]);
    expect(describeReport(report!)).toContain('2 rows imported, 5 skipped');
    const rows = await storedViolations();
    expect(rows).toHaveLength(4);
    expect(rows.filter((row) => row.viol_code === '393.9A1').map((row) => [row.unit, row.oos])).toEqual([
      ['1', 1],
      ['2', 0],
    ]);
  });

  it("reads the portal's JSON spelling: lowercase keys, a null column left out of the object", async () => {
    const file = path.join(dir, 'sms_violation.json');
    const rows = [
      {
        unique_id: '5002',
        insp_date: '02-SEP-26',
        dot_number: '770077',
        viol_code: '395.8E',
        basic_desc: 'HOS Compliance',
        oos_indicator: 'true',
        section_desc: 'False report of drivers record of duty status',
        viol_unit: 'D',
      },
      // No BASIC, section or unit: the portal leaves those keys out.
      { unique_id: '5002', insp_date: '02-SEP-26', dot_number: '770077', viol_code: '390.19' },
    ];
    writeFileSync(file, JSON.stringify(rows));
    const [report] = await importFiles(database.db, testDialect, [file], { showProgress: false });
    expect([report?.dataset, report?.imported, report?.skipped]).toEqual(['sms_violation', 2, 0]);
    const stored = await database.db
      .selectFrom('violations')
      .select(['viol_code', 'basic', 'description', 'unit', 'oos'])
      .where('inspection_id', '=', '5002')
      .where('viol_code', 'in', ['395.8E', '390.19'])
      .orderBy('viol_code')
      .execute();
    expect(stored).toEqual([
      { viol_code: '390.19', basic: null, description: null, unit: null, oos: 0 },
      {
        viol_code: '395.8E',
        basic: 'HOS Compliance',
        description: 'False report of drivers record of duty status',
        unit: 'D',
        oos: 1,
      },
    ]);
  });

  it('leaves the stored VINs when an MCMIS file updates the same inspection', async () => {
    const file = path.join(dir, 'mcmis_inspection.csv');
    writeFileSync(
      file,
      'INSPECTION_ID,DOT_NUMBER,REPORT_STATE,INSP_DATE,INSP_LEVEL_ID,VIOL_TOTAL,OOS_TOTAL,DRIVER_OOS_TOTAL,VEHICLE_OOS_TOTAL,HAZMAT_OOS_TOTAL\n' +
        '5001,770077,TX,20261014,2,2,1,0,1,0\n',
    );
    const [report] = await importFiles(database.db, testDialect, [file], { showProgress: false });
    expect(report?.imported).toBe(1);
    const row = await database.db
      .selectFrom('inspections')
      .select(['insp_level_id', 'vin'])
      .where('inspection_id', '=', '5001')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ insp_level_id: 2, vin: '1FUJ3VIN000000001' });
  });
});

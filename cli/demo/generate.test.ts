import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDayMonthsBefore } from '../../server/domains/carrier-data/service.ts';
import {
  COMPANY_CENSUS_COLUMNS,
  MCMIS_CRASH_COLUMNS,
  MCMIS_INSPECTION_COLUMNS,
  SMS_VIOLATION_COLUMNS,
} from '../fmcsa/columns.ts';
import { type DemoFiles, type DemoOptions, generateDemoData } from './generate.ts';
import { type CsvTable, readCsv } from './test-support.ts';

const TODAY = new Date('2025-06-30T12:00:00Z');
const RESERVED_EMAIL = /^[a-z0-9._-]+@([a-z0-9-]+\.)*example\.(com|net|org)$/;

let root: string;
let dirCount = 0;

async function generate(options: Omit<DemoOptions, 'outDir' | 'today'>): Promise<DemoFiles> {
  return generateDemoData({ today: TODAY, threads: 0, ...options, outDir: join(root, `run-${dirCount++}`) });
}

async function bytes(files: DemoFiles): Promise<string[]> {
  return Promise.all(
    [files.census, files.inspections, files.crashes, files.violations].map((path) =>
      readFile(path, 'latin1'),
    ),
  );
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'demo-data-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('determinism', () => {
  it('writes byte-identical files for the same options and different ones for another seed', async () => {
    const [first, again, otherSeed] = await Promise.all([
      generate({ carriers: 2000, seed: 1 }),
      generate({ carriers: 2000, seed: 1 }),
      generate({ carriers: 2000, seed: 2 }),
    ]);
    const firstBytes = await bytes(first);
    expect(await bytes(again)).toEqual(firstBytes);
    const otherBytes = await bytes(otherSeed);
    expect(otherBytes[0]).not.toEqual(firstBytes[0]);
    expect(otherBytes[1]).not.toEqual(firstBytes[1]);
  });

  it('writes the same census whatever the inspection scale', async () => {
    const [none, many] = await Promise.all([
      generate({ carriers: 2000, seed: 3, inspectionsPerCarrierScale: 0 }),
      generate({ carriers: 2000, seed: 3, inspectionsPerCarrierScale: 4 }),
    ]);
    expect(none.counts.inspections).toBe(0);
    expect(await readFile(many.census, 'latin1')).toEqual(await readFile(none.census, 'latin1'));
  });

  it('writes the same bytes on worker threads as in one thread', async () => {
    const [single, threaded] = await Promise.all([
      generate({ carriers: 2500, seed: 4, threads: 0 }),
      generate({ carriers: 2500, seed: 4, threads: 2 }),
    ]);
    expect(threaded.counts).toEqual(single.counts);
    expect(await bytes(threaded)).toEqual(await bytes(single));
  });
});

describe('a 20,000-carrier data set', () => {
  let files: DemoFiles;
  let census: CsvTable;
  let inspections: CsvTable;
  let crashes: CsvTable;
  let violations: CsvTable;

  beforeAll(async () => {
    files = await generate({ carriers: 20_000, seed: 11 });
    [census, inspections, crashes, violations] = await Promise.all([
      readCsv(files.census),
      readCsv(files.inspections),
      readCsv(files.crashes),
      readCsv(files.violations),
    ]);
  });

  const column = (table: CsvTable, name: string) => table.rows.map((row) => table.get(row, name));

  it('has the real headers and exactly the header’s column count on every row', () => {
    expect(census.header).toEqual([...COMPANY_CENSUS_COLUMNS]);
    expect(inspections.header).toEqual([...MCMIS_INSPECTION_COLUMNS]);
    expect(crashes.header).toEqual([...MCMIS_CRASH_COLUMNS]);
    expect(violations.header).toEqual([...SMS_VIOLATION_COLUMNS]);
    for (const table of [census, inspections, crashes, violations]) {
      const widths = new Set(table.rows.map((row) => row.length));
      expect([...widths]).toEqual([table.header.length]);
    }
  });

  it('counts what it wrote', () => {
    expect(files.counts).toEqual({
      carriers: 20_000,
      inspections: inspections.rows.length,
      violations: violations.rows.length,
      crashes: new Set(column(crashes, 'CRASH_ID')).size,
      crashRows: crashes.rows.length,
    });
    expect(census.rows).toHaveLength(20_000);
  });

  it('exercises CSV quoting with commas and quotes in names and addresses', () => {
    const text = [
      ...column(census, 'LEGAL_NAME'),
      ...column(census, 'DBA_NAME'),
      ...column(census, 'PHY_STREET'),
    ];
    expect(text.some((value) => value.includes(','))).toBe(true);
    expect(text.some((value) => value.includes('"'))).toBe(true);
  });

  it('gives every carrier a unique DOT number and every MC docket a unique 6-7 digit number', () => {
    const dots = column(census, 'DOT_NUMBER').map(Number);
    expect(new Set(dots).size).toBe(dots.length);
    expect(Math.min(...dots)).toBeGreaterThanOrEqual(1000);
    expect(Math.max(...dots)).toBeLessThanOrEqual(4_400_000);
    const mcs = census.rows.filter((row) => census.get(row, 'DOCKET1PREFIX') === 'MC');
    const numbers = mcs.map((row) => census.get(row, 'DOCKET1'));
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers.every((number) => /^\d{6,7}$/.test(number))).toBe(true);
    expect(mcs.every((row) => /^[AI]$/.test(census.get(row, 'DOCKET1_STATUS_CODE')))).toBe(true);
  });

  it('uses only reserved example e-mail domains, and leaves a few carriers without e-mail', () => {
    const emails = column(census, 'EMAIL_ADDRESS');
    const present = emails.filter((email) => email !== '');
    expect(present.every((email) => RESERVED_EMAIL.test(email))).toBe(true);
    expect(1 - present.length / emails.length).toBeGreaterThan(0.01);
    expect(1 - present.length / emails.length).toBeLessThan(0.06);
  });

  it('spreads carriers over the states roughly by population', () => {
    const byState = new Map<string, number>();
    for (const state of column(census, 'PHY_STATE')) byState.set(state, (byState.get(state) ?? 0) + 1);
    const top3 = [...byState]
      .sort((a, b) => b[1] - a[1])
      .map(([state]) => state)
      .slice(0, 3);
    expect(top3).toEqual(expect.arrayContaining(['CA', 'TX']));
    expect(byState.size).toBe(51);
    expect(column(census, 'PHY_ZIP').every((zip) => /^\d{5}(-\d{4})?$/.test(zip))).toBe(true);
    expect(column(census, 'PHY_CNTY').every((county) => /^\d{3}$/.test(county))).toBe(true);
  });

  it('has the long tail of fleet sizes, with consistent equipment and driver counts', () => {
    const units = column(census, 'POWER_UNITS').map(Number);
    expect(units.filter((n) => n === 1).length / units.length).toBeGreaterThanOrEqual(0.4);
    expect(units.filter((n) => n > 100).length).toBeGreaterThanOrEqual(5);
    expect(units.filter((n) => n > 100).length / units.length).toBeLessThan(0.02);
    const number = (row: string[], name: string) => Number(census.get(row, name));
    const owned = ['OWNTRUCK', 'OWNTRACT', 'TRMTRACT', 'OWNCOACH', 'OWNBUS_16', 'OWNVAN_9_15'];
    const inconsistent = census.rows.filter((row) => {
      const powerUnits = number(row, 'POWER_UNITS');
      return (
        number(row, 'TRUCK_UNITS') + number(row, 'BUS_UNITS') !== powerUnits ||
        owned.reduce((sum, name) => sum + number(row, name), 0) !== powerUnits ||
        number(row, 'TOTAL_CDL') > number(row, 'TOTAL_DRIVERS')
      );
    });
    expect(inconsistent).toEqual([]);
  });

  it('writes census dates as YYYYMMDD up to today, MCS-150 updates after the carrier was added', () => {
    const wrong = census.rows.filter((row) => {
      const added = census.get(row, 'ADD_DATE');
      const updated = census.get(row, 'MCS150_DATE');
      return !/^(19|20)\d{6}$/.test(added) || added < '19750101' || updated < added || updated > '20250630';
    });
    expect(wrong).toEqual([]);
  });

  it('puts every inspection in the 24 months before today, for a census carrier', () => {
    const since = isoDayMonthsBefore(TODAY, 24).replaceAll('-', '');
    const dots = new Set(column(census, 'DOT_NUMBER'));
    const ids = column(inspections, 'INSPECTION_ID');
    expect(new Set(ids).size).toBe(ids.length);
    const wrong = inspections.rows.filter((row) => {
      const date = inspections.get(row, 'INSP_DATE');
      const dot = inspections.get(row, 'DOT_NUMBER');
      return (
        !/^\d{8}( \d{4})?$/.test(date) ||
        date.slice(0, 8) <= since ||
        date.slice(0, 8) > '20250630' ||
        !dots.has(dot) ||
        inspections.get(row, 'UPLOAD_DOT_NUMBER') !== dot.padStart(8, '0')
      );
    });
    expect(wrong).toEqual([]);
    expect(column(inspections, 'INSP_DATE').some((date) => date.includes(' '))).toBe(true);
    expect(column(inspections, 'REPORT_STATE').some((state) => state === 'ON' || state === 'QC')).toBe(true);
  });

  it('writes consistent violation and out-of-service counts near the national OOS rates', () => {
    const count = (row: string[], name: string) => Number(inspections.get(row, name));
    const inconsistent = inspections.rows.filter((row) => {
      const oos =
        count(row, 'DRIVER_OOS_TOTAL') + count(row, 'VEHICLE_OOS_TOTAL') + count(row, 'HAZMAT_OOS_TOTAL');
      return (
        count(row, 'OOS_TOTAL') !== oos ||
        count(row, 'VIOL_TOTAL') < oos ||
        count(row, 'DRIVER_VIOL_TOTAL') < count(row, 'DRIVER_OOS_TOTAL') ||
        count(row, 'VEHICLE_VIOL_TOTAL') < count(row, 'VEHICLE_OOS_TOTAL')
      );
    });
    expect(inconsistent).toEqual([]);
    const rate = (levels: string, name: string) => {
      const rows = inspections.rows.filter((row) => levels.includes(inspections.get(row, 'INSP_LEVEL_ID')));
      return rows.filter((row) => count(row, name) > 0).length / rows.length;
    };
    expect(rate('1256', 'VEHICLE_OOS_TOTAL')).toBeGreaterThan(0.17);
    expect(rate('1256', 'VEHICLE_OOS_TOTAL')).toBeLessThan(0.28);
    expect(rate('1236', 'DRIVER_OOS_TOTAL')).toBeGreaterThan(0.04);
    expect(rate('1236', 'DRIVER_OOS_TOTAL')).toBeLessThan(0.1);
  });

  it("writes each inspection's counted violations as SMS violation rows, joined by its id", () => {
    const expected = new Map(
      inspections.rows.map((row) => [
        inspections.get(row, 'INSPECTION_ID'),
        {
          day: inspections.get(row, 'INSP_DATE').slice(0, 8),
          dot: inspections.get(row, 'DOT_NUMBER'),
          violations: Number(inspections.get(row, 'VIOL_TOTAL')),
          oos: Number(inspections.get(row, 'OOS_TOTAL')),
        },
      ]),
    );
    const written = new Map<string, { violations: number; oos: number }>();
    const months = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
    for (const row of violations.rows) {
      const id = violations.get(row, 'Unique_ID');
      const inspection = expected.get(id);
      expect(inspection).toBeDefined();
      const [day, month, year] = violations.get(row, 'Insp_Date').split('-');
      const yyyymmdd = `20${year}${String(months.indexOf(month ?? '') + 1).padStart(2, '0')}${day}`;
      expect([yyyymmdd, violations.get(row, 'DOT_Number')]).toEqual([inspection?.day, inspection?.dot]);
      const counts = written.get(id) ?? { violations: 0, oos: 0 };
      counts.violations += 1;
      if (violations.get(row, 'OOS_Indicator') === 'Y') counts.oos += 1;
      written.set(id, counts);
    }
    for (const [id, inspection] of expected) {
      expect(written.get(id) ?? { violations: 0, oos: 0 }).toEqual({
        violations: inspection.violations,
        oos: inspection.oos,
      });
    }
  });

  it('writes one row per vehicle: a multi-vehicle crash shares its CRASH_ID, DOT, date and place', () => {
    const byId = new Map<string, string[][]>();
    for (const row of crashes.rows) {
      const id = crashes.get(row, 'CRASH_ID');
      byId.set(id, [...(byId.get(id) ?? []), row]);
    }
    const multi = [...byId.values()].filter((rows) => rows.length > 1);
    expect(multi.length).toBeGreaterThan(0);
    for (const rows of multi) {
      for (const name of ['DOT_NUMBER', 'REPORT_DATE', 'REPORT_STATE', 'FATALITIES', 'INJURIES']) {
        expect(new Set(rows.map((row) => crashes.get(row, name))).size).toBe(1);
      }
      expect(rows.map((row) => crashes.get(row, 'REPORT_SEQ_NO'))).toEqual(['1', '2']);
    }
    const since = isoDayMonthsBefore(TODAY, 24).replaceAll('-', '');
    expect(column(crashes, 'REPORT_DATE').every((date) => date > since && date <= '20250630')).toBe(true);
  });
});

describe('inspectionsPerCarrierScale', () => {
  it('sets the average number of inspections per carrier', async () => {
    const files = await generate({ carriers: 5000, seed: 5, inspectionsPerCarrierScale: 5 });
    const perCarrier = files.counts.inspections / files.counts.carriers;
    expect(perCarrier).toBeGreaterThan(3);
    expect(perCarrier).toBeLessThan(7.5);
  });
});

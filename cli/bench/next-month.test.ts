import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FILE_NAMES, generateDemoData } from '../demo/generate.ts';
import { deriveNextMonth } from './next-month.ts';

/** Rows of a CSV file by their first field of `key`, for files without quoted commas in the compared columns. */
function rowsBy(file: string, key: string): Map<string, string> {
  const [header = '', ...lines] = readFileSync(file, 'utf8').trimEnd().split('\n');
  const at = header.split(',').indexOf(key);
  return new Map(lines.map((line) => [line.split(',')[at] ?? '', line]));
}

describe("bench:scale's next month", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-next-month-test-'));
  const [first, second] = [path.join(dir, 'month-1'), path.join(dir, 'month-2')];
  const file = (month: string, name: string) => path.join(month, name);

  beforeAll(async () => {
    await generateDemoData({
      carriers: 5_000,
      seed: 5,
      outDir: first,
      inspectionsPerCarrierScale: 1.36,
      today: new Date('2026-10-01T12:00:00Z'),
    });
    await deriveNextMonth(
      first,
      second,
      { previousToday: new Date('2026-10-01T12:00:00Z'), today: new Date('2026-11-01T12:00:00Z') },
      5,
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps every carrier under its DOT number, changes a few and adds 0.4% new ones', () => {
    const before = rowsBy(file(first, DEMO_FILE_NAMES.census), 'DOT_NUMBER');
    const after = rowsBy(file(second, DEMO_FILE_NAMES.census), 'DOT_NUMBER');
    expect(after.size).toBe(5_020);
    expect([...before.keys()].every((dot) => after.has(dot))).toBe(true);
    const changed = [...before].filter(([dot, line]) => after.get(dot) !== line).length;
    // 5% of the carriers draw a change; a draw can leave a row as it was (a fleet of one losing a truck).
    expect(changed).toBeGreaterThan(150);
    expect(changed).toBeLessThan(350);
    const newDots = [...after.keys()].filter((dot) => !before.has(dot)).map(Number);
    expect(Math.min(...newDots)).toBeGreaterThan(Math.max(...[...before.keys()].map(Number)));
  });

  it('moves the inspection window a month: the oldest month out, a month of new inspections in', () => {
    const before = rowsBy(file(first, DEMO_FILE_NAMES.inspections), 'INSPECTION_ID');
    const after = rowsBy(file(second, DEMO_FILE_NAMES.inspections), 'INSPECTION_ID');
    const dates = (rows: Map<string, string>) => {
      const [header = ''] = readFileSync(file(first, DEMO_FILE_NAMES.inspections), 'utf8').split('\n', 1);
      const at = header.split(',').indexOf('INSP_DATE');
      return [...rows.values()].map((line) => line.split(',')[at] ?? '');
    };
    expect(dates(after).every((date) => date >= '20241101' && date <= '20261101')).toBe(true);
    expect(dates(before).some((date) => date < '20241101')).toBe(true);
    const added = [...after.keys()].filter((id) => !before.has(id));
    expect(added.length).toBeGreaterThan(before.size / 40);
    expect(
      dates(new Map(added.map((id) => [id, after.get(id) ?? '']))).every((date) => date >= '20261001'),
    ).toBe(true);
    const kept = [...after.keys()].filter((id) => before.has(id));
    expect(kept.every((id) => after.get(id) === before.get(id))).toBe(true);
  });
});

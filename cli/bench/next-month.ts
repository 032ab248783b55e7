/**
 * The next month of demo data for bench:scale, derived from a generated month the way FMCSA's
 * monthly files move: the same carriers under the same DOT numbers, most of them unchanged; a few
 * percent with a new MCS-150 filing (its date, mileage, fleet and drivers), some changing status or
 * name; 0.4% new carriers with new DOT numbers. The inspection and crash files keep a 24-month
 * window that has moved a month: the oldest month's rows are gone and a month of new ones came in.
 * Which carrier changes depends on its DOT number alone, so the files are the same on every run.
 */
import { createReadStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { csvField } from '../demo/csv.ts';
import { CsvFileWriter } from '../demo/writer.ts';
import { CsvParser } from '../fmcsa/csv.ts';
import { DemoCalendar, MS_PER_DAY } from '../demo/dates.ts';
import { DEMO_FILE_NAMES, generateDemoData } from '../demo/generate.ts';

/** Shares of the carriers whose record changes in a month. */
const CHANGES = { mcs150Filing: 0.04, status: 0.008, name: 0.002 } as const;
/** New carriers a month, as a share of the census (about what the real census gains). */
const NEW_CARRIERS_SHARE = 1 / 250;

/** A number in [0, 1) that depends only on `value` and `salt` (a 32-bit integer hash). */
function unit(value: number, salt: number): number {
  let hash = Math.imul(value ^ salt, 0x9e3779b1);
  hash ^= hash >>> 15;
  hash = Math.imul(hash, 0x85ebca77);
  hash ^= hash >>> 13;
  return (hash >>> 0) / 2 ** 32;
}

/** The fields of one CSV line, read by the importer's own RFC 4180 reader. */
function splitCsv(line: string): string[] {
  const parser = new CsvParser();
  parser.push(line);
  parser.next(true);
  return Array.from({ length: parser.row.count }, (_, index) => parser.row.get(index));
}

const joinCsv = (fields: readonly string[]) => fields.map(csvField).join(',');

const dayOf = (yyyymmddText: string) =>
  Date.UTC(
    Number(yyyymmddText.slice(0, 4)),
    Number(yyyymmddText.slice(4, 6)) - 1,
    Number(yyyymmddText.slice(6, 8)),
  ) / MS_PER_DAY;

/** Lines of a file, the header first. */
async function* linesOf(file: string): AsyncGenerator<string> {
  yield* createInterface({ input: createReadStream(file), crlfDelay: Infinity });
}

function columnIndex(header: readonly string[], name: string): number {
  const index = header.indexOf(name);
  if (index < 0) throw new Error(`the file has no ${name} column`);
  return index;
}

/**
 * The census a month later: each carrier's row as it was unless its DOT number draws a change, then
 * the new carriers (generated, renumbered past the highest DOT and docket numbers).
 */
async function nextCensus(from: string, to: string, calendar: DemoCalendar, seed: number): Promise<void> {
  const { today } = calendar;
  const lines = linesOf(from);
  const headerLine = (await lines.next()).value as string;
  const header = splitCsv(headerLine);
  const at = (name: string) => columnIndex(header, name);
  const [dotAt, statusAt, nameAt, docketAt, addAt] = [
    at('DOT_NUMBER'),
    at('STATUS_CODE'),
    at('LEGAL_NAME'),
    at('DOCKET1'),
    at('ADD_DATE'),
  ];
  const [filedAt, mileageAt, mileageYearAt] = [
    at('MCS150_DATE'),
    at('MCS150_MILEAGE'),
    at('MCS150_MILEAGE_YEAR'),
  ];
  const [powerAt, trucksAt, driversAt] = [at('POWER_UNITS'), at('TRUCK_UNITS'), at('TOTAL_DRIVERS')];
  const out = new CsvFileWriter(to, headerLine);
  let lastDot = 0;
  let lastDocket = 0;
  let count = 0;
  for await (const line of lines) {
    count += 1;
    // Most lines pass through as they are: their leading fields are read without parsing the rest,
    // unless one of them is quoted.
    const lead = line.split(',', Math.max(dotAt, docketAt) + 1);
    const leading = lead.some((field) => field.startsWith('"')) ? splitCsv(line) : lead;
    const dot = Number(leading[dotAt]);
    lastDot = Math.max(lastDot, dot);
    lastDocket = Math.max(lastDocket, Number(leading[docketAt]) || 0);
    const draw = unit(dot, seed);
    if (draw >= CHANGES.mcs150Filing + CHANGES.status + CHANGES.name) {
      await out.write(line + '\n');
      continue;
    }
    const fields = splitCsv(line);
    if (draw < CHANGES.mcs150Filing) {
      // A new biennial filing this month: the fleet, drivers and mileage as the carrier reports now.
      const filed = today - 1 - Math.floor(unit(dot, seed + 1) * 28);
      fields[filedAt] = calendar.format(filed);
      fields[mileageYearAt] = String(calendar.year(filed) - 1);
      const mileage = Number(fields[mileageAt]);
      if (mileage > 0)
        fields[mileageAt] = String(Math.round((mileage * (0.9 + unit(dot, seed + 2) * 0.2)) / 1000) * 1000);
      const power = Number(fields[powerAt]);
      if (power > 0) {
        const change = unit(dot, seed + 3) < 0.5 ? 1 : -1;
        fields[powerAt] = String(Math.max(1, power + change));
        fields[trucksAt] = String(Math.max(1, (Number(fields[trucksAt]) || power) + change));
        fields[driversAt] = String(Math.max(1, (Number(fields[driversAt]) || power) + change));
      }
    } else if (draw < CHANGES.mcs150Filing + CHANGES.status) {
      fields[statusAt] = fields[statusAt] === 'A' ? 'I' : 'A';
    } else {
      const name = fields[nameAt] ?? '';
      fields[nameAt] = name.endsWith(' LLC') ? name.slice(0, -' LLC'.length) + ' INC' : `${name} LLC`;
    }
    await out.write(joinCsv(fields) + '\n');
  }

  // New carriers: a generated census of the right size, renumbered after the highest numbers.
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-next-month-'));
  try {
    const added = await generateDemoData({
      carriers: Math.round(count * NEW_CARRIERS_SHARE),
      seed: seed + 1,
      outDir: scratch,
      inspectionsPerCarrierScale: 0,
      today: new Date(today * MS_PER_DAY),
      threads: 0,
    });
    const newLines = linesOf(added.census);
    await newLines.next();
    let index = 0;
    for await (const line of newLines) {
      index += 1;
      const fields = splitCsv(line);
      fields[dotAt] = String(lastDot + index);
      if (fields[docketAt]) fields[docketAt] = String(lastDocket + index);
      const addDay = calendar.format(today - 1 - (index % 28));
      fields[addAt] = addDay;
      fields[filedAt] = addDay;
      await out.write(joinCsv(fields) + '\n');
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  await out.close();
}

/**
 * An activity file (inspections or crashes) a month later: rows before the new 24-month window are
 * left out, and the last month's rows come again as the new month's (new ids, dates a month on), so
 * the file keeps its size and its carriers.
 */
async function nextActivity(
  from: string,
  to: string,
  columns: { id: string; date: string },
  calendar: DemoCalendar,
  previousToday: number,
): Promise<void> {
  const lines = linesOf(from);
  const headerLine = (await lines.next()).value as string;
  const header = splitCsv(headerLine);
  const [idAt, dateAt] = [columnIndex(header, columns.id), columnIndex(header, columns.date)];
  const shift = calendar.today - previousToday;
  const out = new CsvFileWriter(to, headerLine);
  let lastId = 0;
  const repeated: string[][] = [];
  for await (const line of lines) {
    const fields = splitCsv(line);
    lastId = Math.max(lastId, Number(fields[idAt]));
    const day = dayOf(fields[dateAt] ?? '');
    if (day >= previousToday - shift) repeated.push(fields);
    if (day >= calendar.windowStart) await out.write(line + '\n');
  }
  // Rows of one crash share its id, so ids map one to one.
  const newIds = new Map<string, number>();
  for (const fields of repeated) {
    const id = fields[idAt] ?? '';
    if (!newIds.has(id)) newIds.set(id, lastId + newIds.size + 1);
    fields[idAt] = String(newIds.get(id));
    fields[dateAt] = calendar.format(dayOf(fields[dateAt] ?? '') + shift);
    await out.write(joinCsv(fields) + '\n');
  }
  await out.close();
}

/** Writes the month after the one in `fromDir` (generated as of `previousToday`) into `toDir`. */
export async function deriveNextMonth(
  fromDir: string,
  toDir: string,
  dates: { previousToday: Date; today: Date },
  seed: number,
): Promise<void> {
  // The new month's days, its 24-month window and its dates as the census writes them.
  const calendar = new DemoCalendar(dates.today);
  const previousToday = new DemoCalendar(dates.previousToday).today;
  const file = (dir: string, name: string) => path.join(dir, name);
  mkdirSync(toDir, { recursive: true });
  await nextCensus(
    file(fromDir, DEMO_FILE_NAMES.census),
    file(toDir, DEMO_FILE_NAMES.census),
    calendar,
    seed,
  );
  const activity = [
    [DEMO_FILE_NAMES.inspections, { id: 'INSPECTION_ID', date: 'INSP_DATE' }],
    [DEMO_FILE_NAMES.crashes, { id: 'CRASH_ID', date: 'REPORT_DATE' }],
  ] as const;
  for (const [name, columns] of activity) {
    await nextActivity(file(fromDir, name), file(toDir, name), columns, calendar, previousToday);
  }
}

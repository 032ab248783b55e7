/**
 * A few months of the demo carriers' records changing (issue 52): one dated Company Census file a
 * month holding the records that changed that month, as a daily-changes download would. The demo
 * load imports the base census as of the first month, then these in order through the real
 * importer, so a new install shows record histories.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CsvParser } from '../fmcsa/csv.ts';
import { csvField } from './csv.ts';
import { MS_PER_DAY } from './dates.ts';
import { deriveSeed, Rng, WeightedTable } from './random.ts';

/** Months of changes the demo data set carries, one file each. */
export const CENSUS_CHANGE_MONTHS = 4;
/** Share of the carriers whose record changes in a month. */
const CHANGED_SHARE = 0.03;
const DAYS_PER_MONTH = 30;
/** A random stream of its own, so the base files stay as they were. */
const CHANGES_STREAM = 9_052;

type Change = 'phone' | 'address' | 'fleet' | 'email' | 'officer' | 'rating' | 'status';

const CHANGES = WeightedTable.of<Change>([
  ['phone', 30],
  ['address', 15],
  ['fleet', 25],
  ['email', 10],
  ['officer', 8],
  ['rating', 5],
  ['status', 7],
]);

const OFFICERS = ['MARIA LOPEZ', 'JAMES CARTER', 'LINDA NGUYEN', 'ROBERT HAYES', 'ANA SILVA', 'DAVID KIM'];
const STREETS = ['OAK AVE', 'INDUSTRIAL PKWY', 'COMMERCE DR', 'MAIN ST', 'DEPOT RD', 'FREIGHT WAY'];

export interface CensusChanges {
  /** The ISO day the base census describes: the first month. */
  baseAsOf: string;
  /** The monthly files, oldest first; each one's name carries its day. */
  files: string[];
}

const isoDay = (day: number) => new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
const censusDay = (day: number) => isoDay(day).replaceAll('-', '');

/** Reads a census CSV into its header and rows of fields. */
async function readCensus(file: string): Promise<{ header: string[]; rows: string[][] }> {
  const parser = new CsvParser();
  parser.push(await readFile(file, 'utf8'));
  const records: string[][] = [];
  while (parser.next(true)) {
    const { row } = parser;
    records.push(Array.from({ length: row.count }, (_, index) => row.get(index)));
  }
  const [header = [], ...rows] = records;
  return { header, rows };
}

/**
 * Writes CENSUS_CHANGE_MONTHS files beside the base census (`company_census_changes_YYYYMMDD.csv`),
 * the last one dated `today`. Each carries whole records, changed where their carrier changed.
 */
export async function writeCensusChanges(options: {
  census: string;
  outDir: string;
  seed: number;
  today: Date;
  months?: number;
}): Promise<CensusChanges> {
  const months = options.months ?? CENSUS_CHANGE_MONTHS;
  const rng = new Rng(deriveSeed(options.seed, CHANGES_STREAM));
  const { header, rows } = await readCensus(options.census);
  const at = (name: string) => {
    const index = header.indexOf(name);
    if (index < 0) throw new Error(`${options.census} has no ${name} column`);
    return index;
  };
  const column = {
    mcs150: at('MCS150_DATE'),
    status: at('STATUS_CODE'),
    phone: at('PHONE'),
    cell: at('CELL_PHONE'),
    officer2: at('COMPANY_OFFICER_2'),
    powerUnits: at('POWER_UNITS'),
    truckUnits: at('TRUCK_UNITS'),
    drivers: at('TOTAL_DRIVERS'),
    street: at('PHY_STREET'),
    mailStreet: at('CARRIER_MAILING_STREET'),
    email: at('EMAIL_ADDRESS'),
    rating: at('SAFETY_RATING'),
    ratingDate: at('SAFETY_RATING_DATE'),
  };
  const today = Math.floor(options.today.getTime() / MS_PER_DAY);
  const baseDay = today - months * DAYS_PER_MONTH;
  const phone = () => `${rng.int(201, 989)}555${String(rng.int(0, 9999)).padStart(4, '0')}`;
  const count = (text: string, delta: number) => String(Math.max(1, Number(text || '0') + delta));

  /** Changes one record on `day`; what a carrier files on its MCS-150 comes with a new MCS-150 date. */
  function change(row: string[], day: number): void {
    const kind = CHANGES.pick(rng);
    if (kind === 'status') {
      row[column.status] = row[column.status] === 'A' ? 'I' : 'A';
      return;
    }
    if (kind === 'rating') {
      row[column.rating] = rng.chance(0.8) ? 'S' : 'C';
      row[column.ratingDate] = censusDay(day - rng.int(5, 25));
      return;
    }
    if (kind === 'phone') row[rng.chance(0.7) ? column.phone : column.cell] = phone();
    if (kind === 'address') {
      const street = `${rng.int(10, 9999)} ${STREETS[rng.int(0, STREETS.length - 1)]}`;
      row[column.street] = street;
      if (rng.chance(0.5)) row[column.mailStreet] = street;
    }
    if (kind === 'fleet') {
      const delta = rng.chance(0.7) ? rng.int(1, 4) : -rng.int(1, 2);
      row[column.powerUnits] = count(row[column.powerUnits] as string, delta);
      row[column.truckUnits] = count(row[column.truckUnits] as string, delta);
      row[column.drivers] = count(row[column.drivers] as string, delta + rng.int(0, 2));
    }
    if (kind === 'email') row[column.email] = `dispatch${rng.int(1, 99)}@demo-carrier.example`;
    if (kind === 'officer') row[column.officer2] = OFFICERS[rng.int(0, OFFICERS.length - 1)] as string;
    const filed = censusDay(day - rng.int(3, 25));
    if (filed > (row[column.mcs150] as string)) row[column.mcs150] = filed;
  }

  const files: string[] = [];
  for (let month = 1; month <= months; month += 1) {
    const day = baseDay + month * DAYS_PER_MONTH;
    const changed = rows.filter((row) => {
      if (!rng.chance(CHANGED_SHARE)) return false;
      change(row, day);
      return true;
    });
    const file = join(options.outDir, `company_census_changes_${censusDay(day)}.csv`);
    const lines = [header, ...changed].map((fields) => fields.map(csvField).join(','));
    await writeFile(file, lines.join('\n') + '\n');
    files.push(file);
  }
  return { baseAsOf: isoDay(baseDay), files };
}

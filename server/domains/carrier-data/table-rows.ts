/** FMCSA records as the row sets the carrier-data tables store (server/db/upsert-rows.ts). */
import type { RowSet } from '../../db/upsert-rows.ts';
import { ownedDomain } from '../mail/email-addresses.ts';
import { zipCentroid } from './geocode.ts';
import type { CarrierRecord, CrashRecord, InspectionRecord, ViolationRecord } from './records.ts';

type StoredAsIs = Exclude<keyof CarrierRecord, 'dot_number' | 'legal_name' | 'cargo_codes'>;

/** Record fields kept in the companies column of the same name (every field but the three handled apart). */
const AS_IS_FIELDS: Record<StoredAsIs, true> = {
  dba_name: true,
  mc_number: true,
  email: true,
  phone: true,
  cell_phone: true,
  fax: true,
  phy_street: true,
  phy_city: true,
  phy_state: true,
  phy_zip: true,
  phy_country: true,
  phy_cnty: true,
  mail_street: true,
  mail_city: true,
  mail_state: true,
  mail_zip: true,
  mail_country: true,
  power_units: true,
  truck_units: true,
  total_drivers: true,
  total_cdl: true,
  mcs150_mileage: true,
  mcs150_mileage_year: true,
  business_org_desc: true,
  carrier_operation: true,
  status_code: true,
  safety_rating: true,
  safety_rating_date: true,
  company_officer_1: true,
  company_officer_2: true,
  carship: true,
  cargo_other_desc: true,
  mcs150_date: true,
  add_date: true,
  hm_flag: true,
  pc_flag: true,
  census_fields_version: true,
  prior_revoke_flag: true,
  prior_revoke_dot_number: true,
  phy_undeliverable: true,
  mail_undeliverable_on: true,
};
const AS_IS = Object.keys(AS_IS_FIELDS) as StoredAsIs[];
// More fields than a 32-bit integer has bits: masks are sums of powers of two, exact to 2 ** 53.
const bitOf = (index: number) => 2 ** index;
const hasBit = (mask: number, bit: number) => Math.floor(mask / bit) % 2 === 1;
const EMAIL_BIT = bitOf(AS_IS.indexOf('email'));
const CARGO_BIT = bitOf(AS_IS.length);
const ZIP_BIT = CARGO_BIT * 2;

/**
 * Columns of the rows whose present fields are `mask` (a bit per AS_IS field, then cargo, then ZIP):
 * the AS_IS fields, web_domain with the e-mail, cargo, the ZIP's coordinates and the timestamps.
 */
function companyColumns(mask: number): string[] {
  const columns = ['dot_number', 'name', ...AS_IS.filter((_, index) => hasBit(mask, bitOf(index)))];
  // The search indexes' website, derived from the e-mail and written with it (schema.ts, web_domain).
  if (hasBit(mask, EMAIL_BIT)) columns.push('web_domain');
  if (hasBit(mask, CARGO_BIT)) columns.push('cargo_codes');
  if (hasBit(mask, ZIP_BIT)) columns.push('latitude', 'longitude');
  columns.push('source_hash', 'created_at', 'updated_at');
  return columns;
}

const columnsByMask = new Map<number, string[]>();

function companySet(mask: number): RowSet & { rows: unknown[][] } {
  let columns = columnsByMask.get(mask);
  if (!columns) {
    columns = companyColumns(mask);
    columnsByMask.set(mask, columns);
  }
  return {
    table: 'companies',
    key: 'dot_number',
    insertOnly: ['created_at'],
    changedAt: 'updated_at',
    sourceHash: 'source_hash',
    columns,
    rows: [],
  };
}

/**
 * Companies rows for census records. A field the file format does not carry (undefined) is not a
 * column of the row, so an update leaves it as stored; the claim state, custom CSS and creation
 * time of an existing company are never touched. Consecutive records carrying the same fields share
 * a set (one file's records all do). `sourceHashes[i]` is the hash of the file's text of
 * `records[i]` (cli/fmcsa/source-hash.ts); records from elsewhere have none and store null, so the
 * next census maps them again.
 */
export function companyRowSets(
  records: readonly CarrierRecord[],
  now: string,
  sourceHashes: readonly number[] = [],
): RowSet[] {
  const sets: (RowSet & { rows: unknown[][] })[] = [];
  let current: (RowSet & { rows: unknown[][] }) | null = null;
  let currentMask = -1;
  for (const [at, record] of records.entries()) {
    const row: unknown[] = [record.dot_number, record.legal_name ?? `USDOT ${record.dot_number}`];
    let mask = 0;
    for (let index = 0; index < AS_IS.length; index += 1) {
      const value = record[AS_IS[index] as StoredAsIs];
      if (value === undefined) continue;
      mask += bitOf(index);
      // Flags are stored as 0/1 on both dialects (docs/decisions/003-portable-column-types.md).
      row.push(typeof value === 'boolean' ? Number(value) : value);
    }
    if (record.email !== undefined) row.push(ownedDomain(record.email));
    if (record.cargo_codes !== undefined) {
      mask += CARGO_BIT;
      row.push(record.cargo_codes.join(';'));
    }
    if (record.phy_zip !== undefined) {
      mask += ZIP_BIT;
      const centroid = zipCentroid(record.phy_zip);
      row.push(centroid?.latitude ?? null, centroid?.longitude ?? null);
    }
    row.push(sourceHashes[at] ?? null, now, now);
    if (mask !== currentMask) {
      current = companySet(mask);
      currentMask = mask;
      sets.push(current);
    }
    (current as RowSet & { rows: unknown[][] }).rows.push(row);
  }
  return sets;
}

/** The inspection columns both files fill; the API answers these (and no VINs). */
export const INSPECTION_COLUMNS = [
  'inspection_id',
  'dot_number',
  'insp_date',
  'report_state',
  'report_number',
  'insp_level_id',
  'viol_total',
  'oos_total',
  'driver_oos_total',
  'vehicle_oos_total',
  'hazmat_oos_total',
] as const satisfies readonly (keyof InspectionRecord)[];
const WITH_VINS = [...INSPECTION_COLUMNS, 'vin', 'vin2'] as const;

/**
 * Inspections rows: those of a file with VINs (SMS) write them, the others (MCMIS) leave the
 * stored ones, so one set per kind.
 */
export function inspectionRowSets(records: readonly InspectionRecord[]): RowSet[] {
  const withVins = records.filter((record) => record.vin !== undefined);
  const without = withVins.length === records.length ? [] : records.filter((r) => r.vin === undefined);
  return [
    { columns: WITH_VINS, records: withVins },
    { columns: INSPECTION_COLUMNS, records: without },
  ]
    .filter((part) => part.records.length > 0)
    .map(({ columns, records: rows }) => ({
      table: 'inspections',
      key: 'inspection_id',
      insertOnly: [],
      columns,
      rows: rows.map((record) => columns.map((column) => record[column] ?? null)),
    }));
}

const VIOLATION_COLUMNS = [
  'violation_key',
  'inspection_id',
  'dot_number',
  'insp_date',
  'viol_code',
  'basic',
  'description',
  'unit',
  'oos',
] as const;

/** A code cited more than once on one unit of an inspection is one violation, as SMS counts it. */
function violationKey(record: ViolationRecord): string {
  return `${record.inspection_id}|${record.unit ?? ''}|${record.viol_code}`;
}

export function violationRowSet(records: readonly ViolationRecord[]): RowSet {
  return {
    table: 'violations',
    key: 'violation_key',
    insertOnly: [],
    columns: VIOLATION_COLUMNS,
    rows: records.map((record) => [
      violationKey(record),
      record.inspection_id,
      record.dot_number,
      record.insp_date,
      record.viol_code,
      record.basic,
      record.description,
      record.unit,
      record.oos ? 1 : 0,
    ]),
  };
}

const CRASH_COLUMNS = [
  'crash_id',
  'dot_number',
  'report_date',
  'report_state',
  'fatalities',
  'injuries',
  'tow_away',
] as const satisfies readonly (keyof CrashRecord)[];

export function crashRowSet(records: readonly CrashRecord[]): RowSet {
  return {
    table: 'crashes',
    key: 'crash_id',
    insertOnly: [],
    columns: CRASH_COLUMNS,
    rows: records.map((record) =>
      CRASH_COLUMNS.map((column) => (column === 'tow_away' ? (record.tow_away ? 1 : 0) : record[column])),
    ),
  };
}

/**
 * The record events of one census refresh: what a changed census record says otherwise than the
 * stored companies row (issue 52). Pure; the importer reads the stored rows of the changed records
 * only (repo.ts, storedRecords) and writes the events with the rows (cli/import/import-files.ts).
 */
import type { NewHistoryEvent, RecordField } from '../../../core/history.ts';
import type { CompaniesTable } from '../../db/schema.ts';
import { CARRIER_FIELDS_VERSION, type CarrierRecord } from '../carrier-data/records.ts';

/** The companies columns a record event compares. */
export const COMPARED_COLUMNS = [
  'dot_number',
  'name',
  'dba_name',
  'email',
  'phone',
  'cell_phone',
  'fax',
  'phy_street',
  'phy_city',
  'phy_state',
  'phy_zip',
  'phy_country',
  'mail_street',
  'mail_city',
  'mail_state',
  'mail_zip',
  'mail_country',
  'company_officer_1',
  'company_officer_2',
  'status_code',
  'carrier_operation',
  'power_units',
  'total_drivers',
  'safety_rating',
  'safety_rating_date',
  'mcs150_date',
  'census_fields_version',
] as const satisfies readonly (keyof CompaniesTable)[];

export type StoredRecord = Pick<CompaniesTable, (typeof COMPARED_COLUMNS)[number]>;
type Column = Exclude<(typeof COMPARED_COLUMNS)[number], 'dot_number' | 'census_fields_version'>;

/** How a record field is read: its columns, and how their values make the one value an event shows. */
interface FieldReading {
  columns: readonly Column[];
  join: (values: readonly (string | null)[]) => string | null;
  /** Reported on the carrier's MCS-150: takes effect on a new MCS-150 date that comes with it. */
  onMcs150: boolean;
  /** Kept since migration 053: unknown, not empty, in a row no Company Census of that version wrote. */
  since053: boolean;
}

const single = (values: readonly (string | null)[]) => values[0] ?? null;

/** An address on one line: '1770 NE FUSON RD, BREMERTON, WA 98311-3729, US'. */
const address = (values: readonly (string | null)[]) => {
  const [street, city, state, zip, country] = values;
  const region = [state, zip].filter(Boolean).join(' ');
  const line = [street, city, region, country].filter(Boolean).join(', ');
  return line === '' ? null : line;
};

const officers = (values: readonly (string | null)[]) => {
  const names = values.filter((value): value is string => Boolean(value));
  return names.length === 0 ? null : names.join('; ');
};

function field(
  columns: readonly Column[],
  { join = single, onMcs150 = true, since053 = false } = {},
): FieldReading {
  return { columns, join, onMcs150, since053 };
}

/** Every record field (core/history.ts RECORD_FIELDS) and how the census row gives it. */
const FIELDS: Record<RecordField, FieldReading> = {
  legal_name: field(['name']),
  dba_name: field(['dba_name']),
  phone: field(['phone']),
  cell_phone: field(['cell_phone'], { since053: true }),
  fax: field(['fax'], { since053: true }),
  email: field(['email']),
  physical_address: field(['phy_street', 'phy_city', 'phy_state', 'phy_zip', 'phy_country'], {
    join: address,
  }),
  mailing_address: field(['mail_street', 'mail_city', 'mail_state', 'mail_zip', 'mail_country'], {
    join: address,
    since053: true,
  }),
  officers: field(['company_officer_1', 'company_officer_2'], { join: officers }),
  usdot_status: field(['status_code'], { onMcs150: false }),
  carrier_operation: field(['carrier_operation']),
  power_units: field(['power_units']),
  drivers: field(['total_drivers']),
  safety_rating: field(['safety_rating'], { onMcs150: false }),
  safety_rating_date: field(['safety_rating_date'], { onMcs150: false, since053: true }),
  mcs150_date: field(['mcs150_date'], { onMcs150: false }),
};
const FIELD_NAMES = Object.keys(FIELDS) as RecordField[];

/** A record's value of a column: undefined when the file does not carry it. */
function recordValue(record: CarrierRecord, column: Column): string | null | undefined {
  const value = column === 'name' ? record.legal_name : record[column];
  return value === undefined || value === null ? value : String(value);
}

function storedValue(stored: StoredRecord, column: Column): string | null {
  const value = stored[column];
  return value === null ? null : String(value);
}

/** Where a refresh's events come from: the import's as-of day and the dataset's portal id. */
export interface ChangeSource {
  firstSeenOn: string;
  source: string;
}

/**
 * The events of one census record against the stored row it updates. A field the file does not
 * carry, or carries as stored, is no event; the e-mail's event says only that it changed
 * (docs/decisions/097-record-history-events.md).
 */
export function recordChanges(
  stored: StoredRecord,
  record: CarrierRecord,
  { firstSeenOn, source }: ChangeSource,
): NewHistoryEvent[] {
  const fieldsKnown = (stored.census_fields_version ?? 0) >= CARRIER_FIELDS_VERSION;
  const newMcs150 = changedValue(stored, record, FIELDS.mcs150_date);
  const events: NewHistoryEvent[] = [];
  for (const name of FIELD_NAMES) {
    const reading = FIELDS[name];
    const change = changedValue(stored, record, reading);
    if (!change) continue;
    if (reading.since053 && !fieldsKnown && change.before === null) continue;
    const email = name === 'email';
    if (email && (change.before ?? '').toLowerCase() === (change.after ?? '').toLowerCase()) continue;
    events.push({
      dotNumber: stored.dot_number,
      kind: 'record',
      event: 'changed',
      subject: name,
      valueBefore: email ? null : change.before,
      valueAfter: email ? null : change.after,
      effectiveOn: effectiveDay(name, record, newMcs150?.after ?? null),
      firstSeenOn,
      source,
    });
  }
  return events;
}

/** The field's value before and after, when the record carries it and it differs; else null. */
function changedValue(
  stored: StoredRecord,
  record: CarrierRecord,
  reading: FieldReading,
): { before: string | null; after: string | null } | null {
  const after: (string | null)[] = [];
  let carried = false;
  for (const column of reading.columns) {
    const value = recordValue(record, column);
    carried ||= value !== undefined;
    after.push(value === undefined ? storedValue(stored, column) : value);
  }
  if (!carried) return null;
  const before = reading.join(reading.columns.map((column) => storedValue(stored, column)));
  const joined = reading.join(after);
  return before === joined ? null : { before, after: joined };
}

/**
 * The day a change took effect, where the census says: a safety rating on its rating date, a new
 * MCS-150 date on itself, and what the carrier reports on its MCS-150 on the new MCS-150 date that
 * came with it. A status change has no date in the census.
 */
function effectiveDay(name: RecordField, record: CarrierRecord, newMcs150: string | null): string | null {
  if (name === 'safety_rating' || name === 'safety_rating_date') return record.safety_rating_date ?? null;
  if (name === 'mcs150_date') return newMcs150;
  return FIELDS[name].onMcs150 ? newMcs150 : null;
}

/** The stored row as it reads once the record is written: a later record of the carrier compares with it. */
export function storedAfter(stored: StoredRecord, record: CarrierRecord): StoredRecord {
  const next: Record<string, unknown> = { ...stored };
  for (const column of COMPARED_COLUMNS) {
    if (column === 'dot_number') continue;
    const value = column === 'name' ? record.legal_name : record[column];
    if (value !== undefined) next[column] = value;
  }
  return next as StoredRecord;
}

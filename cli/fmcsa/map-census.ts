/** Census rows (Company Census and SMS census) to CarrierRecord. */
import { CARGO_TYPES, type CargoCode } from '../../core/cargo.ts';
import {
  CARRIER_FIELDS_VERSION,
  MAX_DOT_NUMBER,
  type CarrierRecord,
} from '../../server/domains/carrier-data/records.ts';
import {
  count,
  county,
  date,
  jurisdiction,
  normalizeMcNumber,
  optionalFlag,
  requiredDotNumber,
  skipRow,
  text,
  upperText,
} from './normalize.ts';
import { sourceHash, sourceHashSeed } from './source-hash.ts';
import type { ColumnLookup, FieldSource, ParsedRow, RowMapper, UnchangedCarrier } from './types.ts';

type Columns = Partial<Record<keyof CarrierRecord, string>>;

/** The CarrierRecord fields each census reads from one column of its own. */
const COMPANY_CENSUS = {
  legal_name: 'LEGAL_NAME',
  dba_name: 'DBA_NAME',
  email: 'EMAIL_ADDRESS',
  phone: 'PHONE',
  cell_phone: 'CELL_PHONE',
  fax: 'FAX',
  phy_street: 'PHY_STREET',
  phy_city: 'PHY_CITY',
  phy_state: 'PHY_STATE',
  phy_zip: 'PHY_ZIP',
  phy_country: 'PHY_COUNTRY',
  phy_cnty: 'PHY_CNTY',
  mail_street: 'CARRIER_MAILING_STREET',
  mail_city: 'CARRIER_MAILING_CITY',
  mail_state: 'CARRIER_MAILING_STATE',
  mail_zip: 'CARRIER_MAILING_ZIP',
  mail_country: 'CARRIER_MAILING_COUNTRY',
  power_units: 'POWER_UNITS',
  truck_units: 'TRUCK_UNITS',
  total_drivers: 'TOTAL_DRIVERS',
  total_cdl: 'TOTAL_CDL',
  mcs150_mileage: 'MCS150_MILEAGE',
  mcs150_mileage_year: 'MCS150_MILEAGE_YEAR',
  business_org_desc: 'BUSINESS_ORG_DESC',
  carrier_operation: 'CARRIER_OPERATION',
  status_code: 'STATUS_CODE',
  safety_rating: 'SAFETY_RATING',
  safety_rating_date: 'SAFETY_RATING_DATE',
  company_officer_1: 'COMPANY_OFFICER_1',
  company_officer_2: 'COMPANY_OFFICER_2',
  carship: 'CARSHIP',
  cargo_other_desc: 'CRGO_CARGOOTHR_DESC',
  mcs150_date: 'MCS150_DATE',
  add_date: 'ADD_DATE',
  hm_flag: 'HM_IND',
  prior_revoke_flag: 'PRIOR_REVOKE_FLAG',
  prior_revoke_dot_number: 'PRIOR_REVOKE_DOT_NUMBER',
  phy_undeliverable: 'UNDELIV_PHY',
  mail_undeliverable_on: 'CARRIER_MAILING_UND_DATE',
} as const satisfies Columns;

const SMS_CENSUS = {
  legal_name: 'LEGAL_NAME',
  dba_name: 'DBA_NAME',
  email: 'EMAIL_ADDRESS',
  phone: 'TELEPHONE',
  fax: 'FAX',
  phy_street: 'PHY_STREET',
  phy_city: 'PHY_CITY',
  phy_state: 'PHY_STATE',
  phy_zip: 'PHY_ZIP',
  phy_country: 'PHY_COUNTRY',
  mail_street: 'MAILING_STREET',
  mail_city: 'MAILING_CITY',
  mail_state: 'MAILING_STATE',
  mail_zip: 'MAILING_ZIP',
  mail_country: 'MAILING_COUNTRY',
  power_units: 'NBR_POWER_UNIT',
  total_drivers: 'DRIVER_TOTAL',
  mcs150_mileage: 'MCS150_MILEAGE',
  mcs150_mileage_year: 'MCS150_MILEAGE_YEAR',
  carrier_operation: 'CARRIER_OPERATION',
  mcs150_date: 'MCS150_DATE',
  add_date: 'ADD_DATE',
  hm_flag: 'HM_FLAG',
  pc_flag: 'PC_FLAG',
} as const satisfies Columns;

/** The fields CARRIER_FIELDS_VERSION counts: a record carrying them all stores that version. */
const VERSIONED_FIELDS: readonly string[] = [
  'cell_phone',
  'fax',
  'mail_street',
  'mail_city',
  'mail_state',
  'mail_zip',
  'mail_country',
  'safety_rating_date',
];

type Indexes<T> = { [K in keyof T]: number };

type MailingColumns = Indexes<
  Pick<typeof SMS_CENSUS, 'mail_street' | 'mail_city' | 'mail_state' | 'mail_zip' | 'mail_country'>
>;

/** The mailing address, read alike from both censuses. */
function mailingAddress(row: FieldSource, at: MailingColumns) {
  return {
    mail_street: text(row.get(at.mail_street)),
    mail_city: text(row.get(at.mail_city)),
    mail_state: jurisdiction(row.get(at.mail_state)),
    mail_zip: text(row.get(at.mail_zip)),
    mail_country: upperText(row.get(at.mail_country)),
  };
}

/** Column indexes of the fields, and the fields whose column the file lacks. */
function resolve<T extends Columns>(fields: T, column: ColumnLookup): { at: Indexes<T>; absent: string[] } {
  const at = {} as Indexes<T>;
  const absent: string[] = [];
  for (const key of Object.keys(fields) as (keyof T & string)[]) {
    at[key] = column(fields[key] as string);
    if (at[key] < 0) absent.push(key);
  }
  return { at, absent };
}

/**
 * A field whose column the file lacks (a CSV export of some columns only) is left undefined rather than
 * null, so the import keeps what is stored; JSON rows carry every column of their dataset.
 */
function leaveOut(record: CarrierRecord, absent: readonly string[]): CarrierRecord {
  for (const key of absent) (record as unknown as Record<string, undefined>)[key] = undefined;
  return record;
}

/** The revoked carrier FMCSA links a carrier to: a plausible DOT number, else null (never a skipped row). */
function priorRevokeDot(raw: string): number | null {
  const number = count(raw);
  return number !== null && number > 0 && number <= MAX_DOT_NUMBER ? number : null;
}

/** CARSHIP as published (`C;S`), upper case, without stray spaces around the letters. */
function carship(raw: string): string | null {
  const value = upperText(raw);
  return value !== null && value.includes(' ') ? value.replace(/\s+/g, '') : value;
}

function cargoReader(column: ColumnLookup): ((row: FieldSource) => CargoCode[]) | null {
  const flags = CARGO_TYPES.map(([code]) => ({ code, index: column(`CRGO_${code}`) })).filter(
    ({ index }) => index >= 0,
  );
  if (flags.length === 0) return null;
  return (row) => {
    const codes: CargoCode[] = [];
    for (const { code, index } of flags) {
      if (row.isEmpty(index)) continue;
      const value = row.get(index);
      if (value === 'X' || upperText(value) === 'X') codes.push(code);
    }
    return codes;
  };
}

/** The digits of the first docket with prefix MC (DOCKET1PREFIX/DOCKET1, then 2 and 3). */
function mcNumberReader(column: ColumnLookup): ((row: FieldSource) => string | null) | null {
  const dockets = [1, 2, 3]
    .map((n) => ({ prefix: column(`DOCKET${n}PREFIX`), number: column(`DOCKET${n}`) }))
    .filter(({ prefix, number }) => prefix >= 0 && number >= 0);
  if (dockets.length === 0) return null;
  return (row) => {
    for (const { prefix, number } of dockets) {
      const value = row.get(prefix);
      if (value === 'MC' || upperText(value) === 'MC') return normalizeMcNumber(row.get(number));
    }
    return null;
  };
}

/** A census mapper, which can be told which records to pass over unmapped. */
export type CensusMapper = RowMapper & {
  /** From now on, records `isUnchanged` says the store holds come out as `unchanged`. */
  passOverUnchanged(isUnchanged: UnchangedCarrier): void;
};

/**
 * A census mapper from `mapRecord`: each record's DOT number and source hash first, then, unless the
 * store holds that record already, the rest of it.
 */
function censusMapper(
  header: { columns: readonly string[]; column: ColumnLookup; dataset: 'company_census' | 'sms_census' },
  /** The column of the carrier's state, read from passed-over records too. */
  state: number,
  mapRecord: (row: FieldSource, dotNumber: number) => CarrierRecord,
): CensusMapper {
  const dot = header.column('DOT_NUMBER');
  const seed = sourceHashSeed(header.dataset, header.columns);
  let isUnchanged: UnchangedCarrier | null = null;
  const map = (row: FieldSource, line: number): ParsedRow => {
    try {
      const dotNumber = requiredDotNumber(row.get(dot));
      const hash = sourceHash(row.recordText(), seed);
      if (isUnchanged?.(dotNumber, hash)) {
        return { kind: 'unchanged', line, phy_state: jurisdiction(row.get(state)) };
      }
      return { kind: 'carrier', line, record: mapRecord(row, dotNumber), sourceHash: hash };
    } catch (error) {
      return skipRow(error, line);
    }
  };
  return Object.assign(map, {
    passOverUnchanged(given: UnchangedCarrier) {
      isUnchanged = given;
    },
  });
}

export function createCompanyCensusMapper(columns: readonly string[], column: ColumnLookup): CensusMapper {
  const { at, absent } = resolve(COMPANY_CENSUS, column);
  const mcNumber = mcNumberReader(column);
  const cargoCodes = cargoReader(column);
  if (!mcNumber) absent.push('mc_number');
  if (!cargoCodes) absent.push('cargo_codes');
  if (column('CRGO_PASSENGERS') < 0) absent.push('pc_flag');
  // A file without every field of this version says nothing of the missing ones' values.
  if (VERSIONED_FIELDS.some((field) => absent.includes(field))) absent.push('census_fields_version');
  return censusMapper({ columns, column, dataset: 'company_census' }, at.phy_state, (row, dotNumber) => {
    const cargo = cargoCodes ? cargoCodes(row) : undefined;
    const record: CarrierRecord = {
      dot_number: dotNumber,
      // The census has no empty legal names; were one empty, the stored name is kept.
      legal_name: text(row.get(at.legal_name)) ?? undefined,
      dba_name: text(row.get(at.dba_name)),
      mc_number: mcNumber ? mcNumber(row) : undefined,
      email: text(row.get(at.email)),
      phone: text(row.get(at.phone)),
      cell_phone: text(row.get(at.cell_phone)),
      fax: text(row.get(at.fax)),
      phy_street: text(row.get(at.phy_street)),
      phy_city: text(row.get(at.phy_city)),
      phy_state: jurisdiction(row.get(at.phy_state)),
      // As published (ZIP+4 too); geocoding derives the five-digit prefix (geocode.ts).
      phy_zip: text(row.get(at.phy_zip)),
      phy_country: upperText(row.get(at.phy_country)),
      phy_cnty: county(row.get(at.phy_cnty)),
      ...mailingAddress(row, at),
      power_units: count(row.get(at.power_units)),
      truck_units: count(row.get(at.truck_units)),
      total_drivers: count(row.get(at.total_drivers)),
      total_cdl: count(row.get(at.total_cdl)),
      mcs150_mileage: count(row.get(at.mcs150_mileage)),
      mcs150_mileage_year: count(row.get(at.mcs150_mileage_year)),
      business_org_desc: text(row.get(at.business_org_desc)),
      carrier_operation: upperText(row.get(at.carrier_operation)),
      status_code: upperText(row.get(at.status_code)),
      safety_rating: upperText(row.get(at.safety_rating)),
      safety_rating_date: date(row.get(at.safety_rating_date)),
      company_officer_1: text(row.get(at.company_officer_1)),
      company_officer_2: text(row.get(at.company_officer_2)),
      carship: carship(row.get(at.carship)),
      cargo_codes: cargo,
      cargo_other_desc: text(row.get(at.cargo_other_desc)),
      mcs150_date: date(row.get(at.mcs150_date)),
      add_date: date(row.get(at.add_date)),
      hm_flag: optionalFlag(row.get(at.hm_flag)),
      // This census has no passenger-carrier flag: its passengers cargo flag says the same.
      pc_flag: cargo?.includes('PASSENGERS'),
      prior_revoke_flag: optionalFlag(row.get(at.prior_revoke_flag)),
      prior_revoke_dot_number: priorRevokeDot(row.get(at.prior_revoke_dot_number)),
      phy_undeliverable: optionalFlag(row.get(at.phy_undeliverable)),
      mail_undeliverable_on: date(row.get(at.mail_undeliverable_on)),
      census_fields_version: CARRIER_FIELDS_VERSION,
    };
    return absent.length === 0 ? record : leaveOut(record, absent);
  });
}

/**
 * The SMS census (42 columns) carries no dockets, cargo, officers, status or county: its records leave
 * those fields out, so an import of it keeps what a Company Census import stored.
 */
export function createSmsCensusMapper(columns: readonly string[], column: ColumnLookup): CensusMapper {
  const { at, absent } = resolve(SMS_CENSUS, column);
  return censusMapper({ columns, column, dataset: 'sms_census' }, at.phy_state, (row, dotNumber) => {
    const record: CarrierRecord = {
      dot_number: dotNumber,
      legal_name: text(row.get(at.legal_name)) ?? undefined,
      dba_name: text(row.get(at.dba_name)),
      email: text(row.get(at.email)),
      phone: text(row.get(at.phone)),
      fax: text(row.get(at.fax)),
      phy_street: text(row.get(at.phy_street)),
      phy_city: text(row.get(at.phy_city)),
      phy_state: jurisdiction(row.get(at.phy_state)),
      phy_zip: text(row.get(at.phy_zip)),
      phy_country: upperText(row.get(at.phy_country)),
      ...mailingAddress(row, at),
      power_units: count(row.get(at.power_units)),
      total_drivers: count(row.get(at.total_drivers)),
      mcs150_mileage: count(row.get(at.mcs150_mileage)),
      mcs150_mileage_year: count(row.get(at.mcs150_mileage_year)),
      carrier_operation: upperText(row.get(at.carrier_operation)),
      mcs150_date: date(row.get(at.mcs150_date)),
      add_date: date(row.get(at.add_date)),
      hm_flag: optionalFlag(row.get(at.hm_flag)),
      pc_flag: optionalFlag(row.get(at.pc_flag)),
    };
    return absent.length === 0 ? record : leaveOut(record, absent);
  });
}

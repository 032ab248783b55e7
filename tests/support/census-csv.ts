import { writeFileSync } from 'node:fs';
import { COMPANY_CENSUS_COLUMNS, SMS_CENSUS_COLUMNS } from '../../cli/fmcsa/columns.ts';
import { csvField } from '../../cli/demo/csv.ts';

/** One census row by column name; columns left out are empty. */
export type CensusRow = Readonly<Record<string, string>>;

/** Writes a census file with every column of its dataset, as the portal exports it. */
export function writeCensus(
  file: string,
  rows: readonly CensusRow[],
  dataset: 'company_census' | 'sms_census' = 'company_census',
): string {
  const columns = dataset === 'company_census' ? COMPANY_CENSUS_COLUMNS : SMS_CENSUS_COLUMNS;
  const lines = rows.map((row) => columns.map((column) => csvField(row[column] ?? '')).join(','));
  writeFileSync(file, [columns.join(','), ...lines].join('\n') + '\n');
  return file;
}

/** A carrier of the Company Census with every field the record history follows. */
export const ACME: CensusRow = {
  DOT_NUMBER: '700001',
  LEGAL_NAME: 'ACME HAULING LLC',
  DBA_NAME: 'ACME',
  PHONE: '5125550100',
  CELL_PHONE: '5125550101',
  FAX: '5125550102',
  EMAIL_ADDRESS: 'dispatch@acme-hauling.example',
  PHY_STREET: '100 MAIN ST',
  PHY_CITY: 'AUSTIN',
  PHY_STATE: 'TX',
  PHY_ZIP: '78701',
  PHY_COUNTRY: 'US',
  CARRIER_MAILING_STREET: 'PO BOX 12',
  CARRIER_MAILING_CITY: 'AUSTIN',
  CARRIER_MAILING_STATE: 'TX',
  CARRIER_MAILING_ZIP: '78702',
  CARRIER_MAILING_COUNTRY: 'US',
  COMPANY_OFFICER_1: 'JANE ROE',
  COMPANY_OFFICER_2: 'JOHN DOE',
  STATUS_CODE: 'A',
  CARRIER_OPERATION: 'A',
  POWER_UNITS: '10',
  TOTAL_DRIVERS: '12',
  SAFETY_RATING: 'S',
  SAFETY_RATING_DATE: '20230301',
  MCS150_DATE: '20250110',
  ADD_DATE: '20100101',
  CARSHIP: 'C',
};
/** The same carrier a day later: every followed field changed, on an MCS-150 filed 2026-10-28. */
export const ACME_CHANGED: CensusRow = {
  ...ACME,
  LEGAL_NAME: 'ACME FREIGHT LLC',
  DBA_NAME: '',
  PHONE: '5125550200',
  CELL_PHONE: '5125550201',
  FAX: '',
  EMAIL_ADDRESS: 'owner@acme-freight.example',
  PHY_STREET: '9 OAK AVE',
  PHY_CITY: 'ROUND ROCK',
  PHY_ZIP: '78664',
  CARRIER_MAILING_STREET: 'PO BOX 99',
  COMPANY_OFFICER_2: 'MARY MAJOR',
  STATUS_CODE: 'I',
  CARRIER_OPERATION: 'C',
  POWER_UNITS: '14',
  TOTAL_DRIVERS: '15',
  SAFETY_RATING: 'C',
  SAFETY_RATING_DATE: '20261015',
  MCS150_DATE: '20261028',
};

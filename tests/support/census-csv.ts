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

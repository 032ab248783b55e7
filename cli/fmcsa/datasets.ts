/**
 * The FMCSA datasets the importer reads, and recognising which one a file holds from its column names
 * (a CSV header, or the keys of the first JSON objects, which lack the columns that are null there).
 */
import {
  COMPANY_CENSUS_COLUMNS,
  MCMIS_CRASH_COLUMNS,
  MCMIS_INSPECTION_COLUMNS,
  SMS_CENSUS_COLUMNS,
  SMS_CRASH_COLUMNS,
  SMS_INSPECTION_COLUMNS,
} from './columns.ts';
import type { DatasetKind } from './types.ts';

export interface Dataset {
  kind: DatasetKind;
  label: string;
  /** Upper-case column names in export order. */
  columns: readonly string[];
  /** A column every row of the dataset fills, so even a sparse JSON object names it. */
  key: string;
}

function dataset(kind: DatasetKind, label: string, columns: readonly string[], key: string): Dataset {
  return { kind, label, columns: columns.map((column) => column.toUpperCase()), key };
}

export const DATASETS: readonly Dataset[] = [
  dataset('company_census', 'Company Census File (az4n-8mr2)', COMPANY_CENSUS_COLUMNS, 'DOT_NUMBER'),
  dataset('sms_census', 'SMS Input - Motor Carrier Census (kjg3-diqy)', SMS_CENSUS_COLUMNS, 'DOT_NUMBER'),
  dataset(
    'mcmis_inspection',
    'Vehicle Inspection File, MCMIS (fx4q-ay7w)',
    MCMIS_INSPECTION_COLUMNS,
    'INSPECTION_ID',
  ),
  dataset('sms_inspection', 'SMS Input - Inspection (rbkj-cgst)', SMS_INSPECTION_COLUMNS, 'UNIQUE_ID'),
  dataset('mcmis_crash', 'Crash File (aayw-vxb3)', MCMIS_CRASH_COLUMNS, 'CRASH_ID'),
  dataset('sms_crash', 'SMS Input - Crash (4wxs-vbns)', SMS_CRASH_COLUMNS, 'REPORT_NUMBER'),
];

/** Share of a file's columns a dataset may lack and still match (columns the portal added since). */
const FOREIGN_SHARE = 0.2;

/**
 * The dataset whose columns best explain the given ones (any case), or null. The datasets overlap a
 * lot (both censuses share names and addresses, both crash files share report fields), so the winner
 * is the one leaving the fewest columns unexplained, then the one whose own columns are best covered.
 */
export function detectDataset(names: readonly string[]): Dataset | null {
  // Socrata adds computed columns such as `:@computed_region_…`; they belong to no dataset.
  const columns = new Set(
    names.map((name) => name.trim().toUpperCase()).filter((name) => /^[A-Z]/.test(name)),
  );
  let best: Dataset | null = null;
  let bestForeign = Infinity;
  let bestCoverage = 0;
  for (const candidate of DATASETS) {
    if (!columns.has(candidate.key)) continue;
    const own = new Set(candidate.columns);
    let known = 0;
    for (const column of columns) if (own.has(column)) known += 1;
    const foreign = columns.size - known;
    const coverage = known / own.size;
    if (foreign > columns.size * FOREIGN_SHARE) continue;
    if (foreign < bestForeign || (foreign === bestForeign && coverage > bestCoverage)) {
      best = candidate;
      bestForeign = foreign;
      bestCoverage = coverage;
    }
  }
  return best;
}

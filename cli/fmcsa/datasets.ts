/**
 * The FMCSA datasets the importer reads, and recognising which one a file holds from its column names
 * (a CSV header, or the keys of the first JSON objects, which lack the columns that are null there).
 */
import { canonicalDocket } from '../../core/authority.ts';
import {
  COMPANY_CENSUS_COLUMNS,
  LI_ACTPENDINSUR_COLUMNS,
  LI_AUTHHIST_COLUMNS,
  LI_CARRIER_COLUMNS,
  LI_INSHIST_COLUMNS,
  LI_INSUR_COLUMNS,
  LI_REVOCATION_COLUMNS,
  LI_REVOCATION_TEXT_COLUMNS,
  MCMIS_CRASH_COLUMNS,
  MCMIS_INSPECTION_COLUMNS,
  SMS_CENSUS_COLUMNS,
  SMS_CRASH_COLUMNS,
  SMS_INSPECTION_COLUMNS,
  SMS_VIOLATION_COLUMNS,
  MOTUS_AUTHHIST_COLUMNS,
  MOTUS_CARRIER_COLUMNS,
  MOTUS_INSHIST_COLUMNS,
  MOTUS_INSUR_COLUMNS,
  MOTUS_REVOKE_COLUMNS,
  OOS_ORDER_COLUMNS,
} from './columns.ts';
import type { DatasetKind, LiDatasetKind } from './types.ts';

export interface Dataset {
  kind: DatasetKind;
  label: string;
  /** Upper-case column names in export order. */
  columns: readonly string[];
  /** A column every row of the dataset fills, so even a sparse JSON object names it. */
  key: string;
  /** The dataset's id on FMCSA's open-data portal ('p2mt-9ige'): the source history events name. */
  portalId: string;
}

/** `label` ends with the portal id in brackets: 'Crash File (aayw-vxb3)'. */
function dataset(kind: DatasetKind, label: string, columns: readonly string[], key: string): Dataset {
  const portalId = /\(([a-z0-9]{4}-[a-z0-9]{4})\)$/.exec(label)?.[1];
  if (!portalId) throw new Error(`dataset label without its portal id: ${label}`);
  return { kind, label, columns: columns.map((column) => column.toUpperCase()), key, portalId };
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
  dataset('sms_violation', 'SMS Input - Violation (8mt8-2mdr)', SMS_VIOLATION_COLUMNS, 'VIOL_CODE'),
  dataset('mcmis_crash', 'Crash File (aayw-vxb3)', MCMIS_CRASH_COLUMNS, 'CRASH_ID'),
  dataset('sms_crash', 'SMS Input - Crash (4wxs-vbns)', SMS_CRASH_COLUMNS, 'REPORT_NUMBER'),
  dataset('oos_orders', 'OUT OF SERVICE ORDERS (p2mt-9ige)', OOS_ORDER_COLUMNS, 'DOT_NUMBER'),
  ...liDatasets(),
];

function liDatasets(): Dataset[] {
  return [
    dataset('li_carrier', 'L&I Carrier (6eyk-hxee)', LI_CARRIER_COLUMNS, 'DOCKET_NUMBER'),
    dataset('li_insur', 'L&I Insur (ypjt-5ydn)', LI_INSUR_COLUMNS, 'PREFIX_DOCKET_NUMBER'),
    dataset('li_actpendinsur', 'L&I ActPendInsur (qh9u-swkp)', LI_ACTPENDINSUR_COLUMNS, 'DOCKET_NUMBER'),
    dataset('li_authhist', 'L&I AuthHist (9mw4-x3tu)', LI_AUTHHIST_COLUMNS, 'DOCKET_NUMBER'),
    dataset('li_revocation', 'L&I Revocation (sa6p-acbp)', LI_REVOCATION_COLUMNS, 'DOCKET_NUMBER'),
    dataset('li_revocation', 'L&I Revocation (sa6p-acbp)', LI_REVOCATION_TEXT_COLUMNS, 'DOCKET_NUMBER'),
    dataset('li_inshist', 'L&I InsHist (6sqe-dvqs)', LI_INSHIST_COLUMNS, 'DOCKET_NUMBER'),
    dataset('motus_carrier', 'Motus Carrier (inys-ebih)', MOTUS_CARRIER_COLUMNS, 'USDOT_NUMBER'),
    dataset('motus_insur', 'Motus Insur (c5y8-a4uz)', MOTUS_INSUR_COLUMNS, 'USDOT_NUMBER'),
    dataset('motus_inshist', 'Motus InsHist (3uet-3z4i)', MOTUS_INSHIST_COLUMNS, 'USDOT_NUMBER'),
    dataset('motus_revoke', 'Motus RevokeSuspend (wb4f-neki)', MOTUS_REVOKE_COLUMNS, 'USDOT_NUMBER'),
    dataset('motus_authhist', 'Motus AuthHist (yu5v-wbh6)', MOTUS_AUTHHIST_COLUMNS, 'USDOT_NUMBER'),
  ];
}

/** A dataset's id on FMCSA's open-data portal ('az4n-8mr2'), as its label names it. */
export function portalIdOf(kind: DatasetKind): string {
  const label = DATASETS.find((candidate) => candidate.kind === kind)?.label ?? '';
  const id = /\(([a-z0-9]{4}-[a-z0-9]{4})\)$/.exec(label)?.[1];
  if (!id) throw new Error(`no portal id for dataset ${kind}`);
  return id;
}

export function isLiDataset(kind: DatasetKind): kind is LiDatasetKind {
  return kind.startsWith('li_') || kind.startsWith('motus_');
}

/** Field counts of the legacy L&I text downloads, which have no header. */
const HEADERLESS_WIDTHS: Record<number, LiDatasetKind | 'insur or authhist'> = {
  43: 'li_carrier',
  17: 'li_inshist',
  11: 'li_actpendinsur',
  9: 'insur or authhist',
  6: 'li_revocation',
};

/**
 * The legacy L&I dataset of a headerless text download, from its first row's shape: a docket first,
 * then the field count (43 Carrier, 17 InsHist, 11 ActPendInsur, 6 Revocation; 9 is Insur when the second field is
 * an insurance type code, AuthHist when it is a zero-padded DOT and the sixth a date). The dataset's
 * columns are then read by position. Null when the row is no L&I row.
 */
export function detectHeaderless(fields: readonly string[]): Dataset | null {
  if (canonicalDocket(fields[0]) === null) return null;
  let kind = HEADERLESS_WIDTHS[fields.length];
  if (kind === 'insur or authhist') {
    const second = (fields[1] ?? '').trim();
    if (/^[1-4]?$/.test(second)) kind = 'li_insur';
    else if (/^\d{8}$/.test(second) && /^(\d{2}\/\d{2}\/\d{4})?$/.test((fields[5] ?? '').trim()))
      kind = 'li_authhist';
    else return null;
  }
  const found = kind && DATASETS.find((candidate) => candidate.kind === kind);
  return found ? { ...found, label: `${found.label}, text download without header` } : null;
}

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

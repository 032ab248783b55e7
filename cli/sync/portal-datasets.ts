/**
 * The FMCSA portal datasets `npm run sync` keeps current: one line each. `kind` is the importer's dataset
 * (cli/fmcsa/datasets.ts), whose columns every download is checked against.
 *
 * How each is refreshed:
 * - changes: the whole export the first time, then pages of the rows changed since (`:updated_at`);
 * - frozen: the legacy L&I archive (no longer refreshed since 2026-05-14): downloaded once, never again;
 * - daily: a Motus all-with-history dataset loaded once, then its daily-change dataset's export.
 */
import type { DatasetKind } from '../fmcsa/types.ts';

export type Refresh = { by: 'changes' } | { by: 'frozen' } | { by: 'daily'; dailyId: string };

export interface PortalDataset {
  id: string;
  name: string;
  kind: DatasetKind;
  refresh: Refresh;
  /** In a run without --datasets. */
  byDefault: boolean;
}

const changes = (id: string, name: string, kind: DatasetKind, byDefault = true): PortalDataset => ({
  id,
  name,
  kind,
  refresh: { by: 'changes' },
  byDefault,
});
const frozen = (id: string, name: string, kind: DatasetKind): PortalDataset => ({
  id,
  name,
  kind,
  refresh: { by: 'frozen' },
  byDefault: true,
});
const daily = (id: string, dailyId: string, name: string, kind: DatasetKind): PortalDataset => ({
  id,
  name,
  kind,
  refresh: { by: 'daily', dailyId },
  byDefault: true,
});

// In import order: a docket's Carrier row before its filings and history.
export const PORTAL_DATASETS: readonly PortalDataset[] = [
  changes('az4n-8mr2', 'Company Census File', 'company_census'),
  changes('fx4q-ay7w', 'Vehicle Inspection File', 'mcmis_inspection'),
  changes('aayw-vxb3', 'Crash File', 'mcmis_crash'),
  changes('p2mt-9ige', 'Out-of-service orders', 'oos_orders'),
  changes('kjg3-diqy', 'SMS Input - Motor Carrier Census', 'sms_census', false),
  changes('rbkj-cgst', 'SMS Input - Inspection', 'sms_inspection', false),
  changes('4wxs-vbns', 'SMS Input - Crash', 'sms_crash', false),
  changes('8mt8-2mdr', 'SMS Input - Violation', 'sms_violation', false),
  frozen('6eyk-hxee', 'L&I Carrier (all with history)', 'li_carrier'),
  frozen('9mw4-x3tu', 'L&I AuthHist (all with history)', 'li_authhist'),
  frozen('6sqe-dvqs', 'L&I InsHist (all with history)', 'li_inshist'),
  frozen('qh9u-swkp', 'L&I ActPendInsur (all with history)', 'li_actpendinsur'),
  frozen('ypjt-5ydn', 'L&I Insur (all with history)', 'li_insur'),
  frozen('sa6p-acbp', 'L&I Revocation (all with history)', 'li_revocation'),
  daily('inys-ebih', 'nakq-58th', 'Motus Carrier', 'motus_carrier'),
  daily('c5y8-a4uz', 'x96h-evps', 'Motus Insur', 'motus_insur'),
  daily('3uet-3z4i', 'xe5s-wca7', 'Motus InsHist', 'motus_inshist'),
  daily('wb4f-neki', 'e67p-xyd5', 'Motus RevokeSuspend', 'motus_revoke'),
  daily('yu5v-wbh6', 'dm5j-zc6c', 'Motus AuthHist', 'motus_authhist'),
];

/** 'Company Census File (az4n-8mr2)': how messages name a dataset. */
export function describeDataset(dataset: PortalDataset, id = dataset.id): string {
  return `${dataset.name} (${id})`;
}

/**
 * The datasets a run covers: the default set, or those `ids` names (a Motus daily-change id names its
 * dataset). Throws naming the ids no dataset has.
 */
export function selectDatasets(ids: readonly string[] | null): PortalDataset[] {
  if (ids === null) return PORTAL_DATASETS.filter((dataset) => dataset.byDefault);
  const owner = (id: string) =>
    PORTAL_DATASETS.find(
      (dataset) => dataset.id === id || (dataset.refresh.by === 'daily' && dataset.refresh.dailyId === id),
    );
  const unknown = ids.filter((id) => !owner(id));
  if (unknown.length > 0) {
    throw new UnknownDatasetError(
      `--datasets: no such dataset: ${unknown.join(', ')} (known: ${PORTAL_DATASETS.map((d) => d.id).join(', ')})`,
    );
  }
  return PORTAL_DATASETS.filter((dataset) => ids.some((id) => owner(id) === dataset));
}

export class UnknownDatasetError extends Error {}

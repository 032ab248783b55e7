import type {
  CarrierRecord,
  CrashRecord,
  InspectionRecord,
} from '../../server/domains/carrier-data/records.ts';
import type { LiRecord } from '../../server/domains/authority/li-records.ts';

export type DatasetKind =
  | 'company_census'
  | 'sms_census'
  | 'mcmis_inspection'
  | 'sms_inspection'
  | 'mcmis_crash'
  | 'sms_crash'
  | LiDatasetKind;

/** Licensing & Insurance files: legacy L&I and its Motus successor. */
export type LiDatasetKind =
  | 'li_carrier'
  | 'li_insur'
  | 'li_actpendinsur'
  | 'li_authhist'
  | 'li_revocation'
  | 'motus_carrier'
  | 'motus_insur'
  | 'motus_inshist'
  | 'motus_revoke'
  | 'motus_authhist';

export type ParsedRow =
  | { kind: 'carrier'; line: number; record: CarrierRecord }
  | { kind: 'inspection'; line: number; record: InspectionRecord }
  | { kind: 'crash'; line: number; record: CrashRecord }
  | { kind: 'li'; line: number; record: LiRecord }
  | { kind: 'skip'; line: number; reason: string };

/** One row of a file, read by column index; an index of -1 (column not in the file) reads as ''. */
export interface FieldSource {
  get(index: number): string;
  /** Same as `get(index) === ''`, without making the string. */
  isEmpty(index: number): boolean;
}

/** Index of a column (upper-case name) in the rows of one file, or -1 when the file lacks it. */
export type ColumnLookup = (name: string) => number;

export type RowMapper = (row: FieldSource, line: number) => ParsedRow;

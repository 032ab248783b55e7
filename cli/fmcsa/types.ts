import type {
  CarrierRecord,
  CrashRecord,
  InspectionRecord,
  ViolationRecord,
} from '../../server/domains/carrier-data/records.ts';
import type { LiRecord, OosRecord } from '../../server/domains/authority/li-records.ts';

export type DatasetKind =
  | 'company_census'
  | 'sms_census'
  | 'mcmis_inspection'
  | 'sms_inspection'
  | 'sms_violation'
  | 'mcmis_crash'
  | 'sms_crash'
  | 'oos_orders'
  | LiDatasetKind;

/** Licensing & Insurance files: legacy L&I and its Motus successor. */
export type LiDatasetKind =
  | 'li_carrier'
  | 'li_insur'
  | 'li_actpendinsur'
  | 'li_authhist'
  | 'li_revocation'
  | 'li_inshist'
  | 'motus_carrier'
  | 'motus_insur'
  | 'motus_inshist'
  | 'motus_revoke'
  | 'motus_authhist';

export type ParsedRow =
  /** `sourceHash`: the record's hash as the file holds it (source-hash.ts), stored with the carrier. */
  | { kind: 'carrier'; line: number; record: CarrierRecord; sourceHash: number }
  /**
   * A census record as the store holds it already (UnchangedCarrier said so): not mapped, only its
   * state read, for the report of unrecognised codes.
   */
  | { kind: 'unchanged'; line: number; phy_state: string | null }
  | { kind: 'inspection'; line: number; record: InspectionRecord }
  | { kind: 'crash'; line: number; record: CrashRecord }
  | { kind: 'violation'; line: number; record: ViolationRecord }
  | { kind: 'li'; line: number; record: LiRecord }
  | { kind: 'oos'; line: number; record: OosRecord }
  | { kind: 'skip'; line: number; reason: string };

/** One row of a file, read by column index; an index of -1 (column not in the file) reads as ''. */
export interface FieldSource {
  get(index: number): string;
  /** Same as `get(index) === ''`, without making the string. */
  isEmpty(index: number): boolean;
  /** The whole record as the file spells it (a CSV line; a JSON object's values), to hash it. */
  recordText(): string;
}

/**
 * Whether the store holds carrier `dotNumber` as written from a record of this hash: the importer's
 * look-up, by which census rows of last month are passed over before they are mapped. Asked once a
 * record, in the file's order.
 */
export type UnchangedCarrier = (dotNumber: number, sourceHash: number) => boolean;

/** Index of a column (upper-case name) in the rows of one file, or -1 when the file lacks it. */
export type ColumnLookup = (name: string) => number;

export type RowMapper = (row: FieldSource, line: number) => ParsedRow;

/**
 * The carrier's record over time (issue 52): the kinds of history event an import writes, and how a
 * page or an API names them. One event is one change an import observed; the FMCSA e-mail appears
 * only as changed, never as the address.
 */

/** What part of the record an event is about. */
export const HISTORY_KINDS = ['record', 'authority', 'insurance', 'out_of_service'] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

/** What happened, per kind. */
export const HISTORY_EVENTS = {
  record: ['changed'],
  authority: ['granted', 'pending', 'revoked', 'suspended', 'reinstated', 'inactive'],
  insurance: ['filed', 'cancellation_pending', 'cancelled', 'replaced'],
  out_of_service: ['issued', 'rescinded'],
} as const satisfies Record<HistoryKind, readonly string[]>;
export type HistoryEventName = (typeof HISTORY_EVENTS)[HistoryKind][number];

/** The record fields whose changes are kept, with the label a page shows. */
export const RECORD_FIELDS = {
  legal_name: 'Legal name',
  dba_name: 'DBA name',
  phone: 'Phone',
  cell_phone: 'Cell phone',
  fax: 'Fax',
  email: 'E-mail on the FMCSA record',
  physical_address: 'Physical address',
  mailing_address: 'Mailing address',
  officers: 'Officers',
  usdot_status: 'USDOT status',
  carrier_operation: 'Operation',
  power_units: 'Power units',
  drivers: 'Drivers',
  safety_rating: 'Safety rating',
  safety_rating_date: 'Safety rating date',
  mcs150_date: 'MCS-150 date',
} as const;
export type RecordField = keyof typeof RECORD_FIELDS;

/** Contact fields: the 'Contact details unchanged since {date}' line reads their events. */
export const CONTACT_FIELDS: readonly RecordField[] = [
  'phone',
  'cell_phone',
  'fax',
  'email',
  'physical_address',
  'mailing_address',
];

/** The e-mail's value never leaves the importer: its events say this, with no before or after. */
export const EMAIL_CHANGED_TEXT = 'E-mail on the FMCSA record changed';

/** One history event as an import writes it. */
export interface NewHistoryEvent {
  dotNumber: number;
  kind: HistoryKind;
  event: HistoryEventName;
  /** A record field (RecordField), a docket's authority ('MC139446 common') or a filing's description. */
  subject: string | null;
  valueBefore: string | null;
  valueAfter: string | null;
  /** ISO day the change took effect, where the source says. */
  effectiveOn: string | null;
  /** ISO day an import first saw it. */
  firstSeenOn: string;
  /** The source dataset's portal id ('az4n-8mr2'). */
  source: string;
}

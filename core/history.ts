/**
 * The carrier's record over time (issue 52): the kinds of history event an import writes, and how a
 * page or an API names them. One event is one change an import observed; the FMCSA e-mail appears
 * only as changed, never as the address.
 */
import { formatLongIsoDay, safetyRatingLabel } from './format.ts';
import { OPERATION_LABELS, USDOT_STATUS_LABELS } from './record-facts.ts';

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

/** Events one page of the history API holds at most, and by default. */
export const MAX_HISTORY_PAGE_SIZE = 100;
export const DEFAULT_HISTORY_PAGE_SIZE = 25;
/** Events the profile's block shows a page. */
export const HISTORY_BLOCK_PAGE_SIZE = 10;
/** The profile page's query parameter of the block's page, and the block's anchor. */
export const HISTORY_PAGE_PARAM = 'history_page';
export const HISTORY_BLOCK_ID = 'record-history';

/** A stored value as people read it: codes in words, days written out, an empty value as 'none'. */
export function historyValueText(subject: string | null, value: string | null): string {
  if (subject === 'safety_rating') return safetyRatingLabel(value);
  if (value === null || value === '') return 'none';
  if (subject === 'usdot_status') return USDOT_STATUS_LABELS[value] ?? value;
  if (subject === 'carrier_operation') return OPERATION_LABELS[value] ?? value;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatLongIsoDay(value);
  return value;
}

/** What an event's row names: a record field's label, else the subject as the import wrote it. */
export function historySubjectLabel(kind: HistoryKind, subject: string | null): string | null {
  if (kind === 'record' && subject !== null && Object.hasOwn(RECORD_FIELDS, subject)) {
    return RECORD_FIELDS[subject as RecordField];
  }
  return subject;
}

/** The day an event is shown under: when it took effect if the source says, else when first seen. */
export function historyEventDay(event: { effectiveOn: string | null; firstSeenOn: string }): string {
  return event.effectiveOn ?? event.firstSeenOn;
}

/**
 * The block's line on the contact details: since the last change of one, or since the carrier's
 * history starts, 'at least' when that is the store's first import (the record may be older).
 */
export function contactUnchangedText(since: string, atLeast: boolean): string {
  return `Contact details unchanged since ${atLeast ? 'at least ' : ''}${formatLongIsoDay(since)}`;
}

const KIND_WORDS: Record<HistoryKind, string> = {
  record: 'Record',
  authority: 'Authority',
  insurance: 'Insurance',
  out_of_service: 'Out-of-service order',
};

/** An event in words: 'Phone changed', 'E-mail on the FMCSA record changed', 'Authority granted: MC139446 common'. */
export function historyEventDescription(kind: HistoryKind, event: string, subject: string | null): string {
  if (kind === 'record') {
    if (subject === 'email') return EMAIL_CHANGED_TEXT;
    return `${historySubjectLabel(kind, subject) ?? 'Record'} changed`;
  }
  const what = `${KIND_WORDS[kind]} ${event.replaceAll('_', ' ')}`;
  return subject ? `${what}: ${subject}` : what;
}

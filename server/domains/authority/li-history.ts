/**
 * The history events an L&I or out-of-service import observes (issue 52, core/history.ts): authority
 * per docket, insurance per filing, out-of-service orders. Pure: the writers hand in what a batch says
 * and what the store held before it, and write what comes out before the rows themselves, so an import
 * killed in between finds the same events again and the event keys keep them once.
 */
import { statusRescinds, type FilingEnd, type PublishedAuthorityStatus } from '../../../core/authority.ts';
import type { HistoryEventName, NewHistoryEvent } from '../../../core/history.ts';
import type { RowSet } from '../../db/upsert-rows.ts';
import {
  HISTORY_COLUMNS,
  historyEventKey,
  historyValues,
  type StoredAuthorityEvent,
} from '../history/repo.ts';
import type { LiFiling, LiRecord, OosRecord } from './li-records.ts';

/**
 * Events as one row set for the importer's upserter: on SQLite they go in the rows' own transaction
 * through its prepared statements (insertHistoryEvents' statements of 500 rows cost more to build than
 * to run at millions of events); an event kept already is matched by its key and left as it is.
 */
export function historyRowSet(events: readonly NewHistoryEvent[]): RowSet {
  return {
    table: 'record_history_events',
    key: 'event_key',
    insertOnly: [...HISTORY_COLUMNS],
    columns: [...HISTORY_COLUMNS],
    rows: events.map(historyValues),
  };
}

/** What every event of one import shares: the day it was first seen and the dataset's portal id. */
export interface EventContext {
  firstSeenOn: string;
  source: string;
}

type AuthorityEvent = Extract<
  HistoryEventName,
  'granted' | 'pending' | 'revoked' | 'suspended' | 'reinstated' | 'inactive'
>;

const authorityEvent = (
  dotNumber: number,
  docket: string,
  kind: string | null,
  event: AuthorityEvent,
  effectiveOn: string | null,
  context: EventContext,
): NewHistoryEvent => ({
  dotNumber,
  kind: 'authority',
  event,
  subject: kind ? `${docket} ${kind}` : docket,
  valueBefore: null,
  valueAfter: null,
  effectiveOn,
  ...context,
});

/**
 * A published status that changed from what the store held for the same source: the change the
 * Carrier file shows without a date. First sight of a docket is no change (AuthHist dates its grant).
 */
export function statusChangeEvent(
  before: PublishedAuthorityStatus,
  after: PublishedAuthorityStatus,
): AuthorityEvent | null {
  if (before === after) return null;
  if (after === 'Pending') return 'pending';
  if (after === 'Inactive') return 'inactive';
  if (after === 'Active')
    return before === 'Pending' ? 'granted' : before === 'Inactive' ? 'reinstated' : null;
  // 'Revocation pending': the revocation files date the notice.
  return null;
}

export function authorityStatusEvent(
  dotNumber: number,
  docket: string,
  kind: string,
  before: PublishedAuthorityStatus,
  after: PublishedAuthorityStatus,
  context: EventContext,
): NewHistoryEvent | null {
  const event = statusChangeEvent(before, after);
  return event && authorityEvent(dotNumber, docket, kind, event, null, context);
}

/** The status an authority event leaves the authority in. */
const STATUS_AFTER: Record<AuthorityEvent, PublishedAuthorityStatus> = {
  granted: 'Active',
  reinstated: 'Active',
  pending: 'Pending',
  revoked: 'Inactive',
  suspended: 'Inactive',
  inactive: 'Inactive',
};

const sameStatus = (a: string, b: string) =>
  STATUS_AFTER[a as AuthorityEvent] !== undefined &&
  STATUS_AFTER[a as AuthorityEvent] === STATUS_AFTER[b as AuthorityEvent];

/**
 * Whether a Carrier file's undated status change, seen on `seenOn` after a status stored as of
 * `statusOn`, is a change the store holds already with its real day: an AuthHist or revocation event
 * of the same authority, leaving the same status, dated after `statusOn` and by `seenOn`.
 */
export function changeDatedAlready(
  change: NewHistoryEvent,
  statusOn: string | null,
  stored: readonly StoredAuthorityEvent[],
): boolean {
  return stored.some(
    (event) =>
      event.effective_on !== null &&
      event.dot_number === change.dotNumber &&
      event.subject === change.subject &&
      sameStatus(event.event, change.event) &&
      event.effective_on > (statusOn ?? '') &&
      event.effective_on <= change.firstSeenOn,
  );
}

/**
 * The undated status changes that these dated events give their real day, by key: for each dated
 * event, the first event of its authority on or after its day (`stored` and the other `dated`
 * ones), when that is an undated change to the same status. A change seen with no other change of
 * the authority between its real day and the day it was seen is that change.
 */
export function changesNowDated(
  dated: readonly NewHistoryEvent[],
  stored: readonly StoredAuthorityEvent[],
): Set<string> {
  const day = (event: StoredAuthorityEvent) => event.effective_on ?? event.first_seen_on;
  const all = [
    ...stored,
    ...dated.map((event) => ({
      event_key: historyEventKey(event),
      dot_number: event.dotNumber,
      subject: event.subject,
      event: event.event,
      effective_on: event.effectiveOn,
      first_seen_on: event.firstSeenOn,
    })),
  ];
  const found = new Set<string>();
  for (const event of dated) {
    const on = event.effectiveOn;
    if (on === null) continue;
    const key = historyEventKey(event);
    const next = all
      .filter(
        (other) =>
          other.event_key !== key &&
          other.dot_number === event.dotNumber &&
          other.subject === event.subject &&
          day(other) >= on,
      )
      // On one day, a dated event comes before the undated change it may be.
      .sort(
        (a, b) =>
          day(a).localeCompare(day(b)) || Number(a.effective_on === null) - Number(b.effective_on === null),
      )[0];
    if (next && next.effective_on === null && sameStatus(next.event, event.event)) found.add(next.event_key);
  }
  return found;
}

/** An action's words as an event: GRANTED, REINSTATED, a revocation, a suspension. */
function actionEvent(action: string | null): AuthorityEvent | null {
  if (action === null) return null;
  if (/DISCONTINUED/.test(action)) return null;
  if (/REINSTAT/.test(action)) return 'reinstated';
  if (/GRANT/.test(action)) return 'granted';
  if (/SUSPEN|OUT OF SERVICE/.test(action)) return 'suspended';
  if (/REVOK|REVOCATION/.test(action)) return 'revoked';
  return null;
}

/**
 * An AuthHist row's events with their real days. Legacy: the original action on its served day and an
 * executed final action (REVOKED; a discontinued revocation is none) on its day. Motus: the reason, or
 * else the status after the change, on the status change day.
 */
export function authHistEvents(
  dotNumber: number,
  docket: string,
  event: NonNullable<LiRecord['event']>,
  motus: boolean,
  context: EventContext,
): NewHistoryEvent[] {
  const events: NewHistoryEvent[] = [];
  const add = (name: AuthorityEvent | null, on: string | null) => {
    if (name) events.push(authorityEvent(dotNumber, docket, event.kind, name, on, context));
  };
  if (motus) {
    const byStatus: Record<string, AuthorityEvent> = {
      ACTIVE: 'granted',
      PENDING: 'pending',
      INACTIVE: 'inactive',
      WITHDRAWN: 'inactive',
    };
    add(actionEvent(event.action) ?? byStatus[event.final_action ?? ''] ?? null, event.action_on);
    return events;
  }
  const original = actionEvent(event.action);
  // A revocation proceeding's opening is a notice; only its executed final action revokes.
  if (original === 'granted' || original === 'reinstated') add(original, event.action_on);
  const final = actionEvent(event.final_action);
  if (final === 'revoked' || final === 'suspended') add(final, event.final_on);
  return events;
}

/** A revocation or suspension order (Revocation, Motus RevokeSuspend) on its effective day. */
export function revocationEvent(
  dotNumber: number,
  docket: string,
  revocation: NonNullable<LiRecord['revocation']>,
  context: EventContext,
): NewHistoryEvent {
  const event = /SUSPEN/i.test(revocation.type) ? 'suspended' : 'revoked';
  return authorityEvent(dotNumber, docket, revocation.kind, event, revocation.effective_on, context);
}

/** A filing as events name it: 'MC139446 BI&PD primary WN408492'; the insurer is its value. */
const filingSubject = (docket: string, filing: LiFiling) =>
  `${docket} ${filing.kind}${filing.policy_number ? ` ${filing.policy_number}` : ''}`;

/** What the store held of a filing before the batch. */
export interface StoredFiling {
  cancellation_effective_on: string | null;
  ended_by: FilingEnd | null;
}

/**
 * A filing's events: 'filed' when the store did not hold it, and its end when the batch gives one the
 * store did not hold: 'replaced' (a replacement, name change or transfer), 'cancellation_pending' for a
 * cancellation after the import's day, 'cancelled' for one on or before it.
 */
export function filingEvents(
  dotNumber: number,
  docket: string,
  filing: LiFiling,
  stored: StoredFiling | undefined,
  context: EventContext,
): NewHistoryEvent[] {
  const subject = filingSubject(docket, filing);
  // Each event spelt out whole: spreading a shared base made the objects slow to build and to read,
  // at two events a filing of a first load.
  const event = (
    name: HistoryEventName,
    valueBefore: string | null,
    valueAfter: string | null,
    effectiveOn: string | null,
  ): NewHistoryEvent => ({
    dotNumber,
    kind: 'insurance',
    event: name,
    subject,
    valueBefore,
    valueAfter,
    effectiveOn,
    firstSeenOn: context.firstSeenOn,
    source: context.source,
  });
  const events: NewHistoryEvent[] = [];
  if (!stored) events.push(event('filed', null, filing.insurer, filing.effective_on));
  const ends = filing.cancellation_effective_on ?? null;
  const endedBy = filing.ended_by ?? null;
  const known = stored && stored.cancellation_effective_on === ends && stored.ended_by === endedBy;
  if ((ends !== null || endedBy !== null) && !known) {
    const name: HistoryEventName = endedBy
      ? 'replaced'
      : (ends as string) > context.firstSeenOn
        ? 'cancellation_pending'
        : 'cancelled';
    events.push(event(name, filing.insurer, null, ends));
  }
  return events;
}

/** What the store held of an order before the batch. */
export interface StoredOrder {
  rescinded_on: string | null;
  status: string | null;
}

const isRescinded = (order: Pick<OosRecord, 'rescinded_on' | 'status'>) =>
  order.rescinded_on !== null || statusRescinds(order.status);

/** An order's events: 'issued' on its day when new, 'rescinded' on its day once it is. */
export function orderEvents(
  order: OosRecord,
  stored: StoredOrder | undefined,
  context: EventContext,
): NewHistoryEvent[] {
  const base = {
    dotNumber: order.dot,
    kind: 'out_of_service' as const,
    subject: order.reason,
    valueBefore: null,
    valueAfter: null,
    ...context,
  };
  const events: NewHistoryEvent[] = [];
  if (!stored) events.push({ ...base, event: 'issued', effectiveOn: order.ordered_on });
  if (isRescinded(order) && !(stored && isRescinded(stored))) {
    events.push({ ...base, event: 'rescinded', effectiveOn: order.rescinded_on });
  }
  return events;
}

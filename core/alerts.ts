/**
 * Alerts (issue 54): which changes of a watched carrier are severe (e-mailed at once) and which wait for
 * the daily digest, and how an alert reads in an e-mail, a feed or a webhook. An alert is a history
 * event (core/history.ts) of a watched carrier, or an inspection with out-of-service violations or a
 * crash imported for it.
 */
import { formatLongIsoDay } from './format.ts';
import { HISTORY_KINDS, historyEventDescription, historyValueText, type HistoryKind } from './history.ts';

export type AlertSeverity = 'severe' | 'digest';

/** What an alert is about beyond the history kinds: the day's inspections and crashes. */
export type AlertKind = HistoryKind | 'inspection' | 'crash';

/**
 * The severe changes: the carrier may no longer haul legally. Each rule names a history kind and
 * event, and for a record change its field and new value.
 */
export const SEVERE_CHANGES: readonly {
  kind: HistoryKind;
  event: string;
  subject?: string;
  valueAfter?: string;
}[] = [
  { kind: 'authority', event: 'revoked' },
  { kind: 'authority', event: 'suspended' },
  { kind: 'authority', event: 'inactive' },
  { kind: 'insurance', event: 'cancellation_pending' },
  { kind: 'insurance', event: 'cancelled' },
  { kind: 'out_of_service', event: 'issued' },
  { kind: 'record', event: 'changed', subject: 'usdot_status', valueAfter: 'I' },
];

/** An alert's facts, as stored. */
export interface AlertFacts {
  kind: string;
  event: string;
  subject: string | null;
  valueBefore: string | null;
  valueAfter: string | null;
  day: string;
}

export function alertSeverity(
  alert: Pick<AlertFacts, 'kind' | 'event' | 'subject' | 'valueAfter'>,
): AlertSeverity {
  const severe = SEVERE_CHANGES.some(
    (rule) =>
      rule.kind === alert.kind &&
      rule.event === alert.event &&
      (rule.subject === undefined || rule.subject === alert.subject) &&
      (rule.valueAfter === undefined || rule.valueAfter === alert.valueAfter),
  );
  return severe ? 'severe' : 'digest';
}

const isHistoryKind = (kind: string): kind is HistoryKind =>
  (HISTORY_KINDS as readonly string[]).includes(kind);

/** One line: 'Authority revoked: MC139446 common', 'Phone changed from (555) 010-0000 to (555) 010-0001'. */
export function alertText(alert: AlertFacts): string {
  if (alert.kind === 'inspection') {
    return `Inspection on ${formatLongIsoDay(alert.day)} with out-of-service violations (${alert.valueAfter ?? '?'} out of service)`;
  }
  if (alert.kind === 'crash') {
    // A crash alert keeps its fatalities as its value before and its injuries as its value after.
    return `Crash on ${formatLongIsoDay(alert.day)}: ${crashSummary(Number(alert.valueBefore ?? 0), Number(alert.valueAfter ?? 0))}`;
  }
  if (!isHistoryKind(alert.kind)) return `${alert.kind} ${alert.event}`;
  const description = historyEventDescription(alert.kind, alert.event, alert.subject);
  // The e-mail's events carry no values (decision 097): the description says all there is.
  if (alert.kind !== 'record' || (alert.valueBefore === null && alert.valueAfter === null))
    return description;
  const before = historyValueText(alert.subject, alert.valueBefore);
  const after = historyValueText(alert.subject, alert.valueAfter);
  return `${description} from ${before} to ${after}`;
}

/** A crash's fatalities and injuries in words. */
export function crashSummary(fatalities: number, injuries: number): string {
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return `${count(fatalities, 'fatality', 'fatalities')}, ${count(injuries, 'injury', 'injuries')}`;
}

/** The profile page of a carrier, from the site's address. */
export function carrierProfileUrl(appUrl: string, dotNumber: number): string {
  return `${appUrl.replace(/\/$/, '')}/profile/${dotNumber}`;
}

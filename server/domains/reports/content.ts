// What a vetting report records (issue 56): the carrier's record as it stood when the report was
// made, as one canonical JSON document. The PDF is rendered from it, prints its SHA-256 and carries
// it as an attachment (docs/decisions/110-vetting-report-hashes.md).
import { createHash } from 'node:crypto';
import type { AuthorityRecord, SourceDates, Verdict } from '../../../core/authority.ts';
import type {
  BasicViolationCount,
  Crash,
  Inspection,
  SafetySummary,
} from '../../../core/contracts/carrier-data.ts';
import type { HistoryEvent } from '../../../core/contracts/history.ts';
import type { LinkedCarrier, Signal } from '../../../core/contracts/signals.ts';
import type { DataDates } from '../../../core/record-facts.ts';

/**
 * How many inspections, crashes and history events a report lists at most, newest first: the largest
 * fleets have tens of thousands of inspections in the window, which would make a report of hundreds
 * of pages and take seconds to render (docs/decisions/111). Every one is counted in the summary.
 */
export const REPORT_LISTED_ROWS = 250;

/** The content's format: a reader of the attachment knows what it holds. */
export const REPORT_FORMAT = 'carrierpage-vetting-report/1';

/** The carrier's identity and record facts. Never the FMCSA e-mail address. */
export interface ReportCarrier {
  dot_number: number;
  legal_name: string;
  dba_name: string | null;
  mc_number: string | null;
  physical_address: string | null;
  phone: string | null;
  /** The census code's words ('Interstate'); the code as published when it has none. */
  operation: string | null;
  power_units: number | null;
  drivers: number | null;
  usdot_status: string | null;
  mcs150_date: string | null;
  safety_rating: string | null;
  safety_rating_date: string | null;
}

/** A carrier linked to this one as the report lists it: who, by what, and its standing then. */
export type ReportLinkedCarrier = Pick<LinkedCarrier, 'dot_number' | 'name' | 'links' | 'status_label'>;

/** A risk signal that held when the report was made, with the facts and linked carriers it rests on. */
export type ReportSignal = Pick<Signal, 'rule' | 'title' | 'strong' | 'fact' | 'rests_on' | 'detail'> & {
  linked_carriers: ReportLinkedCarrier[];
};

/** A record history event as the report lists it. */
export type ReportHistoryEvent = Pick<
  HistoryEvent,
  'kind' | 'description' | 'value_before' | 'value_after' | 'effective_on' | 'first_seen_on' | 'source'
>;

export interface ReportContent {
  format: typeof REPORT_FORMAT;
  /** ISO time the report was made. */
  made_at: string;
  /** The site that made it and the carrier's profile there. */
  site: string;
  profile_url: string;
  carrier: ReportCarrier;
  verdict: Verdict & { judged_on: string };
  authority: Omit<AuthorityRecord, 'sourceDates'>;
  safety: {
    /** The first day of the 24-month window. */
    since: string;
    summary: SafetySummary;
    by_basic: BasicViolationCount[];
    /** The newest REPORT_LISTED_ROWS inspections with their violations, of `total` in the window. */
    inspections: { total: number; listed: Inspection[] };
    crashes: { total: number; listed: Crash[] };
  };
  history: { since: string; total: number; listed: ReportHistoryEvent[] };
  /** The risk signals that held and every carrier linked to this one (issue 55). */
  signals: { held: ReportSignal[]; linked_carriers: ReportLinkedCarrier[]; rules_url: string };
  /** How current each source was: the census, SMS and L&I files' days, null for one never imported. */
  data_dates: DataDates & {
    li_legacy: string | null;
    li_motus: string | null;
    out_of_service: string | null;
  };
}

/** The data dates of every source, from the store's imports and the L&I record's own. */
export function reportDataDates(dates: DataDates, li: SourceDates): ReportContent['data_dates'] {
  return { ...dates, li_legacy: li.legacy, li_motus: li.motus, out_of_service: li.outOfService };
}

/** The bytes the content hash is of: its JSON in UTF-8, keys in the order they were built, no spaces. */
export function canonicalJson(content: ReportContent): string {
  return JSON.stringify(content);
}

export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

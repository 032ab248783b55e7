// The facts of a carrier's FMCSA record a profile shows near its header (issue 16).
import { formatLongDate } from './format.ts';

/** How current the carrier data is: the newest day each kind of data describes, null before any import. */
export interface DataDates {
  census_as_of: string | null;
  inspections_through: string | null;
  crashes_through: string | null;
  /** The SMS violation file's (issue 56). */
  violations_through: string | null;
}

/** FMCSA asks carriers to update their MCS-150 every two years; older than this it is overdue. */
export const MCS150_UPDATE_MONTHS = 24;

export const USDOT_STATUS_LABELS: Readonly<Record<string, string>> = { A: 'Active', I: 'Inactive' };
export const OPERATION_LABELS: Readonly<Record<string, string>> = {
  A: 'Interstate',
  B: 'Intrastate hazmat',
  C: 'Intrastate non-hazmat',
};

export interface RecordInput {
  status_code: string | null;
  carrier_operation: string | null;
  hm_flag: boolean | null;
  pc_flag: boolean | null;
  add_date: string | null;
  mcs150_date: string | null;
}

export interface RecordFacts {
  /** 'Active' or 'Inactive'; another code as published; null when the record has none. */
  status: string | null;
  operation: string | null;
  hazmat: 'Yes' | 'No' | null;
  passenger: 'Yes' | 'No' | null;
  /** 'Registered October 20, 2026 (1 month)'. */
  registered: string | null;
  /** 'MCS-150 updated May 28, 2025'. */
  mcs150: string | null;
  mcs150Overdue: boolean;
}

function day(isoDay: string): Date {
  return new Date(`${isoDay}T00:00:00Z`);
}

function previousDay(isoDay: string): string {
  return new Date(day(isoDay).getTime() - 86_400_000).toISOString().slice(0, 10);
}

/** Whole calendar months from one ISO day to a later one. */
export function monthsBetween(from: string, to: string): number {
  const [a, b] = [day(from), day(to)];
  const months = (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth();
  return b.getUTCDate() < a.getUTCDate() ? months - 1 : months;
}

function count(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** How long ago an ISO day was: '38 years', '1 month', '12 days', 'today'. */
export function age(from: string, today: string): string {
  const months = monthsBetween(from, today);
  if (months >= 12) return count(Math.floor(months / 12), 'year');
  if (months >= 1) return count(months, 'month');
  const days = Math.round((day(today).getTime() - day(from).getTime()) / 86_400_000);
  return days <= 0 ? 'today' : count(days, 'day');
}

function yesNo(flag: boolean | null): 'Yes' | 'No' | null {
  return flag === null ? null : flag ? 'Yes' : 'No';
}

/** The record's facts as the profile words them, on the ISO day `today`. */
export function recordFacts(record: RecordInput, today: string): RecordFacts {
  const { status_code: status, carrier_operation: operation, add_date: added, mcs150_date: updated } = record;
  return {
    status: status ? (USDOT_STATUS_LABELS[status] ?? status) : null,
    operation: operation ? (OPERATION_LABELS[operation] ?? operation) : null,
    hazmat: yesNo(record.hm_flag),
    passenger: yesNo(record.pc_flag),
    registered: added ? `Registered ${formatLongDate(day(added))} (${age(added, today)})` : null,
    mcs150: updated ? `MCS-150 updated ${formatLongDate(day(updated))}` : null,
    // Older than 24 months: at least 24 whole months and a day.
    mcs150Overdue: updated !== null && monthsBetween(updated, previousDay(today)) >= MCS150_UPDATE_MONTHS,
  };
}

/**
 * How current the data is, as the profile says it: 'FMCSA census as of {date}' and 'Inspections and
 * crashes through {date}' (the earlier of the two, so the sentence holds for both; one alone is
 * named alone). Nothing for data never imported.
 */
export function dataDateLines(dates: DataDates): string[] {
  const long = (isoDay: string) => formatLongDate(day(isoDay));
  const lines: string[] = [];
  if (dates.census_as_of) lines.push(`FMCSA census as of ${long(dates.census_as_of)}`);
  const { inspections_through: inspections, crashes_through: crashes } = dates;
  if (inspections && crashes) {
    lines.push(`Inspections and crashes through ${long(inspections < crashes ? inspections : crashes)}`);
  } else if (inspections) lines.push(`Inspections through ${long(inspections)}`);
  else if (crashes) lines.push(`Crashes through ${long(crashes)}`);
  return lines;
}

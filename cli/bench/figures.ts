import { readFileSync } from 'node:fs';

/**
 * Resident memory of a process in MB, from /proc (Linux): now (VmRSS) or its peak (VmHWM), or now
 * without the file pages it maps (RssAnon: its own memory; the SQLite server maps its database, whose
 * pages are the OS's file cache, decision 071).
 */
export function residentMb(pid: number, field: 'VmRSS' | 'VmHWM' | 'RssAnon'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1]);
  return Math.round(kilobytes / 1024);
}

/** The p-th percentile (0-100) of ascending figures: the smallest value at or above p % of them. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

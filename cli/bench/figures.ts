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

/** CPU time a process has used so far (user and system), in seconds, from /proc (Linux). */
export function cpuSeconds(pid: number): number {
  // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

/** Linux's USER_HZ, the unit of /proc's CPU times, on every architecture Node runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

/** The p-th percentile (0-100) of ascending figures: the smallest value at or above p % of them. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** The same in ms: on a machine shared with other work, wall-clock figures include the waits for a core. */
export const cpuMs = (pid: number) => cpuSeconds(pid) * 1000;

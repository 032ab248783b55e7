/**
 * The day an FMCSA file describes (docs/decisions/024-honest-dated-carrier-data.md): the importer's
 * --as-of flag, else the date in the portal's file name, else the import day.
 */
import path from 'node:path';

/** Where the day came from, as the import report words it ('data as of … (from the file name)'). */
export type AsOfSource = '--as-of' | 'the file name' | 'the import day';

/** The ISO day of a year, month and day written in digits, or null when no such day exists. */
export function isoDayOf(year: string, month: string, day: string): string | null {
  const iso = `${year}-${month}-${day}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
}

/** A `--as-of` value: an ISO day (YYYY-MM-DD) that exists, or null. */
export function parseAsOfFlag(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  return match ? isoDayOf(match[1] as string, match[2] as string, match[3] as string) : null;
}

/**
 * The date in a portal download's name (`Company_Census_File_20261102.csv`,
 * `SMS_Input_-_Inspection_2026-11-02.zip`): the last year-month-day run of digits, 19xx or 20xx.
 */
export function dateInFileName(file: string): string | null {
  const matches = [...path.basename(file).matchAll(/(?<!\d)((?:19|20)\d{2})[-_]?(\d{2})[-_]?(\d{2})(?!\d)/g)];
  for (const match of matches.reverse()) {
    const day = isoDayOf(match[1] as string, match[2] as string, match[3] as string);
    if (day) return day;
  }
  return null;
}

export function asOfFor(
  file: string,
  flag: string | undefined,
  importDay: string,
): { asOf: string; source: AsOfSource } {
  if (flag) return { asOf: flag, source: '--as-of' };
  const named = dateInFileName(file);
  return named ? { asOf: named, source: 'the file name' } : { asOf: importDay, source: 'the import day' };
}

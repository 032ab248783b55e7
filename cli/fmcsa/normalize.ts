/**
 * Field normalisation shared by the dataset mappers. Readers of optional values return null for an
 * empty field; a value that makes the whole row unusable throws a RowError (the row becomes a skip).
 */
import { MAX_DOT_NUMBER } from '../../server/domains/carrier-data/records.ts';
import { RowError } from './errors.ts';

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** The number written by the digits from `from` to `to` (at most 15), or -1 when any is not a digit. */
function digitsAt(value: string, from = 0, to = value.length): number {
  if (from >= to || to - from > 15) return -1;
  let number = 0;
  for (let i = from; i < to; i += 1) {
    const digit = value.charCodeAt(i) - 48;
    if (!(digit >= 0 && digit <= 9)) return -1;
    number = number * 10 + digit;
  }
  return number;
}

function hasLowerCase(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const c = value.charCodeAt(i);
    if ((c >= 97 && c <= 122) || c > 127) return true;
  }
  return false;
}

/** Reasons quote a value only in part: a garbled row could put personal data in any column. */
function quote(value: string): string {
  return value.length > 20 ? `${value.slice(0, 20)}…` : value;
}

/** Trimmed text, or null when empty. */
export function text(raw: string): string | null {
  if (raw === '') return null;
  // Most fields need no trimming; checking both ends first avoids a copy per field.
  if (raw.charCodeAt(0) > 32 && raw.charCodeAt(raw.length - 1) > 32) return raw;
  const trimmed = raw.trim();
  return trimmed === '' ? null : trimmed;
}

export function upperText(raw: string): string | null {
  const value = text(raw);
  // Codes are nearly always upper case already; toUpperCase would copy them all the same.
  return value !== null && hasLowerCase(value) ? value.toUpperCase() : value;
}

/** A count or other whole number; empty or not a plain non-negative integer gives null. */
export function count(raw: string): number | null {
  const value = text(raw);
  if (value === null) return null;
  const number = digitsAt(value);
  return number < 0 ? null : number;
}

/** DOT number, unpadded or zero-padded (`00295017`); null when empty; garbage makes the row a skip. */
export function dotNumber(raw: string): number | null {
  const value = text(raw);
  if (value === null) return null;
  const number = digitsAt(value);
  if (number > MAX_DOT_NUMBER) throw new RowError('DOT number too large');
  if (number > 0) return number;
  if (number === 0) throw new RowError('DOT number 0');
  if (value.charCodeAt(0) === 45 && digitsAt(value, 1) >= 0) throw new RowError('negative DOT number');
  if (/^\d+$/.test(value)) throw new RowError('DOT number too long');
  throw new RowError('non-numeric DOT number');
}

/** The DOT number, or `fallback` (UPLOAD_DOT_NUMBER of inspection and crash files) when it is empty. */
export function requiredDotNumber(raw: string, fallback = ''): number {
  const number = dotNumber(raw) ?? dotNumber(fallback);
  if (number === null) throw new RowError('missing DOT number');
  return number;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

function isoDay(year: number, month: number, day: number, raw: string): string {
  const monthDays = month === 2 && isLeapYear(year) ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
  if (year < 1900 || year > 2099 || day < 1 || day > monthDays) {
    throw new RowError(`impossible date ${quote(raw)}`);
  }
  return `${year}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`;
}

function parseDay(value: string): string {
  if (value.length === 8 || value.charCodeAt(8) === 32) {
    const year = digitsAt(value, 0, 4);
    const month = digitsAt(value, 4, 6);
    const day = digitsAt(value, 6, 8);
    if (year >= 0 && month >= 0 && day >= 0) return isoDay(year, month, day, value);
  }
  const dayMonthYear = /^(\d{1,2})-([A-Za-z]{3})-(\d{2}|\d{4})(?:[ T]|$)/.exec(value);
  if (dayMonthYear) {
    const [, day = '', monthName = '', yearText = ''] = dayMonthYear;
    const month = MONTHS.indexOf(monthName.toUpperCase()) + 1;
    if (month === 0) throw new RowError(`impossible date ${quote(value)}`);
    const shortYear = Number(yearText);
    const year = yearText.length === 4 ? shortYear : shortYear < 70 ? 2000 + shortYear : 1900 + shortYear;
    return isoDay(year, month, Number(day), value);
  }
  const yearFirst = /^(\d{4})-(\d{2})-(\d{2})(?:[ T]|$)/.exec(value);
  if (yearFirst) return isoDay(Number(yearFirst[1]), Number(yearFirst[2]), Number(yearFirst[3]), value);
  const monthFirst = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ T]|$)/.exec(value);
  if (monthFirst) return isoDay(Number(monthFirst[3]), Number(monthFirst[1]), Number(monthFirst[2]), value);
  throw new RowError(`unreadable date ${quote(value)}`);
}

/**
 * Census and MCMIS files repeat the same few thousand days: a `YYYYMMDD` day read before is looked up
 * rather than parsed again. The key is the number those digits make, not the text: a string cut from
 * the file would keep the whole megabyte of text it came from alive for as long as the cache lives.
 */
const daysByDigits = new Map<number, string>();
const MAX_CACHED_DAYS = 100_000;

/**
 * ISO day from the spellings the files use: `YYYYMMDD`, `YYYYMMDD HHMM` (census, MCMIS), `DD-MON-YY`
 * (SMS; 00-69 is 20xx, 70-99 is 19xx), and, for exports that reformat dates, `YYYY-MM-DD…` and
 * `MM/DD/YYYY…`. Null when empty; an unreadable or impossible date makes the row a skip.
 */
export function date(raw: string): string | null {
  const value = text(raw);
  if (value === null) return null;
  const digits = value.length === 8 || value.charCodeAt(8) === 32 ? digitsAt(value, 0, 8) : -1;
  if (digits < 0) return parseDay(value);
  let day = daysByDigits.get(digits);
  if (day === undefined) {
    day = parseDay(value);
    if (daysByDigits.size >= MAX_CACHED_DAYS) daysByDigits.clear();
    daysByDigits.set(digits, day);
  }
  return day;
}

export function requiredDate(raw: string, what: string): string {
  const day = date(raw);
  if (day === null) throw new RowError(`missing ${what}`);
  return day;
}

/**
 * A state, province or other jurisdiction code as published (upper case); null when empty. Never a
 * skip: a code FMCSA's list lacks is kept, and the import report counts it (import-files.ts).
 */
export function jurisdiction(raw: string): string | null {
  return upperText(raw);
}

/** Three-digit county FIPS code, zero-padded (`35` → `035`). */
export function county(raw: string): string | null {
  const value = text(raw);
  return value !== null && value.length < 3 && digitsAt(value) >= 0 ? value.padStart(3, '0') : value;
}

/** Y/N or true/false (JSON API) as a boolean; anything else is false. */
export function flag(raw: string): boolean {
  const value = upperText(raw);
  return value === 'Y' || value === 'TRUE' || value === '1';
}

/** Like `flag`, but null when the field is empty (the record does not say). */
export function optionalFlag(raw: string): boolean | null {
  return text(raw) === null ? null : flag(raw);
}

/**
 * Digits of an MC docket number, without leading zeros: `MC139446`, `MC-424836`, `MC 0139446` or bare
 * digits `139446`. Null for empty text, other prefixes (FF, MX) or anything else.
 */
export function normalizeMcNumber(value: string | null | undefined): string | null {
  if (value == null) return null;
  if (digitsAt(value) > 0) return value.charCodeAt(0) === 48 ? value.replace(/^0+/, '') : value;
  const match = /^\s*(?:MC[\s#-]*)?(\d+)\s*$/i.exec(value);
  if (!match) return null;
  const digits = (match[1] ?? '').replace(/^0+/, '');
  return digits === '' ? null : digits;
}

/** Rethrows anything but a RowError; a RowError becomes the skip of the row at `line`. */
export function skipRow(error: unknown, line: number): { kind: 'skip'; line: number; reason: string } {
  if (error instanceof RowError) return { kind: 'skip', line, reason: error.message };
  throw error;
}

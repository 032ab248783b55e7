/**
 * Watchlists (issue 54): the limits people are told of, how a pasted or uploaded list of carrier
 * numbers is read, and the columns of the watchlist page. Shared by the API, the pages and the tests.
 */

/** Carriers one watchlist holds at most. */
export const MAX_WATCHLIST_CARRIERS = 5_000;
/** Numbers one lookup takes at most. */
export const MAX_LOOKUP_NUMBERS = 500;
/** Watchlists one account holds at most. */
export const MAX_WATCHLISTS = 50;
/** API keys one account holds at most (revoked ones not counted). */
export const MAX_API_KEYS = 10;
/** Rows of the watchlist page, and of the API's page, by default and at most. */
export const WATCHLIST_PAGE_SIZE = 50;
export const MAX_WATCHLIST_PAGE_SIZE = 500;
/** The longest text a list of numbers may be (paste or CSV): 5,000 lines of a few cells each. */
export const MAX_NUMBER_LIST_BYTES = 512 * 1024;

/** A carrier number as a person writes it: a USDOT number, or an MC docket. */
export type CarrierNumber = { kind: 'dot'; value: number } | { kind: 'mc'; value: number };

/**
 * One number as written: '1234567', 'DOT 1234567', 'USDOT#1234567' (a USDOT number), 'MC-123456',
 * 'MC 0123456' (an MC docket, without leading zeros); null for anything else.
 */
export function parseCarrierNumber(text: string): CarrierNumber | null {
  const cell = text
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim();
  const mc = /^MC[\s#:-]*0*(\d{1,8})$/i.exec(cell);
  if (mc) return Number(mc[1]) > 0 ? { kind: 'mc', value: Number(mc[1]) } : null;
  const dot = /^(?:US)?(?:DOT)?[\s#:-]*0*(\d{1,9})$/i.exec(cell);
  if (dot) return Number(dot[1]) > 0 ? { kind: 'dot', value: Number(dot[1]) } : null;
  return null;
}

/** A number as the answers name it: 'DOT 1234567', 'MC-123456'. */
export function carrierNumberText(number: CarrierNumber): string {
  return number.kind === 'dot' ? `DOT ${number.value}` : `MC-${number.value}`;
}

export interface NumberListLine {
  /** 1-based, as an editor counts lines. */
  line: number;
  number: CarrierNumber;
}

export interface NumberListProblem {
  line: number;
  text: string;
  reason: string;
}

/** The longest text of a refused line that an answer repeats. */
const SHOWN_TEXT = 60;

/**
 * Reads a pasted list or a CSV file: one carrier a line, its number in the first cell (a comma,
 * semicolon or tab ends the cell). Blank lines are skipped, and so is a first line without a digit
 * (a CSV header). Every other line that holds no DOT or MC number is a problem, with its line number.
 */
export function readNumberList(text: string): { numbers: NumberListLine[]; problems: NumberListProblem[] } {
  const numbers: NumberListLine[] = [];
  const problems: NumberListProblem[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    if (line === 1 && !/\d/.test(raw)) return;
    const cell = raw.split(/[,;\t]/)[0] ?? '';
    const number = parseCarrierNumber(cell);
    if (number) numbers.push({ line, number });
    else
      problems.push({
        line,
        text: raw.trim().slice(0, SHOWN_TEXT),
        reason: 'not a DOT or MC number',
      });
  });
  return { numbers, problems };
}

/** The columns of the watchlist page: what each row shows, sorts and filters on. */
export const WATCHLIST_SORTS = [
  'name',
  'dot_number',
  'verdict',
  'insurance',
  'last_change',
  'added',
] as const;
export type WatchlistSort = (typeof WATCHLIST_SORTS)[number];

/** Insurance in force, in the words of the page's column and filter. */
export const INSURANCE_STATES = ['On file', 'Cancellation pending', 'None in force'] as const;
export type InsuranceState = (typeof INSURANCE_STATES)[number];

/** The signals filter: carriers with a risk signal, or without. */
export const SIGNALS_FILTERS = ['with', 'without'] as const;

/** The CSV export's header, in the order of its cells. */
export const WATCHLIST_CSV_HEADER = [
  'dot_number',
  'mc_number',
  'name',
  'verdict',
  'signals',
  'insurance',
  'last_change',
  'last_change_on',
  'added_on',
] as const;

/** A CSV cell: quoted when it holds a separator, quote or line break; a formula's first character neutralised. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  // A spreadsheet runs a cell that starts with these as a formula.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

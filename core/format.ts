// Date formatting shared by pages. Dates are shown in UTC so the server render and the browser agree.

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * A date written out in US English (its UTC day), for example 'November 22, 2026': what
 * Intl.DateTimeFormat('en-US') with a long month writes (core/format.test.ts compares them over two
 * centuries), without its cost on every profile view.
 */
export function formatLongDate(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** An ISO day ('2026-12-15') as 'December 15, 2026'. */
export function formatLongIsoDay(isoDay: string): string {
  return formatLongDate(new Date(`${isoDay}T00:00:00Z`));
}

const SAFETY_RATINGS: Record<string, string> = { S: 'Satisfactory', C: 'Conditional', U: 'Unsatisfactory' };

/** FMCSA safety rating letter as words; carriers without a compliance review are 'Not rated'. */
export function safetyRatingLabel(code: string | null | undefined): string {
  return (code && SAFETY_RATINGS[code.toUpperCase()]) || 'Not rated';
}

/** Title case for the upper-case names of FMCSA records ('FORT WORTH' -> 'Fort Worth'). */
export function titleCase(text: string): string {
  return text
    .toLowerCase()
    .replace(
      /(^|[\s-])(\p{L})/gu,
      (_match, separator: string, letter: string) => separator + letter.toUpperCase(),
    );
}

/** The capacity board's 'Available Anytime' date (owner-side section 2.5), as stored and sent. */
export const ANYTIME_DATE = '9999-12-31';

/** A capacity date as the spec shows it: 'Nov 22' (en-US, short month and day), or 'Anytime'. */
export function formatCapacityDate(isoDay: string): string {
  if (isoDay === ANYTIME_DATE) return 'Anytime';
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${isoDay}T00:00:00Z`),
  );
}

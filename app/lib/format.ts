// Date formatting shared by pages. Dates are shown in UTC so the server render and the browser agree.

/** A date written out in US English, for example 'November 22, 2026'. */
export function formatLongDate(date: Date): string {
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

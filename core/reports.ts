// Facts of vetting reports (issue 56) both the PDF and the permanent link's page state.
import { formatLongIsoDay } from './format.ts';

/** When a report was made, as the PDF and its page say it: 'December 7, 2026 at 14:03 UTC'. */
export function reportTimeText(isoTime: string): string {
  return `${formatLongIsoDay(isoTime.slice(0, 10))} at ${isoTime.slice(11, 16)} UTC`;
}

/** The check of an uploaded PDF, as its page shows it. */
export function verificationText(matches: boolean, madeAt: string): string {
  return matches
    ? `This PDF matches the report made on ${reportTimeText(madeAt)}.`
    : 'This PDF does not match this report: it is not the PDF made here, or it was changed since.';
}

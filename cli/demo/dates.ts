import { SAFETY_WINDOW_MONTHS } from '../../core/safety.ts';
import { isoDayMonthsBefore } from '../../server/domains/carrier-data/service.ts';

export const MS_PER_DAY = 86_400_000;
/** The oldest ADD_DATE the demo writes (the census has carriers added from the mid-1970s on). */
export const FIRST_DAY = Date.UTC(1975, 0, 1) / MS_PER_DAY;

/**
 * Days are whole UTC days since 1970-01-01. Every census and MCMIS date is written as `YYYYMMDD`, so the
 * strings from 1975 to `today` are built once instead of formatting a Date for each of millions of fields.
 */
export class DemoCalendar {
  readonly today: number;
  /** First day of the 24-month safety window the app counts inspections and crashes over. */
  readonly windowStart: number;
  private readonly formatted: string[] = [];

  constructor(today: Date) {
    this.today = Math.floor(today.getTime() / MS_PER_DAY);
    this.windowStart = Date.parse(isoDayMonthsBefore(today, SAFETY_WINDOW_MONTHS)) / MS_PER_DAY;
    if (this.today < FIRST_DAY) throw new RangeError('today must be after 1975-01-01');
    for (let day = FIRST_DAY; day <= this.today; day++) {
      this.formatted.push(new Date(day * MS_PER_DAY).toISOString().slice(0, 10).replaceAll('-', ''));
    }
  }

  /** `YYYYMMDD`; days outside 1975..today are clamped into that range. */
  format(day: number): string {
    const clamped = Math.min(this.today, Math.max(FIRST_DAY, day));
    return this.formatted[clamped - FIRST_DAY] as string;
  }

  year(day: number): number {
    return Number(this.format(day).slice(0, 4));
  }
}

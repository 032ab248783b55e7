import { describe, expect, it } from 'vitest';
import { formatLongDate, formatLongIsoDay } from './format.ts';

describe('formatLongDate', () => {
  const intl = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

  it('writes the UTC day as Intl does in US English', () => {
    expect(formatLongIsoDay('2026-11-22')).toBe('November 22, 2026');
    expect(formatLongDate(new Date('1977-01-29T23:59:59Z'))).toBe('January 29, 1977');
    for (let time = Date.UTC(1900, 0, 1); time < Date.UTC(2100, 0, 1); time += 86_400_000 * 13 + 3_600_000) {
      const date = new Date(time);
      expect(formatLongDate(date)).toBe(intl.format(date));
    }
  });

  it('refuses an invalid date as Intl does', () => {
    expect(() => formatLongDate(new Date('not a day'))).toThrow(RangeError);
  });
});

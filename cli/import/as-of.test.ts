import { describe, expect, it } from 'vitest';
import { asOfFor, dateInFileName, parseAsOfFlag } from './as-of.ts';

describe('the day a file describes', () => {
  it('reads the date in a portal file name', () => {
    expect(dateInFileName('/data/Company_Census_File_20261102.csv.gz')).toBe('2026-11-02');
    expect(dateInFileName('SMS_Input_-_Inspection_2026-10-31.zip')).toBe('2026-10-31');
    expect(dateInFileName('crash_2026_09_30.csv')).toBe('2026-09-30');
    expect(dateInFileName('census.csv')).toBeNull();
    // Not a real day, or a number that is not a date.
    expect(dateInFileName('census_20261340.csv')).toBeNull();
    expect(dateInFileName('dot_123456789.csv')).toBeNull();
    // The directory does not count.
    expect(dateInFileName('/exports/20250101/census.csv')).toBeNull();
  });

  it('takes the flag first, then the file name, then the import day', () => {
    expect(asOfFor('census_20261102.csv', '2026-11-20', '2026-11-24')).toEqual({
      asOf: '2026-11-20',
      source: '--as-of',
    });
    expect(asOfFor('census_20261102.csv', undefined, '2026-11-24')).toEqual({
      asOf: '2026-11-02',
      source: 'the file name',
    });
    expect(asOfFor('census.csv', undefined, '2026-11-24')).toEqual({
      asOf: '2026-11-24',
      source: 'the import day',
    });
  });

  it('accepts only a real ISO day as --as-of', () => {
    expect(parseAsOfFlag('2026-11-02')).toBe('2026-11-02');
    for (const bad of ['2026-02-30', '20261102', 'yesterday', '']) expect(parseAsOfFlag(bad)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { MAX_DOT_NUMBER } from '../../server/domains/carrier-data/records.ts';
import { DOT_MASK } from '../../server/domains/search/rank-key.ts';
import { RowError } from './errors.ts';
import {
  count,
  county,
  date,
  jurisdiction,
  dotNumber,
  flag,
  normalizeMcNumber,
  requiredDotNumber,
  text,
  upperText,
} from './normalize.ts';

function rowError(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    if (error instanceof RowError) return error.message;
    throw error;
  }
  throw new Error('no RowError');
}

describe('field normalisation', () => {
  it('trims text and makes empty text null', () => {
    expect(text('  ACME  ')).toBe('ACME');
    expect(text('ACME')).toBe('ACME');
    expect(text('')).toBeNull();
    expect(text('   ')).toBeNull();
    expect(upperText(' tx ')).toBe('TX');
  });

  it('reads counts; empty or garbage is null', () => {
    expect(count('18')).toBe(18);
    expect(count(' 007 ')).toBe(7);
    expect(count('')).toBeNull();
    expect(count('abc')).toBeNull();
    expect(count('-3')).toBeNull();
    expect(count('1.5')).toBeNull();
    expect(count('1234567890123456')).toBeNull();
  });

  it('reads DOT numbers unpadded or zero-padded and rejects garbage', () => {
    expect(dotNumber('295017')).toBe(295017);
    expect(dotNumber('00295017')).toBe(295017);
    expect(dotNumber(' ')).toBeNull();
    expect(requiredDotNumber('', '00295017')).toBe(295017);
    expect(rowError(() => requiredDotNumber(''))).toBe('missing DOT number');
    expect(rowError(() => dotNumber('ABC'))).toBe('non-numeric DOT number');
    expect(rowError(() => dotNumber('12.5'))).toBe('non-numeric DOT number');
    expect(rowError(() => dotNumber('-5'))).toBe('negative DOT number');
    expect(rowError(() => dotNumber('0000'))).toBe('DOT number 0');
    expect(rowError(() => dotNumber('1234567890123456'))).toBe('DOT number too long');
    // Past what the store keeps (the rank key's DOT bits): a garbled row, skipped rather than failing
    // the import.
    expect(MAX_DOT_NUMBER).toBe(DOT_MASK);
    expect(dotNumber('33554431')).toBe(33_554_431);
    expect(rowError(() => dotNumber('33554432'))).toBe('DOT number too large');
    expect(rowError(() => dotNumber('99999999999'))).toBe('DOT number too large');
  });

  it('reads the date spellings of the files as ISO days', () => {
    expect(date('20250528')).toBe('2025-05-28');
    expect(date('20241016 2140')).toBe('2024-10-16');
    expect(date('30-JAN-24')).toBe('2024-01-30');
    expect(date('5-feb-99')).toBe('1999-02-05');
    expect(date('01-JAN-00')).toBe('2000-01-01');
    expect(date('31-DEC-69')).toBe('2069-12-31');
    expect(date('01-JAN-70')).toBe('1970-01-01');
    expect(date('15-MAR-2024')).toBe('2024-03-15');
    expect(date('2024-03-15T00:00:00.000')).toBe('2024-03-15');
    expect(date('03/15/2024 12:00:00 AM')).toBe('2024-03-15');
    expect(date('20240229')).toBe('2024-02-29');
    expect(date('29-FEB-00')).toBe('2000-02-29');
    expect(date(' ')).toBeNull();
  });

  it('makes impossible or unreadable dates a row error', () => {
    expect(rowError(() => date('20241340'))).toBe('impossible date 20241340');
    expect(rowError(() => date('31-FEB-24'))).toBe('impossible date 31-FEB-24');
    expect(rowError(() => date('29-FEB-23'))).toBe('impossible date 29-FEB-23');
    expect(rowError(() => date('20230229'))).toBe('impossible date 20230229');
    expect(rowError(() => date('00000000'))).toBe('impossible date 00000000');
    expect(rowError(() => date('31-ABC-24'))).toBe('impossible date 31-ABC-24');
    expect(rowError(() => date('yesterday'))).toBe('unreadable date yesterday');
  });

  it('keeps every jurisdiction code as published, upper case', () => {
    for (const code of ['WA', 'DC', 'PR', 'GU', 'ON', 'QC', 'NL', 'BN', 'TA', 'XX', 'TEX']) {
      expect(jurisdiction(code)).toBe(code);
    }
    expect(jurisdiction(' tx ')).toBe('TX');
    expect(jurisdiction('')).toBeNull();
  });

  it('pads county codes to three digits', () => {
    expect(county('035')).toBe('035');
    expect(county('35')).toBe('035');
    expect(county('7')).toBe('007');
    expect(county('')).toBeNull();
  });

  it('reads Y/N and true/false flags', () => {
    expect(flag('Y')).toBe(true);
    expect(flag('true')).toBe(true);
    expect(flag('N')).toBe(false);
    expect(flag('false')).toBe(false);
    expect(flag('')).toBe(false);
  });

  it('normalises MC numbers to their digits', () => {
    expect(normalizeMcNumber('MC139446')).toBe('139446');
    expect(normalizeMcNumber('MC-424836')).toBe('424836');
    expect(normalizeMcNumber('mc 0012')).toBe('12');
    expect(normalizeMcNumber('MC#77')).toBe('77');
    expect(normalizeMcNumber('139446')).toBe('139446');
    expect(normalizeMcNumber(' 0139446 ')).toBe('139446');
    expect(normalizeMcNumber('FF123')).toBeNull();
    expect(normalizeMcNumber('MX55555')).toBeNull();
    expect(normalizeMcNumber('MC')).toBeNull();
    expect(normalizeMcNumber('000')).toBeNull();
    expect(normalizeMcNumber('')).toBeNull();
    expect(normalizeMcNumber(null)).toBeNull();
  });
});

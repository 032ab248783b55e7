import { describe, expect, it } from 'vitest';
import { csvCell, parseCarrierNumber, readNumberList } from './watchlists.ts';

describe('carrier numbers as people write them', () => {
  it('reads USDOT numbers and MC dockets in their usual spellings', () => {
    expect(parseCarrierNumber('1234567')).toEqual({ kind: 'dot', value: 1_234_567 });
    expect(parseCarrierNumber(' USDOT# 0123 ')).toEqual({ kind: 'dot', value: 123 });
    expect(parseCarrierNumber('DOT-55')).toEqual({ kind: 'dot', value: 55 });
    expect(parseCarrierNumber('mc 0139446')).toEqual({ kind: 'mc', value: 139_446 });
    expect(parseCarrierNumber('"MC-12"')).toEqual({ kind: 'mc', value: 12 });
  });

  it('refuses anything else, zero and numbers too long to be one', () => {
    for (const text of ['', 'hello', '0', 'MC0', 'FF123', '1234567890', '12.5', 'MC 123456789']) {
      expect([text, parseCarrierNumber(text)]).toEqual([text, null]);
    }
  });

  it('keeps the usable lines of a list and reports the others by line, skipping a CSV header', () => {
    expect(readNumberList('dot,name\r\n1001,Alpha\n\nwhat\nMC-7;x\n')).toEqual({
      numbers: [
        { line: 2, number: { kind: 'dot', value: 1001 } },
        { line: 5, number: { kind: 'mc', value: 7 } },
      ],
      problems: [{ line: 4, text: 'what', reason: 'not a DOT or MC number' }],
    });
    // A first line with a digit is a number like any other.
    expect(readNumberList('x1\n2').problems).toEqual([
      { line: 1, text: 'x1', reason: 'not a DOT or MC number' },
    ]);
  });

  it('writes CSV cells a spreadsheet reads as text', () => {
    expect(csvCell('A, B "C"')).toBe('"A, B ""C"""');
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
  });
});

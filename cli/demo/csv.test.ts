import { describe, expect, it } from 'vitest';
import { columnRange, csvField, RowLayout } from './csv.ts';
import { parseCsv } from './test-support.ts';

describe('csvField', () => {
  it('quotes only fields with a comma, a quote or a line break, doubling quotes', () => {
    expect(csvField('ACME TRUCKING LLC')).toBe('ACME TRUCKING LLC');
    expect(csvField('ACME TRUCKING, LLC')).toBe('"ACME TRUCKING, LLC"');
    expect(csvField('BIG "J" HAULING')).toBe('"BIG ""J"" HAULING"');
    expect(csvField('A\nB')).toBe('"A\nB"');
    expect(parseCsv(`${csvField('X, "Y"')},2\n`)).toEqual([['X, "Y"', '2']]);
  });
});

describe('RowLayout', () => {
  const columns = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];

  it('writes filled columns, constants, blocks and empties in column order', () => {
    const layout = new RowLayout(columns, ['B', 'D', 'G'], { blocks: [['D', 'E']], constants: { F: 'N' } });
    layout.clear();
    layout.set(layout.slot.B, 'b');
    layout.set(layout.slot.D, 'd,e');
    layout.set(layout.slot.G, 'g');
    expect(layout.row()).toBe(',b,,d,e,N,g');
  });

  it('clears filled columns and blocks back to empty between rows', () => {
    const layout = new RowLayout(columns, ['A', 'C'], { blocks: [['C', 'E']] });
    layout.set(layout.slot.A, 'a');
    layout.set(layout.slot.C, 'c,d,e');
    layout.clear();
    expect(layout.row()).toBe(',,,,,,');
    expect(layout.row().split(',')).toHaveLength(columns.length);
  });

  it('refuses a column that is not in the file', () => {
    expect(() => new RowLayout(columns, ['Z'])).toThrow('unknown column Z');
  });

  it('takes column ranges by name', () => {
    expect(columnRange(columns, 'B', 'D')).toEqual(['B', 'C', 'D']);
  });
});

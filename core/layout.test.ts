import { describe, expect, it } from 'vitest';
import { layoutRows, normalizeWidth, type LayoutBlock } from './layout.ts';

const block = (id: number, overrides: Partial<LayoutBlock> = {}): LayoutBlock => ({
  id,
  block_type: 'custom',
  block_position: id,
  block_width: 'full',
  is_visible: true,
  start_new_row: false,
  ...overrides,
});

describe('layoutRows', () => {
  it('starts a row at the first block and at each start_new_row, in position order', () => {
    const rows = layoutRows([
      block(3, { start_new_row: true }),
      block(1),
      block(2),
      block(4),
      block(5, { start_new_row: true }),
    ]);
    expect(rows.map((row) => row.map((item) => item.id))).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('leaves out hidden blocks and the picture blocks', () => {
    const rows = layoutRows([
      block(1, { block_type: 'profile_picture' }),
      block(2, { block_type: 'header_picture', start_new_row: true }),
      block(3, { is_visible: false }),
      block(4),
    ]);
    expect(rows.map((row) => row.map((item) => item.id))).toEqual([[4]]);
  });

  it('has no rows without blocks', () => {
    expect(layoutRows([])).toEqual([]);
  });
});

describe('normalizeWidth', () => {
  it.each([
    ['half', 'half'],
    ['two-thirds', 'two-thirds'],
    ['one-third', 'one-third'],
    ['full', 'full'],
    ['quarter', 'full'],
    ['', 'full'],
  ])('%s -> %s', (width, expected) => {
    expect(normalizeWidth(width)).toBe(expected);
  });
});

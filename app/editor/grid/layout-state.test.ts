import { describe, expect, it } from 'vitest';
import { layoutRows } from '../../../core/layout.ts';
import type { ProfileBlock } from '../../blocks/types.ts';
import {
  applySavedLayout,
  gridLayoutFrom,
  layoutSavePlan,
  moveBlock,
  setBlockWidth,
  setRowBreak,
  syncWithProfile,
} from './layout-state.ts';

function block(
  id: number,
  block_type: string,
  position: number,
  extra: Partial<ProfileBlock> = {},
): ProfileBlock {
  return {
    id,
    company_id: 1,
    block_type,
    block_title: `Block ${id}`,
    block_content: '',
    block_position: position,
    block_width: 'full',
    is_visible: true,
    hide_title: false,
    start_new_row: false,
    updated_at: '',
    assets: [],
    ...extra,
  };
}

// About (0), the header picture (1), ratings (2), a hidden block (3), custom (4) starting a new row.
const BLOCKS = [
  block(10, 'about_us', 0, { block_width: 'half' }),
  block(11, 'header_picture', 1),
  block(12, 'ratings', 2, { block_width: 'half' }),
  block(13, 'custom', 3, { is_visible: false }),
  block(14, 'custom', 4, { start_new_row: true, block_width: 'weird' }),
];
const ids = (items: { id: number | string }[]) => items.map((item) => item.id);

describe('grid layout state', () => {
  it('starts from the profile in page order with no unsaved changes; odd widths read as full', () => {
    const state = gridLayoutFrom([...BLOCKS].reverse());
    expect(ids(state.items)).toEqual([10, 11, 12, 13, 14]);
    expect(state.items[4]!.block_width).toBe('full');
    expect(state.unsaved).toBe(false);
    expect(layoutRows(state.items).map(ids)).toEqual([[10, 12], [14]]);
  });

  it('moves a block to the place of another, keeping hidden and picture blocks in a consistent order', () => {
    const moved = moveBlock(gridLayoutFrom(BLOCKS), 14, 10);
    expect(ids(moved.items)).toEqual([14, 10, 11, 12, 13]);
    expect(moved.items.map((item) => item.block_position)).toEqual([0, 1, 2, 3, 4]);
    expect(moved.unsaved).toBe(true);
    expect(layoutRows(moved.items).map(ids)).toEqual([[14, 10, 12]]);

    const back = moveBlock(gridLayoutFrom(BLOCKS), 10, 14);
    expect(ids(back.items)).toEqual([11, 12, 13, 14, 10]);
    expect(layoutRows(back.items).map(ids)).toEqual([[12], [14, 10]]);
  });

  it('ignores a drop on itself or on an unknown block', () => {
    const state = gridLayoutFrom(BLOCKS);
    expect(moveBlock(state, 10, 10)).toBe(state);
    expect(moveBlock(state, 10, 99)).toBe(state);
  });

  it('changes a width and a row break, and either sets the unsaved flag', () => {
    const wider = setBlockWidth(gridLayoutFrom(BLOCKS), 12, 'one-third');
    expect(wider.items.find((item) => item.id === 12)!.block_width).toBe('one-third');
    expect(wider.unsaved).toBe(true);
    const broken = setRowBreak(gridLayoutFrom(BLOCKS), 12, true);
    expect(broken.unsaved).toBe(true);
    expect(layoutRows(broken.items).map(ids)).toEqual([[10], [12], [14]]);
    expect(setRowBreak(gridLayoutFrom(BLOCKS), 99, true).unsaved).toBe(false);
  });

  it('plans the save: every block’s integer position, then only the changed widths and row breaks', () => {
    let state = gridLayoutFrom(BLOCKS);
    state = moveBlock(state, 12, 10);
    state = setBlockWidth(state, 12, 'two-thirds');
    state = setRowBreak(state, 14, false);
    state = setBlockWidth(state, 10, 'half'); // unchanged value: not sent
    expect(layoutSavePlan(state)).toEqual({
      reorder: {
        blocks: [
          { id: 12, position: 0 },
          { id: 10, position: 1 },
          { id: 11, position: 2 },
          { id: 13, position: 3 },
          { id: 14, position: 4 },
        ],
      },
      updates: [
        { id: 12, changes: { block_width: 'two-thirds' } },
        { id: 14, changes: { start_new_row: false } },
      ],
    });
  });

  it('applies a saved layout to the profile’s blocks without touching their other fields', () => {
    const withAsset = BLOCKS.map((b) =>
      b.id === 11
        ? {
            ...b,
            assets: [
              {
                id: 1,
                url: '/media/x.jpg',
                alt_text: 'x',
                type: 'image',
                width: null,
                height: null,
                variants: [],
              },
            ],
          }
        : b,
    );
    const state = setBlockWidth(moveBlock(gridLayoutFrom(withAsset), 14, 10), 14, 'one-third');
    const applied = applySavedLayout(withAsset, state);
    expect(applied.find((b) => b.id === 14)).toMatchObject({ block_position: 0, block_width: 'one-third' });
    expect(applied.find((b) => b.id === 11)!.assets).toHaveLength(1);
    expect(gridLayoutFrom(applied).items).toEqual(state.items);
  });

  describe('following changes from the Content Blocks tab', () => {
    const added = block(15, 'capacity', 5);

    it('takes the new blocks as they are when nothing is unsaved', () => {
      const state = syncWithProfile(gridLayoutFrom(BLOCKS), [...BLOCKS.slice(1), added]);
      expect(ids(state.items)).toEqual([11, 12, 13, 14, 15]);
      expect(state.unsaved).toBe(false);
    });

    it('keeps unsaved moves, widths and row breaks, drops removed blocks and appends new ones', () => {
      let state = moveBlock(gridLayoutFrom(BLOCKS), 14, 10);
      state = setBlockWidth(state, 14, 'one-third');
      const renamed = { ...BLOCKS[0]!, block_title: 'Who we are' };
      state = syncWithProfile(state, [renamed, ...BLOCKS.slice(1, 3), BLOCKS[4]!, added]);
      expect(ids(state.items)).toEqual([14, 10, 11, 12, 15]);
      expect(state.items.map((item) => item.block_position)).toEqual([0, 1, 2, 3, 4]);
      expect(state.items[0]!.block_width).toBe('one-third');
      expect(state.items[1]!.block_title).toBe('Who we are');
      expect(state.unsaved).toBe(true);
      // The plan compares with the server's layout, so only real changes are sent.
      expect(layoutSavePlan(state).updates).toEqual([{ id: 14, changes: { block_width: 'one-third' } }]);
    });
  });
});

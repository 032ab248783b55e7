import { PICTURE_BLOCK_TYPES, type BlockWidth } from './block-types.ts';

/** The fields of a content block that decide where it sits (owner-side section 3, "Block"). */
export interface LayoutBlock {
  id: number | string;
  block_type: string;
  block_position: number;
  block_width: string;
  is_visible: boolean;
  start_new_row: boolean;
}

/** Any width other than the three named ones renders as full (spec). */
export function normalizeWidth(width: string): BlockWidth {
  return width === 'half' || width === 'two-thirds' || width === 'one-third' ? width : 'full';
}

/**
 * The rows of the public page and of the grid editor, one algorithm for both: hidden and picture
 * blocks are left out, the rest sorted by block_position, and a new row starts at the first block
 * and at every block with start_new_row set.
 */
export function layoutRows<T extends LayoutBlock>(blocks: readonly T[]): T[][] {
  const placed = blocks
    .filter((block) => block.is_visible && !PICTURE_BLOCK_TYPES.has(block.block_type))
    .sort((a, b) => a.block_position - b.block_position);
  const rows: T[][] = [];
  for (const block of placed) {
    const current = rows.at(-1);
    if (!current || block.start_new_row) rows.push([block]);
    else current.push(block);
  }
  return rows;
}

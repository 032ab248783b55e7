/** The fields of a content block that decide where it sits (owner-side section 3, "Block"). */
export interface LayoutBlock {
  id: number | string;
  block_type: string;
  block_position: number;
  block_width: string;
  is_visible: boolean;
  start_new_row: boolean;
}

export type BlockWidth = 'full' | 'half' | 'two-thirds' | 'one-third';

/** Picture blocks live in the profile header, never in the rows. */
export const HEADER_BLOCK_TYPES: ReadonlySet<string> = new Set(['profile_picture', 'header_picture']);

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
    .filter((block) => block.is_visible && !HEADER_BLOCK_TYPES.has(block.block_type))
    .sort((a, b) => a.block_position - b.block_position);
  const rows: T[][] = [];
  for (const block of placed) {
    const current = rows.at(-1);
    if (!current || block.start_new_row) rows.push([block]);
    else current.push(block);
  }
  return rows;
}

import {
  BLOCK_TYPE_NAMES,
  BLOCK_TYPES,
  defaultBlockWidth,
  IMAGE_LIMITS,
  isBlockType,
  PICTURE_BLOCK_TYPES,
  type BlockType,
} from '../../core/block-types.ts';
import type { ProfileBlock } from '../blocks/types.ts';

// What the Content Blocks tab may do with each block type (owner-side sections 2.1, 3 and 4). The
// type names, default titles, image limits and default widths are core's table (core/block-types.ts),
// which the API validates with too, so the editor and the API can never disagree.

export { BLOCK_TYPES, IMAGE_LIMITS, isBlockType, PICTURE_BLOCK_TYPES, type BlockType };

/** Blocks that show live FMCSA or rating data: they have nothing to edit (owner-side 2.1). */
export const DATA_BLOCK_TYPES: ReadonlySet<string> = new Set([
  'safety_score',
  'ratings',
  'cargo_carrier',
  'fleet_information',
  'inspection_heatmap',
  'authority_insurance',
  'record_history',
  'connected_carriers',
]);

/** A block type's name for people: its default title, or the raw name of a type this version does not know. */
export function blockTypeLabel(type: string): string {
  return isBlockType(type) ? BLOCK_TYPES[type] : type;
}

/** The types the chooser offers: those not on the profile yet, and custom, which may repeat. */
export function addableBlockTypes(blocks: readonly Pick<ProfileBlock, 'block_type'>[]): BlockType[] {
  const present = new Set(blocks.map((block) => block.block_type));
  return BLOCK_TYPE_NAMES.filter((type) => type === 'custom' || !present.has(type));
}

/** The body of POST /api/v1/content/blocks for a new block: visible, empty, placed last. */
export function newBlockRequest(type: BlockType, companyId: number, position: number) {
  return {
    block_type: type,
    block_title: BLOCK_TYPES[type],
    block_content: '',
    company_id: companyId,
    hide_title: PICTURE_BLOCK_TYPES.has(type),
    block_width: defaultBlockWidth(type),
    start_new_row: false,
    block_position: position,
    is_visible: true,
  };
}

/** The blocks in the order the page and the list show them. */
export function sortedBlocks<T extends Pick<ProfileBlock, 'id' | 'block_position'>>(
  blocks: readonly T[],
): T[] {
  return [...blocks].sort((a, b) => a.block_position - b.block_position || a.id - b.id);
}

/** The position after the last block. */
export function nextBlockPosition(blocks: readonly Pick<ProfileBlock, 'block_position'>[]): number {
  return blocks.reduce((last, block) => Math.max(last, block.block_position + 1), 0);
}

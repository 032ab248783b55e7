import type { BlockWidth } from '../../../core/block-types.ts';
import { normalizeWidth, type LayoutBlock } from '../../../core/layout.ts';
import type { ProfileBlock } from '../../blocks/types.ts';

/** A block as the grid editor holds it: what decides its place, plus what its card shows. */
export interface GridItem extends LayoutBlock {
  id: number;
  block_title: string;
  block_width: BlockWidth;
}

/**
 * The grid editor's working copy. `items` are every block of the company (hidden and picture blocks
 * too) in their order, numbered 0..n-1 once anything moved; `saved` is the layout as the server has
 * it. `unsaved` is the spec's flag: any change sets it, saving clears it.
 */
export interface GridLayoutState {
  items: GridItem[];
  saved: GridItem[];
  unsaved: boolean;
}

export interface LayoutSavePlan {
  /** PUT /content/blocks/reorder: every block of the company, positions as integers. */
  reorder: { blocks: { id: number; position: number }[] };
  /** One partial PUT /content/blocks/{id} per block whose width or row break changed. */
  updates: { id: number; changes: { block_width?: BlockWidth; start_new_row?: boolean } }[];
}

function toItem(block: ProfileBlock): GridItem {
  return {
    id: block.id,
    block_type: block.block_type,
    block_title: block.block_title,
    block_position: block.block_position,
    block_width: normalizeWidth(block.block_width),
    is_visible: block.is_visible,
    start_new_row: block.start_new_row,
  };
}

/** The blocks in page order: by block_position, ties kept in the server's order (as layoutRows does). */
function inPageOrder(blocks: readonly ProfileBlock[]): GridItem[] {
  return blocks.map(toItem).sort((a, b) => a.block_position - b.block_position);
}

const renumbered = (items: GridItem[]) =>
  items.map((item, position) => ({ ...item, block_position: position }));

export function gridLayoutFrom(blocks: readonly ProfileBlock[]): GridLayoutState {
  const items = inPageOrder(blocks);
  return { items, saved: items, unsaved: false };
}

/** Moves a block to the place of another (drag and drop); the blocks between shift by one. */
export function moveBlock(state: GridLayoutState, activeId: number, overId: number): GridLayoutState {
  const from = state.items.findIndex((item) => item.id === activeId);
  const to = state.items.findIndex((item) => item.id === overId);
  if (from < 0 || to < 0 || from === to) return state;
  const items = [...state.items];
  const [moved] = items.splice(from, 1);
  items.splice(to, 0, moved!);
  return { ...state, items: renumbered(items), unsaved: true };
}

function changeItem(state: GridLayoutState, id: number, change: Partial<GridItem>): GridLayoutState {
  if (!state.items.some((item) => item.id === id)) return state;
  return {
    ...state,
    items: state.items.map((item) => (item.id === id ? { ...item, ...change } : item)),
    unsaved: true,
  };
}

export function setBlockWidth(state: GridLayoutState, id: number, width: BlockWidth): GridLayoutState {
  return changeItem(state, id, { block_width: width });
}

export function setRowBreak(state: GridLayoutState, id: number, startNewRow: boolean): GridLayoutState {
  return changeItem(state, id, { start_new_row: startNewRow });
}

/** What saving sends: the whole order, then only the width and row-break changes. */
export function layoutSavePlan(state: GridLayoutState): LayoutSavePlan {
  const saved = new Map(state.saved.map((item) => [item.id, item]));
  const updates: LayoutSavePlan['updates'] = [];
  for (const item of state.items) {
    const before = saved.get(item.id);
    const changes: LayoutSavePlan['updates'][number]['changes'] = {};
    if (before?.block_width !== item.block_width) changes.block_width = item.block_width;
    if (before?.start_new_row !== item.start_new_row) changes.start_new_row = item.start_new_row;
    if (Object.keys(changes).length > 0) updates.push({ id: item.id, changes });
  }
  return {
    reorder: { blocks: state.items.map((item, position) => ({ id: item.id, position })) },
    updates,
  };
}

/** The profile's blocks with a saved layout applied (their other fields, such as assets, untouched). */
export function applySavedLayout(blocks: readonly ProfileBlock[], state: GridLayoutState): ProfileBlock[] {
  const layout = new Map(
    state.items.map((item, position) => [item.id, { ...item, block_position: position }]),
  );
  return blocks.map((block) => {
    const item = layout.get(block.id);
    return item
      ? {
          ...block,
          block_position: item.block_position,
          block_width: item.block_width,
          start_new_row: item.start_new_row,
        }
      : block;
  });
}

/**
 * Follows the profile's blocks when another tab adds, removes, renames, hides or shows one. Without
 * unsaved changes the editor simply takes the new blocks. With them, the local order, widths and row
 * breaks are kept for the blocks that remain, removed blocks drop out, new blocks join at the end in
 * the server's order, and the other fields come from the server; the change stays unsaved.
 */
export function syncWithProfile(state: GridLayoutState, blocks: readonly ProfileBlock[]): GridLayoutState {
  if (!state.unsaved) return gridLayoutFrom(blocks);
  const fresh = new Map(inPageOrder(blocks).map((item) => [item.id, item]));
  const kept = state.items.flatMap((item) => {
    const latest = fresh.get(item.id);
    return latest ? [{ ...latest, block_width: item.block_width, start_new_row: item.start_new_row }] : [];
  });
  const keptIds = new Set(kept.map((item) => item.id));
  const added = [...fresh.values()].filter((item) => !keptIds.has(item.id));
  return { items: renumbered([...kept, ...added]), saved: inPageOrder(blocks), unsaved: true };
}

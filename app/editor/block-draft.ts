import type { BlockAsset, ProfileBlock } from '../blocks/types.ts';

// An edit of one block before 'Save Changes' (owner-side section 4): images chosen in the form are
// temporary (a blob: URL and the file, client only) until the save uploads them.

export type DraftAsset = BlockAsset & { isTemp?: boolean; file?: File };

export interface BlockDraft {
  title: string;
  content: string;
  hideTitle: boolean;
  assets: DraftAsset[];
  /** Stored pictures replaced or removed in the form: deleted on save, after the new one is uploaded. */
  removedAssetIds: number[];
}

export function draftOf(block: ProfileBlock): BlockDraft {
  return {
    title: block.block_title,
    content: block.block_content,
    hideTitle: block.hide_title,
    assets: block.assets,
    removedAssetIds: [],
  };
}

/** The PUT body: only the fields the owner changed (spec: a block update sends only the changes). */
export function changedBlockFields(block: ProfileBlock, draft: BlockDraft) {
  return {
    ...(draft.title !== block.block_title ? { block_title: draft.title } : {}),
    ...(draft.content !== block.block_content ? { block_content: draft.content } : {}),
    ...(draft.hideTitle !== block.hide_title ? { hide_title: draft.hideTitle } : {}),
  };
}

/**
 * The block as the live preview shows it. Custom HTML is previewed as saved: the server sanitises it
 * on save, and unsanitised markup must never reach the page.
 */
export function previewOf(block: ProfileBlock, draft: BlockDraft): ProfileBlock {
  return {
    ...block,
    block_title: draft.title,
    block_content: block.block_type === 'custom' ? block.block_content : draft.content,
    hide_title: draft.hideTitle,
    assets: draft.assets,
  };
}

let lastTempId = 0;

/** A chosen file as a temporary asset; negative ids never collide with stored ones. */
export function tempAsset(file: File, altText: string): DraftAsset {
  lastTempId -= 1;
  return {
    id: lastTempId,
    url: URL.createObjectURL(file),
    alt_text: altText,
    type: 'image',
    // Its size and copies are made by the server when it is uploaded.
    width: null,
    height: null,
    variants: [],
    isTemp: true,
    file,
  };
}

/** 'Reefer trailer' from 'reefer-trailer.jpg': a starting point for the alt text. */
export function altTextFromFileName(name: string): string {
  const base = name
    .replace(/\.[^.]+$/, '')
    .replace(/[-_]+/g, ' ')
    .trim();
  return base ? base.charAt(0).toUpperCase() + base.slice(1) : '';
}

import { useId, useRef, useState } from 'react';
import type { ProfileBlock } from '../blocks/types';
import { apiRequest } from '../lib/api-client';
import { blockFailureText } from './block-failure';
import {
  addableBlockTypes,
  BLOCK_TYPES,
  newBlockRequest,
  nextBlockPosition,
  type BlockType,
} from './block-catalog';
import type { ProfileEditorContext } from './editor-context';

/** 'Add Block': a chooser of the types the profile does not have yet (custom always). */
export function AddBlockMenu({ editor }: { editor: ProfileEditorContext }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const menuId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const { blocks, company } = editor.profile;

  async function add(type: BlockType) {
    setBusy(true);
    try {
      const created = await apiRequest<ProfileBlock>('/api/v1/content/blocks', {
        method: 'POST',
        body: JSON.stringify(newBlockRequest(type, company.id, nextBlockPosition(blocks))),
      });
      editor.updateBlocks((current) => [...current, created]);
      editor.notify({ kind: 'success', text: 'New block added successfully!' });
      setOpen(false);
      // The chosen option is gone with the closed chooser; keyboard users continue from its button.
      toggle.current?.focus();
    } catch (error) {
      // A refusal the owner can act on (the custom block limit, the profile's content limit) says why.
      editor.notify({ kind: 'error', text: blockFailureText(error, 'Failed to add new block') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="add-block">
      <button
        ref={toggle}
        type="button"
        className="button button--primary"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        Add Block
      </button>
      <div id={menuId} hidden={!open} className="add-block__chooser card">
        <h3>Choose a block type</h3>
        <ul className="add-block__types">
          {addableBlockTypes(blocks).map((type) => (
            <li key={type}>
              <button
                type="button"
                className="button button--secondary"
                disabled={busy}
                onClick={() => void add(type)}
              >
                {BLOCK_TYPES[type]}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

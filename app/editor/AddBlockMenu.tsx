import { useId, useRef, useState } from 'react';
import { blockFailureText } from './block-failure.ts';
import { addableBlockTypes, BLOCK_TYPES, nextBlockPosition, type BlockType } from './block-catalog.ts';
import { useEditorAction } from './editor-actions.ts';
import type { ProfileEditorContext } from './editor-context.ts';

/** 'Add Block': a chooser of the types the profile does not have yet (custom always). */
export function AddBlockMenu({ editor }: { editor: ProfileEditorContext }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const { blocks, company } = editor.profile;
  const action = useEditorAction((result) => {
    if (result.change.intent !== 'add-block') return;
    if (!result.ok) {
      // A refusal the owner can act on (the custom block limit, the profile's content limit) says why.
      editor.notify({ kind: 'error', text: blockFailureText(result.error, 'Failed to add new block') });
      return;
    }
    editor.notify({ kind: 'success', text: 'New block added successfully!' });
    setOpen(false);
    // The chosen option is gone with the closed chooser; keyboard users continue from its button.
    toggle.current?.focus();
  });

  function add(type: BlockType) {
    void action.submit({
      intent: 'add-block',
      blockType: type,
      companyId: company.id,
      position: nextBlockPosition(blocks),
    });
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
                disabled={action.busy}
                onClick={() => add(type)}
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

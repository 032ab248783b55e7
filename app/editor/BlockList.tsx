import { useState } from 'react';
import type { CarrierPanels, ProfileBlock } from '../blocks/types.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { blockTypeLabel, DATA_BLOCK_TYPES, sortedBlocks } from './block-catalog.ts';
import { BlockEditForm } from './BlockEditForm.tsx';
import { BlockPreview } from './BlockPreview.tsx';
import { useEditorAction } from './editor-actions.ts';
import type { ProfileEditorContext } from './editor-context.ts';

export const REAL_TIME_DATA_MESSAGE =
  'This block displays real-time data from FMCSA records and your ratings, so it cannot be edited. It stays current on its own.';

/**
 * Every block of the profile, hidden ones included, in page order: type, title, visibility and a
 * preview, with edit, hide/show and delete (after confirmation).
 */
export function BlockList({ editor, panels }: { editor: ProfileEditorContext; panels: CarrierPanels }) {
  const [editingId, setEditingId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<ProfileBlock | null>(null);
  const blocks = sortedBlocks(editor.profile.blocks);
  const action = useEditorAction((result) => {
    const { change } = result;
    if (change.intent === 'set-visibility') {
      editor.notify(
        result.ok
          ? { kind: 'success', text: 'Block hidden/shown successfully!' }
          : { kind: 'error', text: 'Failed to update block visibility' },
      );
    }
    if (change.intent === 'delete-block') {
      if (result.ok && editingId === change.blockId) setEditingId(null);
      editor.notify(
        result.ok
          ? { kind: 'success', text: 'Block deleted successfully!' }
          : { kind: 'error', text: 'Failed to delete block' },
      );
    }
  });

  function remove(block: ProfileBlock) {
    setDeleting(null);
    void action.submit({ intent: 'delete-block', blockId: block.id });
  }

  if (blocks.length === 0) {
    return <p className="muted">This profile has no content blocks yet. Add your first block above.</p>;
  }
  return (
    <>
      <ol className="block-list">
        {blocks.map((block) => {
          const isData = DATA_BLOCK_TYPES.has(block.block_type);
          const editing = editingId === block.id;
          return (
            <li
              key={block.id}
              className={`block-list__item card ${block.is_visible ? '' : 'block-list__item--hidden'}`}
            >
              <div className="block-list__header">
                <div>
                  <h3>{block.block_title}</h3>
                  <p className="block-list__meta">
                    <span>Type: {blockTypeLabel(block.block_type)}</span>
                    <span className={`badge ${block.is_visible ? 'badge--active' : 'badge--muted'}`}>
                      {block.is_visible ? 'Visible' : 'Hidden'}
                    </span>
                  </p>
                </div>
                <div className="button-row">
                  {isData || editing ? null : (
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      onClick={() => setEditingId(block.id)}
                    >
                      Edit<span className="visually-hidden"> {block.block_title}</span>
                    </button>
                  )}
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    onClick={() =>
                      void action.submit({
                        intent: 'set-visibility',
                        blockId: block.id,
                        visible: !block.is_visible,
                      })
                    }
                  >
                    {block.is_visible ? 'Hide' : 'Show'}
                    <span className="visually-hidden"> {block.block_title}</span>
                  </button>
                  <button
                    type="button"
                    className="button button--danger button--small"
                    onClick={() => setDeleting(block)}
                  >
                    Delete<span className="visually-hidden"> {block.block_title}</span>
                  </button>
                </div>
              </div>
              {isData ? (
                <p className="alert alert--info" role="note">
                  {REAL_TIME_DATA_MESSAGE}
                </p>
              ) : null}
              {editing ? (
                <BlockEditForm
                  block={block}
                  editor={editor}
                  panels={panels}
                  onClose={() => setEditingId(null)}
                />
              ) : (
                <BlockPreview block={block} panels={panels} />
              )}
            </li>
          );
        })}
      </ol>
      {deleting ? (
        <ConfirmDialog
          danger
          title="Delete this block?"
          message={`"${deleting.block_title}" and its images are removed from your profile. This cannot be undone.`}
          confirmLabel="Delete block"
          onConfirm={() => remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </>
  );
}

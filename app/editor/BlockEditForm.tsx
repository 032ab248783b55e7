import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { BlockAsset, CarrierPanels, ProfileBlock } from '../blocks/types.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { api } from '../lib/api-client.ts';
import { AboutUsTemplatePicker } from './AboutUsTemplatePicker.tsx';
import { blockFailureText } from './block-failure.ts';
import { IMAGE_LIMITS, PICTURE_BLOCK_TYPES } from './block-catalog.ts';
import { changedBlockFields, draftOf, previewOf, type BlockDraft, type DraftAsset } from './block-draft.ts';
import { BlockPreview } from './BlockPreview.tsx';
import { pictureKindOf } from './crop-geometry.ts';
import type { ProfileEditorContext } from './editor-context.ts';
import { ImageUploader } from './ImageUploader.tsx';
import { PictureEditor } from './PictureEditor.tsx';

const UPLOAD_FAILED = 'Failed to upload file. Please try again.';
const DELETE_FILE_FAILED = 'Failed to delete file. Please try again.';

/** POST /api/v1/content/blocks/{id}/media: the file and its alt text, answered by the stored asset. */
async function uploadAsset(blockId: number, asset: DraftAsset & { file: File }): Promise<BlockAsset> {
  const form = new FormData();
  form.append('alt_text', asset.alt_text);
  form.append('file', asset.file);
  const stored = await api.media.upload({ params: { id: blockId }, form });
  return {
    id: stored.id,
    url: stored.url || stored.asset_url,
    alt_text: stored.alt_text,
    type: stored.type,
    width: stored.width,
    height: stored.height,
    variants: stored.variants,
  };
}

function deleteAsset(assetId: number): Promise<void> {
  return api.media.remove({ params: { id: assetId } });
}

function revokeTemporary(assets: DraftAsset[]) {
  for (const asset of assets) if (asset.isTemp) URL.revokeObjectURL(asset.url);
}

type Question = { kind: 'delete-image'; asset: DraftAsset } | { kind: 'remove-picture' };

/**
 * Edits one block: title, title visibility, content and images, with a live preview. 'Save Changes'
 * deletes replaced pictures, uploads the temporary images, then sends only the changed fields.
 */
export function BlockEditForm({
  block,
  editor,
  panels,
  onClose,
}: {
  block: ProfileBlock;
  editor: ProfileEditorContext;
  panels: CarrierPanels;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<BlockDraft>(() => draftOf(block));
  const [saving, setSaving] = useState(false);
  const [question, setQuestion] = useState<Question | null>(null);
  const latest = useRef(draft);
  latest.current = draft;
  const ids = {
    title: useId(),
    showTitle: useId(),
    content: useId(),
    contentHelp: useId(),
    heading: useId(),
  };
  const type = block.block_type;
  const pictureKind = pictureKindOf(type);
  const { phy_city: city, phy_state: state } = editor.profile.carrier_data;

  // Temporary previews die with the form.
  useEffect(() => () => revokeTemporary(latest.current.assets), []);

  const update = (changes: Partial<BlockDraft>) => setDraft((current) => ({ ...current, ...changes }));

  /** A new cropped picture replaces the old one; a stored one is deleted on save. */
  function replacePicture(asset: DraftAsset) {
    revokeTemporary(draft.assets);
    update({
      assets: [asset],
      removedAssetIds: [
        ...draft.removedAssetIds,
        ...draft.assets.filter((item) => !item.isTemp).map((item) => item.id),
      ],
    });
  }

  function removePicture() {
    const stored = draft.assets.filter((item) => !item.isTemp).map((item) => item.id);
    revokeTemporary(draft.assets);
    update({ assets: [], removedAssetIds: [...draft.removedAssetIds, ...stored] });
  }

  async function deleteStoredImage(asset: DraftAsset) {
    try {
      await deleteAsset(asset.id);
    } catch {
      editor.notify({ kind: 'error', text: DELETE_FILE_FAILED });
      return;
    }
    setDraft((current) => ({ ...current, assets: current.assets.filter((item) => item.id !== asset.id) }));
    editor.updateBlocks((blocks) =>
      blocks.map((item) =>
        item.id === block.id
          ? { ...item, assets: item.assets.filter((stored) => stored.id !== asset.id) }
          : item,
      ),
    );
  }

  function answer() {
    if (question?.kind === 'delete-image') void deleteStoredImage(question.asset);
    if (question?.kind === 'remove-picture') removePicture();
    setQuestion(null);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      // Replaced or removed pictures go first: the media API holds a picture block to one image,
      // so the new one is refused while the old one is stored. A failed upload after that leaves
      // the crop in the form for another try.
      for (const assetId of draft.removedAssetIds) {
        try {
          await deleteAsset(assetId);
        } catch {
          editor.notify({ kind: 'error', text: DELETE_FILE_FAILED });
          return;
        }
        setDraft((current) => ({
          ...current,
          removedAssetIds: current.removedAssetIds.filter((id) => id !== assetId),
        }));
      }
      // Each upload is written back into the draft at once, so a retry after a later failure does
      // not upload the same file twice.
      for (const asset of draft.assets) {
        if (!asset.isTemp || !asset.file) continue;
        let stored: BlockAsset;
        try {
          stored = await uploadAsset(block.id, { ...asset, file: asset.file });
        } catch {
          editor.notify({ kind: 'error', text: UPLOAD_FAILED });
          // A replaced picture is already gone: the list must not keep showing it.
          if (draft.removedAssetIds.length > 0) await editor.reload();
          return;
        }
        URL.revokeObjectURL(asset.url);
        setDraft((current) => ({
          ...current,
          assets: current.assets.map((item) => (item.id === asset.id ? stored : item)),
        }));
      }
      const changes = changedBlockFields(block, draft);
      try {
        if (Object.keys(changes).length > 0) {
          await api.blocks.update({ params: { id: block.id }, body: changes });
        }
      } catch (error) {
        // Content over a limit says which one; trying again would not help.
        editor.notify({
          kind: 'error',
          text: blockFailureText(
            error,
            'Failed to update block',
            'Failed to update block. Please try again.',
          ),
        });
        return;
      }
      // The profile is read again: it carries the stored images and the sanitised content.
      await editor.reload();
      editor.notify({ kind: 'success', text: 'Block updated successfully!' });
      onClose();
    } finally {
      setSaving(false);
    }
  }

  function cancel() {
    revokeTemporary(draft.assets);
    onClose();
  }

  return (
    <form className="block-edit" onSubmit={(event) => void save(event)} aria-labelledby={ids.heading}>
      <h4 id={ids.heading}>Edit {block.block_title}</h4>
      <div className="block-edit__columns">
        <div className="block-edit__fields">
          <div className="form-field">
            <label htmlFor={ids.title}>Block title</label>
            <input
              id={ids.title}
              value={draft.title}
              maxLength={200}
              onChange={(event) => update({ title: event.target.value })}
            />
          </div>
          {PICTURE_BLOCK_TYPES.has(type) ? null : (
            <div className="form-field form-field--inline">
              <input
                id={ids.showTitle}
                type="checkbox"
                checked={!draft.hideTitle}
                onChange={(event) => update({ hideTitle: !event.target.checked })}
              />
              <label htmlFor={ids.showTitle}>Show the title on the profile</label>
            </div>
          )}
          {type === 'about_us' ? (
            <>
              <AboutUsTemplatePicker
                city={city}
                state={state}
                onChoose={(text) => update({ content: text })}
              />
              <div className="form-field">
                <label htmlFor={ids.content}>About text</label>
                <textarea
                  id={ids.content}
                  rows={8}
                  value={draft.content}
                  onChange={(event) => update({ content: event.target.value })}
                />
              </div>
            </>
          ) : null}
          {type === 'custom' ? (
            <div className="form-field">
              <label htmlFor={ids.content}>HTML content</label>
              <textarea
                id={ids.content}
                rows={10}
                className="code"
                aria-describedby={ids.contentHelp}
                value={draft.content}
                onChange={(event) => update({ content: event.target.value })}
              />
              <p id={ids.contentHelp} className="muted">
                Basic HTML is allowed: paragraphs, headings, lists, links, bold and italic. Scripts, styles
                and frames are removed when you save; the preview shows the saved result. A block holds up to
                100 KB.
              </p>
            </div>
          ) : null}
          {type === 'equipment_pictures' ? (
            <ImageUploader
              assets={draft.assets}
              limit={IMAGE_LIMITS.equipment_pictures ?? 0}
              onChange={(assets) => update({ assets })}
              onDeleteStored={(asset) => setQuestion({ kind: 'delete-image', asset })}
            />
          ) : null}
          {pictureKind ? (
            <PictureEditor
              kind={pictureKind}
              asset={draft.assets[0]}
              onReplace={replacePicture}
              onRemove={() =>
                draft.assets.some((item) => !item.isTemp)
                  ? setQuestion({ kind: 'remove-picture' })
                  : removePicture()
              }
            />
          ) : null}
          {type === 'capacity' ? (
            <p className="muted">
              The entries of this block are managed in the Capacity Board section below.
            </p>
          ) : null}
          <div className="button-row">
            <button type="submit" className="button button--primary" disabled={saving}>
              {saving ? 'Saving...' : 'Save Changes'}
            </button>
            <button type="button" className="button button--secondary" onClick={cancel} disabled={saving}>
              Cancel
            </button>
          </div>
        </div>
        <div className="block-edit__preview">
          <h5>Preview</h5>
          <BlockPreview block={previewOf(block, draft)} panels={panels} />
        </div>
      </div>
      {question ? (
        <ConfirmDialog
          danger
          title={question.kind === 'delete-image' ? 'Delete this image?' : `Remove the picture?`}
          message={
            question.kind === 'delete-image'
              ? `The image "${question.asset.alt_text || 'without alt text'}" is deleted from your profile now.`
              : 'The saved picture is deleted when you save the block.'
          }
          confirmLabel={question.kind === 'delete-image' ? 'Delete image' : 'Remove picture'}
          onConfirm={answer}
          onCancel={() => setQuestion(null)}
        />
      ) : null}
    </form>
  );
}

import { useCallback, useEffect, useState } from 'react';
import { api } from '../../lib/api-client.ts';
import type { ProfileEditorContext } from '../editor-context.ts';
import {
  applySavedLayout,
  gridLayoutFrom,
  layoutSavePlan,
  syncWithProfile,
  type GridLayoutState,
} from './layout-state.ts';

/**
 * The grid editor's state, kept in step with the profile's blocks, and its save: the reorder of every
 * block, then one partial update per block whose width or row break changed (owner-side section 4).
 */
export function useGridLayout(editor: ProfileEditorContext) {
  const { profile, updateBlocks, notify, reportUnsaved } = editor;
  const [state, setState] = useState<GridLayoutState>(() => gridLayoutFrom(profile.blocks));
  const [saving, setSaving] = useState(false);

  useEffect(() => setState((current) => syncWithProfile(current, profile.blocks)), [profile.blocks]);
  useEffect(() => reportUnsaved('grid-layout', state.unsaved), [reportUnsaved, state.unsaved]);
  useEffect(() => () => reportUnsaved('grid-layout', false), [reportUnsaved]);

  const save = useCallback(async () => {
    const snapshot = state;
    const plan = layoutSavePlan(snapshot);
    setSaving(true);
    try {
      await api.blocks.reorder({ body: plan.reorder });
      await Promise.all(
        plan.updates.map(({ id, changes }) => api.blocks.update({ params: { id }, body: changes })),
      );
      // A change made while the save was under way stays unsaved.
      setState((current) =>
        current === snapshot
          ? { ...current, saved: current.items, unsaved: false }
          : { ...current, saved: snapshot.items },
      );
      updateBlocks((blocks) => applySavedLayout(blocks, snapshot));
      notify({ kind: 'success', text: 'Layout saved successfully!' });
    } catch {
      notify({ kind: 'error', text: 'Failed to save layout changes' });
    } finally {
      setSaving(false);
    }
  }, [state, updateBlocks, notify]);

  return { state, setState, saving, save };
}

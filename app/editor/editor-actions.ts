// First: zod's browser setting, before this module builds its schema.
import '../lib/zod-browser.ts';
import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import { z } from 'zod';
import { BLOCK_TYPE_NAMES } from '../../core/block-types.ts';
import { api } from '../lib/api-client.ts';
import { newBlockRequest } from './block-catalog.ts';

const id = z.number().int();

/**
 * The editor's changes that go through the route's clientAction (app/routes/owner/profile-edit.tsx).
 * They travel as JSON in a Request, so the action reads them back through this schema. After each
 * one React Router revalidates the route: the profile, the capacity list and the previews are read
 * again, so no component refetches by hand.
 */
export const EditorIntent = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('add-block'),
    blockType: z.enum(BLOCK_TYPE_NAMES),
    companyId: id,
    position: id,
  }),
  z.object({ intent: z.literal('set-visibility'), blockId: id, visible: z.boolean() }),
  z.object({ intent: z.literal('delete-block'), blockId: id }),
  z.object({
    intent: z.literal('save-capacity'),
    entryId: id.nullable(),
    entry: z.object({ date: z.string(), trailer: z.string(), origin: z.string(), destination: z.string() }),
  }),
  z.object({ intent: z.literal('delete-capacity'), entryId: id }),
]);
export type EditorIntent = z.infer<typeof EditorIntent>;

/** What the action answers: the change it made, and the API's refusal when there was one. */
export type EditorActionResult =
  { change: EditorIntent; ok: true } | { change: EditorIntent; ok: false; error: unknown };

/** The API calls of one change. */
async function perform(change: EditorIntent): Promise<void> {
  switch (change.intent) {
    case 'add-block':
      await api.blocks.create({ body: newBlockRequest(change.blockType, change.companyId, change.position) });
      return;
    case 'set-visibility':
      await api.blocks.update({ params: { id: change.blockId }, body: { is_visible: change.visible } });
      return;
    case 'delete-block':
      // The server numbers the remaining blocks from 0 again; the revalidation reads them back.
      await api.blocks.remove({ params: { id: change.blockId } });
      return;
    case 'save-capacity':
      await (change.entryId === null
        ? api.capacity.create({ body: change.entry })
        : api.capacity.update({ params: { id: change.entryId }, body: change.entry }));
      return;
    case 'delete-capacity':
      await api.capacity.remove({ params: { id: change.entryId } });
      return;
  }
}

/** The route's clientAction: one change, answered with its outcome (a refusal is data, not a thrown error). */
export async function runEditorAction(request: Request): Promise<EditorActionResult> {
  const change = EditorIntent.parse(await request.json());
  try {
    await perform(change);
    return { change, ok: true };
  } catch (error) {
    return { change, ok: false, error };
  }
}

/**
 * Submits changes to the editor route's action. `onDone` runs once per submission, after the
 * revalidation, so a notice appears together with the data it speaks about.
 */
export function useEditorAction(onDone: (result: EditorActionResult) => void) {
  const fetcher = useFetcher<EditorActionResult>();
  const latestOnDone = useRef(onDone);
  latestOnDone.current = onDone;
  const { state, data } = fetcher;
  useEffect(() => {
    if (state === 'idle' && data) latestOnDone.current(data);
  }, [state, data]);
  return {
    busy: state !== 'idle',
    submit: (change: EditorIntent) => fetcher.submit(change, { method: 'post', encType: 'application/json' }),
  };
}

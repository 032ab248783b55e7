import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useMemo } from 'react';
import { BlockGrid } from '../blocks/BlockGrid.tsx';
import { layoutRows } from '../../core/layout.ts';
import type { ProfileEditorContext } from './editor-context.ts';
import { dragAnnouncements, DRAG_INSTRUCTIONS } from './grid/announcements.ts';
import { HeaderPictures } from './grid/HeaderPictures.tsx';
import { moveBlock, setBlockWidth, setRowBreak } from './grid/layout-state.ts';
import { SortableBlockCard } from './grid/SortableBlockCard.tsx';
import { useGridLayout } from './grid/use-grid-layout.ts';

/**
 * The Grid Layout tab (owner-side section 2.1): the visible blocks in the rows of the public page
 * (the same BlockGrid and row algorithm), reordered by drag and drop with mouse, touch or keyboard,
 * with a width and a row break per block, saved together with 'Save Layout'.
 */
export function GridLayoutTab({ editor }: { editor: ProfileEditorContext }) {
  const { state, setState, saving, save } = useGridLayout(editor);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    // A short press starts a drag on touch screens, so a swipe still scrolls the page.
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const placed = useMemo(() => layoutRows(state.items).flat(), [state.items]);
  const order = useMemo(() => placed.map((item) => item.id), [placed]);
  const hidden = state.items.filter((item) => !item.is_visible);
  const announcements = useMemo(() => {
    const titles = new Map<UniqueIdentifier, string>(placed.map((item) => [item.id, item.block_title]));
    return dragAnnouncements((id) => titles.get(id) ?? 'The block', order);
  }, [placed, order]);

  function onDragEnd({ active, over }: DragEndEvent) {
    if (over) setState((current) => moveBlock(current, Number(active.id), Number(over.id)));
  }

  return (
    <div className="grid-editor">
      <p className="muted">
        Drag blocks by their handle to reorder them (or focus the handle and use Space and the arrow keys),
        choose each block’s width, and start new rows. The rows here are the rows of your public profile; on
        small screens blocks stack in one column.
      </p>
      <HeaderPictures blocks={editor.profile.blocks} />
      {placed.length === 0 ? (
        <p className="empty-state">
          No visible blocks to arrange. Add or show blocks in the Content Blocks tab.
        </p>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ announcements, screenReaderInstructions: DRAG_INSTRUCTIONS }}
        >
          <SortableContext items={order} strategy={rectSortingStrategy}>
            <BlockGrid
              className="grid-editor__rows"
              blocks={state.items}
              renderBlock={(item) => (
                <SortableBlockCard
                  item={item}
                  onWidthChange={(width) => setState((current) => setBlockWidth(current, item.id, width))}
                  onRowBreakChange={(startNewRow) =>
                    setState((current) => setRowBreak(current, item.id, startNewRow))
                  }
                />
              )}
            />
          </SortableContext>
        </DndContext>
      )}
      {hidden.length > 0 ? (
        <p className="muted">
          Hidden blocks are not on the page and keep their place:{' '}
          {hidden.map((item) => item.block_title).join(', ')}.
        </p>
      ) : null}
      <div className="grid-editor__actions">
        <p className="grid-editor__unsaved" aria-live="polite">
          {state.unsaved ? 'You have unsaved changes' : ''}
        </p>
        <button
          type="button"
          className="button button--primary"
          disabled={!state.unsaved || saving}
          onClick={() => void save()}
        >
          {saving ? 'Saving...' : state.unsaved ? 'Save Layout' : 'No Changes'}
        </button>
      </div>
    </div>
  );
}

import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from '@dnd-kit/core';

export const DRAG_INSTRUCTIONS: ScreenReaderInstructions = {
  draggable:
    'To move a block, press Space or Enter to pick it up, use the arrow keys to move it, then press Space or Enter to drop it, or Escape to cancel.',
};

/** What screen readers hear while a block is dragged: block titles and places, not internal ids. */
export function dragAnnouncements(
  titleOf: (id: UniqueIdentifier) => string,
  order: readonly UniqueIdentifier[],
): Announcements {
  const place = (id: UniqueIdentifier) => `place ${order.indexOf(id) + 1} of ${order.length}`;
  return {
    onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}, at ${place(active.id)}.`,
    // Over itself is where every drag starts: the pick-up message says that already.
    onDragOver: ({ active, over }) =>
      over?.id === active.id
        ? undefined
        : over
          ? `${titleOf(active.id)} is over ${titleOf(over.id)}, ${place(over.id)}.`
          : `${titleOf(active.id)} is no longer over a place.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${titleOf(active.id)} was dropped at ${place(over.id)}. Save Layout to keep it.`
        : `${titleOf(active.id)} was dropped where it was.`,
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled; it is back in its place.`,
  };
}

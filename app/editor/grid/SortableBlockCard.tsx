import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useId } from 'react';
import { BLOCK_WIDTHS, BLOCK_WIDTH_LABELS, type BlockWidth } from '../../../core/block-types.ts';
import type { GridItem } from './layout-state.ts';

/** The spec's four widths (owner-side section 2.1), as the select offers them. */
const WIDTH_OPTIONS = BLOCK_WIDTHS.map((value) => ({ value, label: BLOCK_WIDTH_LABELS[value] }));

interface SortableBlockCardProps {
  item: GridItem;
  onWidthChange: (width: BlockWidth) => void;
  onRowBreakChange: (startNewRow: boolean) => void;
}

/**
 * One block in the grid editor. Only the handle starts a drag (mouse, touch, or Space/Enter from the
 * keyboard), so the width select and the row-break box stay ordinary form controls.
 */
export function SortableBlockCard({ item, onWidthChange, onRowBreakChange }: SortableBlockCardProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: item.id });
  const titleId = useId();
  const widthId = useId();
  return (
    <div
      ref={setNodeRef}
      role="group"
      aria-labelledby={titleId}
      className={`grid-card${isDragging ? ' grid-card--dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-block-id={item.id}
    >
      <div className="grid-card__bar">
        <button
          ref={setActivatorNodeRef}
          type="button"
          className="grid-card__handle"
          aria-label={`Move ${item.block_title}`}
          {...attributes}
          {...listeners}
        >
          <span aria-hidden="true">⠿</span>
        </button>
        <h3 id={titleId} className="grid-card__title">
          {item.block_title}
        </h3>
      </div>
      <div className="grid-card__controls">
        <label htmlFor={widthId}>Width</label>
        <select
          id={widthId}
          value={item.block_width}
          onChange={(event) => {
            const width = WIDTH_OPTIONS.find((option) => option.value === event.target.value);
            if (width) onWidthChange(width.value);
          }}
        >
          {WIDTH_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={item.start_new_row}
            onChange={(event) => onRowBreakChange(event.target.checked)}
          />
          Start new row
        </label>
      </div>
    </div>
  );
}

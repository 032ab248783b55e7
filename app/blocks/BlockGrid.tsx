import type { ReactNode } from 'react';
import { layoutRows, normalizeWidth, type LayoutBlock } from '../../core/layout.ts';

interface BlockGridProps<T extends LayoutBlock> {
  blocks: readonly T[];
  renderBlock: (block: T) => ReactNode;
  className?: string;
}

/**
 * Blocks in rows on the grid (widths full, half, two-thirds, one-third; stacked on small screens).
 * Used by the public profile, the grid editor and the landing page demo.
 */
export function BlockGrid<T extends LayoutBlock>({ blocks, renderBlock, className }: BlockGridProps<T>) {
  return (
    <div className={`block-grid ${className ?? ''}`.trim()}>
      {layoutRows(blocks).map((row) => (
        <div key={row[0]?.id} className="block-row">
          {row.map((block) => (
            <div key={block.id} className={`block-cell block-cell--${normalizeWidth(block.block_width)}`}>
              {renderBlock(block)}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

import { useEffect, useState } from 'react';
import { BlockGrid } from '../blocks/BlockGrid.tsx';
import type { LayoutBlock } from '../../core/layout.ts';

interface DemoBlock extends LayoutBlock {
  title: string;
}

const block = (id: number, title: string, block_width: string, start_new_row = false): DemoBlock => ({
  id,
  title,
  block_type: 'custom',
  block_position: id,
  block_width,
  is_visible: true,
  start_new_row,
});

/** Four example profile layouts the landing page cycles through (spec: 4 layouts, 3000 ms each). */
export const DEMO_LAYOUTS: DemoBlock[][] = [
  [
    block(0, 'About Us', 'full'),
    block(1, 'Safety Score', 'half', true),
    block(2, 'Fleet', 'half'),
    block(3, 'Capacity Board', 'full', true),
  ],
  [
    block(0, 'About Us', 'two-thirds'),
    block(1, 'Ratings', 'one-third'),
    block(2, 'Equipment', 'one-third', true),
    block(3, 'Cargo', 'one-third'),
    block(4, 'Heat Map', 'one-third'),
  ],
  [
    block(0, 'Equipment', 'full'),
    block(1, 'Capacity Board', 'two-thirds', true),
    block(2, 'Safety Score', 'one-third'),
    block(3, 'Ratings', 'half', true),
    block(4, 'Fleet', 'half'),
  ],
  [
    block(0, 'Safety Score', 'one-third'),
    block(1, 'Heat Map', 'two-thirds'),
    block(2, 'About Us', 'half', true),
    block(3, 'Custom Content', 'half'),
  ],
];

export const DEMO_STEP_MS = 3000;

/**
 * The animated four-column grid demo on the landing page. It uses the profile's own grid, is hidden
 * on small screens (CSS), and stands still for visitors who prefer reduced motion.
 */
export function GridDemo() {
  const [layout, setLayout] = useState(0);

  useEffect(() => {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = window.setInterval(
      () => setLayout((current) => (current + 1) % DEMO_LAYOUTS.length),
      DEMO_STEP_MS,
    );
    return () => window.clearInterval(timer);
  }, []);

  return (
    <figure className="grid-demo" aria-label="Example profile layouts">
      <BlockGrid
        blocks={DEMO_LAYOUTS[layout] ?? []}
        renderBlock={(item) => <div className="grid-demo__block">{item.title}</div>}
      />
      <figcaption className="muted">
        Layout {layout + 1} of {DEMO_LAYOUTS.length}: arrange blocks in full, half and third widths.
      </figcaption>
    </figure>
  );
}

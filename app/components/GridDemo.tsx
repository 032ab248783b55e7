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
const DEMO_LAYOUTS: DemoBlock[][] = [
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

function caption(index: number): string {
  return `Layout ${index + 1} of ${DEMO_LAYOUTS.length}: arrange blocks in full, half and third widths.`;
}

/**
 * The animated four-column grid demo on the landing page. It uses the profile's own grid and is hidden
 * on small screens (CSS). The server renders every layout, the first one shown, each with its caption;
 * the home island (app/islands/grid-demo.ts) shows the next one every 3 seconds, unless the visitor
 * prefers reduced motion.
 */
export function GridDemo() {
  return (
    <figure className="grid-demo" aria-label="Example profile layouts">
      {DEMO_LAYOUTS.map((layout, index) => (
        <div key={index} className="grid-demo__layout" hidden={index > 0} data-caption={caption(index)}>
          <BlockGrid
            blocks={layout}
            renderBlock={(item) => <div className="grid-demo__block">{item.title}</div>}
          />
        </div>
      ))}
      <figcaption className="muted">{caption(0)}</figcaption>
    </figure>
  );
}

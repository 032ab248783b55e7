import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BlockPreviewBoundary, PREVIEW_ERROR_MESSAGE } from './BlockPreview.tsx';

function Broken(): never {
  throw new Error('bad block data');
}

// Error boundaries only catch in the browser's renderer; here the boundary's two halves are tested:
// a render error switches it to the failed state, and the failed state renders the spec's message.
describe('BlockPreviewBoundary', () => {
  it('turns a render error into the spec message', () => {
    expect(BlockPreviewBoundary.getDerivedStateFromError()).toEqual({ failed: true });
    const boundary = new BlockPreviewBoundary({ block: {}, children: <Broken /> });
    boundary.state = BlockPreviewBoundary.getDerivedStateFromError();
    const markup = renderToStaticMarkup(<>{boundary.render()}</>);
    expect(markup).toContain('Error rendering block preview. Block data may be invalid.');
    expect(PREVIEW_ERROR_MESSAGE).toBe('Error rendering block preview. Block data may be invalid.');
  });

  it('renders the block while it works', () => {
    const boundary = new BlockPreviewBoundary({ block: {}, children: <p>Fine</p> });
    expect(renderToStaticMarkup(<>{boundary.render()}</>)).toBe('<p>Fine</p>');
  });
});

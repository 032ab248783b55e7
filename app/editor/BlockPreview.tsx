import { Component, type ReactNode } from 'react';
import { BlockView } from '../blocks/BlockView.tsx';
import type { CarrierPanels, ProfileBlock } from '../blocks/types.ts';

export const PREVIEW_ERROR_MESSAGE = 'Error rendering block preview. Block data may be invalid.';

/** Catches a renderer that throws on a block's data, so one bad block does not break the editor. */
export class BlockPreviewBoundary extends Component<
  { block: unknown; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(previous: { block: unknown }) {
    // Edited data gets a fresh try.
    if (this.state.failed && previous.block !== this.props.block) this.setState({ failed: false });
  }

  override render() {
    if (this.state.failed) return <p className="alert alert--error">{PREVIEW_ERROR_MESSAGE}</p>;
    return this.props.children;
  }
}

/** A block as the public page shows it, in the editor (preview mode: no editing hints). */
export function BlockPreview({ block, panels }: { block: ProfileBlock; panels: CarrierPanels }) {
  return (
    <div className="block-preview">
      <BlockPreviewBoundary block={block}>
        <BlockView block={block} panels={panels} isOwner preview />
      </BlockPreviewBoundary>
    </div>
  );
}

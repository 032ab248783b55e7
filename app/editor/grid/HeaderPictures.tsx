import { useId } from 'react';
import { PICTURE_BLOCK_TYPES } from '../../../core/block-types.ts';
import { BlockImage } from '../../blocks/renderers/BlockImage.tsx';
import type { ProfileBlock } from '../../blocks/types.ts';

/** The profile and header pictures: they sit in the profile header, never in the rows. */
export function HeaderPictures({ blocks }: { blocks: readonly ProfileBlock[] }) {
  const titleId = useId();
  const pictures = blocks.filter((block) => block.is_visible && PICTURE_BLOCK_TYPES.has(block.block_type));
  return (
    <section className="grid-header-area" aria-labelledby={titleId}>
      <h3 id={titleId}>Header area</h3>
      {pictures.length === 0 ? (
        <p className="muted">No profile or header picture. Add them in the Content Blocks tab.</p>
      ) : (
        <ul className="grid-header-area__pictures">
          {pictures.map((block) => (
            <li key={block.id}>
              <BlockImage
                asset={block.assets[0]}
                emptyText={block.block_type === 'header_picture' ? 'No Header Image' : 'No Image'}
                sizes="64px"
                className="grid-header-area__image"
              />
              <span>{block.block_title}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="muted">Pictures are shown in the profile header and are not part of the rows.</p>
    </section>
  );
}

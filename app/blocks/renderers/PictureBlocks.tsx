import type { BlockAsset } from '../types.ts';
import { BlockImage, CONTENT_WIDTH_SIZES } from './BlockImage.tsx';

interface PictureProps {
  asset: BlockAsset | undefined;
  /** The editor's preview hides the hint about adding a picture. */
  preview?: boolean;
}

/** The profile picture: a 192 px square. */
export function ProfilePictureBlock({ asset, preview }: PictureProps) {
  return (
    <div className="profile-picture">
      <BlockImage asset={asset} emptyText="No Image" sizes="192px" className="profile-picture__image" />
      {!asset && !preview ? (
        <p className="muted">You can add a profile picture by editing this block</p>
      ) : null}
    </div>
  );
}

/** The header picture: 16:5. */
export function HeaderPictureBlock({ asset, preview }: PictureProps) {
  return (
    <div className="header-picture">
      <BlockImage
        asset={asset}
        emptyText="No Header Image"
        sizes={CONTENT_WIDTH_SIZES}
        className="header-picture__image"
      />
      {!asset && !preview ? <p className="muted">You can add a header image by editing this block</p> : null}
    </div>
  );
}

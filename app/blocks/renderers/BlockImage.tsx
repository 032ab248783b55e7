import { useEffect, useRef, useState } from 'react';
import type { BlockAsset } from '../types';

/** An asset's URL; a blob: URL on a stored (non-temporary) asset is treated as broken (spec). */
function assetUrl(asset: BlockAsset & { isTemp?: boolean }): string | null {
  if (!asset.url) return null;
  if (asset.url.startsWith('blob:') && !asset.isTemp) return null;
  return asset.url;
}

interface BlockImageProps {
  asset: (BlockAsset & { isTemp?: boolean }) | undefined;
  /** Shown when there is no image at all: 'No Image', 'No Header Image'. */
  emptyText: string;
  className?: string;
}

/** An image with the spec's failure states: 'Image Not Found' for an unusable URL, 'Image Failed to Load'. */
export function BlockImage({ asset, emptyText, className }: BlockImageProps) {
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  // A server-rendered image may have failed before React was listening for its error event.
  useEffect(() => {
    const element = image.current;
    if (element && element.complete && element.naturalWidth === 0) setFailed(true);
  }, []);
  if (!asset) return <div className={`image-placeholder ${className ?? ''}`}>{emptyText}</div>;
  const url = assetUrl(asset);
  if (!url) return <div className={`image-placeholder ${className ?? ''}`}>Image Not Found</div>;
  if (failed) return <div className={`image-placeholder ${className ?? ''}`}>Image Failed to Load</div>;
  return (
    <img ref={image} src={url} alt={asset.alt_text} className={className} onError={() => setFailed(true)} />
  );
}

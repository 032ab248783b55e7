import { useEffect, useRef, useState, type Ref } from 'react';
import { imageSources, type ImageLoading } from '../responsive-image.ts';
import type { BlockAsset } from '../types.ts';

/** An asset's URL; a blob: URL on a stored (non-temporary) asset is treated as broken (spec). */
function assetUrl(asset: BlockAsset & { isTemp?: boolean }): string | null {
  if (!asset.url) return null;
  if (asset.url.startsWith('blob:') && !asset.isTemp) return null;
  return asset.url;
}

/** `sizes` for an image as wide as the page's content column (--max-width, 1200 px). */
export const CONTENT_WIDTH_SIZES = '(max-width: 1200px) 100vw, 1200px';

interface ResponsiveImageProps {
  asset: Pick<BlockAsset, 'url' | 'width' | 'height' | 'variants'>;
  alt: string;
  /** The `sizes` of the srcset: how wide the image is shown at each viewport width. */
  sizes: string;
  loading: ImageLoading;
  className?: string;
  imageRef?: Ref<HTMLImageElement>;
  onError?: () => void;
  /**
   * Marks an image whose failure shows 'Image Failed to Load' (a BlockImage), for the public pages'
   * image island (app/islands/image-fallback.ts), since React does not run there.
   */
  fallsBack?: boolean;
}

/**
 * A stored image with its copies: WebP through `<source type="image/webp">`, the original's format
 * in the `<img>` (its srcset and src), and the stored size as width and height, so the page keeps
 * its place before the image arrives. Images stored without copies render as a plain `<img>`.
 */
export function ResponsiveImage({
  asset,
  alt,
  sizes,
  loading,
  className,
  imageRef,
  onError,
  fallsBack = false,
}: ResponsiveImageProps) {
  const sources = imageSources(asset);
  const image = (
    <img
      ref={imageRef}
      src={sources.src}
      srcSet={sources.srcSet}
      sizes={sources.srcSet ? sizes : undefined}
      width={sources.width}
      height={sources.height}
      alt={alt}
      className={className}
      loading={loading === 'lazy' ? 'lazy' : 'eager'}
      fetchPriority={loading === 'priority' ? 'high' : undefined}
      decoding={loading === 'lazy' ? 'async' : undefined}
      onError={onError}
      data-falls-back={fallsBack ? '' : undefined}
    />
  );
  if (!sources.webpSrcSet) return image;
  return (
    <picture className="responsive-picture">
      <source type="image/webp" srcSet={sources.webpSrcSet} sizes={sizes} />
      {image}
    </picture>
  );
}

interface BlockImageProps {
  asset: (BlockAsset & { isTemp?: boolean }) | undefined;
  /** Shown when there is no image at all: 'No Image', 'No Header Image'. */
  emptyText: string;
  /** The `sizes` of the srcset: how wide the image is shown at each viewport width. */
  sizes: string;
  /** Above the fold by default; galleries further down pass 'lazy'. */
  loading?: ImageLoading;
  className?: string;
}

/**
 * An image with the spec's failure states: 'Image Not Found' for an unusable URL, 'Image Failed to Load'
 * (on public pages the image island puts that placeholder in).
 */
export function BlockImage({ asset, emptyText, sizes, loading = 'eager', className }: BlockImageProps) {
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
    <ResponsiveImage
      asset={{ ...asset, url }}
      alt={asset.alt_text}
      sizes={sizes}
      loading={loading}
      className={className}
      imageRef={image}
      onError={() => setFailed(true)}
      fallsBack
    />
  );
}

import type { BlockAsset } from './types.ts';

/** How an image loads: 'lazy' below the fold, 'eager' above it, 'priority' for the largest paint. */
export type ImageLoading = 'lazy' | 'eager' | 'priority';

/** What an `<img>` (and its WebP `<source>`) is given for one stored image. */
export interface ImageSources {
  src: string;
  /** The copies in the original's own format and the original. */
  srcSet?: string;
  /** The WebP copies, for `<source type="image/webp">`; absent when the original is a WebP itself. */
  webpSrcSet?: string;
  width?: number;
  height?: number;
}

const WEBP = 'image/webp';
const srcSetOf = (candidates: { url: string; width: number }[]) =>
  candidates.map((candidate) => `${encodeURI(candidate.url)} ${candidate.width}w`).join(', ');

/**
 * The `srcset` lists of a stored image (docs/decisions/027-responsive-images-and-keyboard-map.md).
 * The original is the widest candidate of its format. Images stored before the copies were made have
 * no size and no copies: they are shown from the original alone, as before.
 */
export function imageSources(asset: Pick<BlockAsset, 'url' | 'width' | 'height' | 'variants'>): ImageSources {
  const { url, width, height } = asset;
  if (!width || !height) return { src: url };
  const originalIsWebp = url.endsWith('.webp');
  const original = { url, width, content_type: originalIsWebp ? WEBP : '' };
  const candidates = [...asset.variants, original].sort((a, b) => a.width - b.width);
  const webp = candidates.filter((candidate) => candidate.content_type === WEBP);
  const own = candidates.filter((candidate) => candidate.content_type !== WEBP);
  if (originalIsWebp) return { src: url, srcSet: srcSetOf(webp), width, height };
  return {
    src: url,
    srcSet: srcSetOf(own),
    webpSrcSet: webp.length > 0 ? srcSetOf(webp) : undefined,
    width,
    height,
  };
}

/**
 * A `<link rel="preload">` for an image the page's largest paint is, as a React Router meta
 * descriptor, or null when none is needed. React 19 preloads a high-priority `<img>` by itself when
 * it renders one on the server, but not inside a `<picture>`, where a `<source>` may pick another
 * file: for those the route preloads the WebP candidates the `<source>` offers, with its sizes, so
 * the browser starts the one download the image then finds ready.
 */
export function imagePreload(sources: ImageSources, sizes: string) {
  if (!sources.webpSrcSet) return null;
  return {
    tagName: 'link',
    rel: 'preload',
    as: 'image',
    type: 'image/webp',
    fetchPriority: 'high',
    imageSrcSet: sources.webpSrcSet,
    imageSizes: sizes,
  } as const;
}

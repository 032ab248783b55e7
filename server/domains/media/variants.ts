import { IMAGE_FORMATS, type ImageFormat } from './image.ts';

/** Stored files are served under this path; the URL is relative, clients prefix their host. */
export const MEDIA_PATH = '/media/';

/** A stored copy of an image as the assets table records it (its `variants` column, JSON). */
export interface StoredVariant {
  key: string;
  format: ImageFormat;
  width: number;
  height: number;
}

/** A copy as pages read it: enough for `srcset` and `<source type>`. */
export interface VariantView {
  url: string;
  content_type: string;
  width: number;
  height: number;
}

/** The copies recorded on an asset row; rows from before migration 011 have none. */
export function parseVariants(json: string): StoredVariant[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? (parsed as StoredVariant[]) : [];
}

/** Every storage key of an asset: the original and its copies (all are deleted together). */
export function storageKeysOf(row: { storage_key: string; variants: string }): string[] {
  return [row.storage_key, ...parseVariants(row.variants).map((variant) => variant.key)];
}

/**
 * The size and copies of an asset's image for pages, narrowest first. width and height are null for
 * images stored before migration 011, whose pages then show the original alone.
 */
export function imageView(row: { width: number | null; height: number | null; variants: string }) {
  return {
    width: row.width,
    height: row.height,
    variants: parseVariants(row.variants)
      .map((variant): VariantView => ({
        url: `${MEDIA_PATH}${variant.key}`,
        content_type: IMAGE_FORMATS[variant.format].contentType,
        width: variant.width,
        height: variant.height,
      }))
      .sort((a, b) => a.width - b.width),
  };
}

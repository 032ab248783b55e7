import type { MediaAsset } from '../../../core/contracts/media.ts';
import { DomainError } from '../../../core/errors.ts';
import { IMAGE_LIMITS, type BlockType } from '../../../core/block-types.ts';
import {
  IMAGE_FORMATS,
  busyError,
  contentTypeOfKey,
  imageDecodeQueue,
  prepareImage,
  sniffImageFormat,
  type EncodedImage,
} from './image.ts';
import type { MediaRepo } from './repo.ts';
import type { MediaStorage } from './storage.ts';
import { MEDIA_PATH, imageView, storageKeysOf, type StoredVariant } from './variants.ts';

/** What an upload request carries once it has been read. */
export interface Upload {
  data: Buffer;
  altText: string;
}

/**
 * An asset as blocks carry it (owner-side section 3): `url`, and `asset_url` for clients that read
 * that; with the image's size and copies for `srcset`.
 */
export function toAssetView(row: {
  id: number;
  block_id: number | null;
  url: string;
  alt_text: string;
  type: string;
  width: number | null;
  height: number | null;
  variants: string;
}): MediaAsset {
  return {
    id: row.id,
    block_id: row.block_id,
    url: row.url,
    asset_url: row.url,
    alt_text: row.alt_text,
    type: row.type,
    ...imageView(row),
  };
}

/** Error codes of a write refused for want of space: a full disk, or the user's or project's quota used up. */
const NO_SPACE_CODES: ReadonlySet<string> = new Set(['ENOSPC', 'EDQUOT']);

export const NO_SPACE_DETAIL =
  'The image could not be stored: the server has no storage space left. Try again later.';

/**
 * Stores each file under a new key; when one fails, the ones already stored are deleted again. A
 * storage out of space is the caller's to hear about (507), not a server fault (500).
 */
async function putAll(storage: MediaStorage, images: EncodedImage[]): Promise<string[]> {
  const keys: string[] = [];
  try {
    for (const image of images)
      keys.push(await storage.put(image.data, IMAGE_FORMATS[image.format].extension));
    return keys;
  } catch (error) {
    await Promise.all(keys.map((key) => storage.delete(key)));
    if (NO_SPACE_CODES.has(String((error as NodeJS.ErrnoException).code)))
      throw new DomainError('insufficient_storage', NO_SPACE_DETAIL);
    throw error;
  }
}

/**
 * Images on content blocks. Uploads are trusted by content only: the type comes from the magic
 * bytes, the image is decoded and re-encoded without metadata, and only then stored. Every method
 * is scoped to the caller's company: another company's block or asset is reported as not found.
 */
export function createMediaService(repo: MediaRepo, storage: MediaStorage, clock: () => Date) {
  const tooMany = (limit: number) => new DomainError('invalid', `Maximum ${limit} file(s) allowed`);

  /** The block's image limit, once the block is known to be the company's and to take images. */
  async function imageLimitOf(companyId: number, blockId: number) {
    const block = await repo.findOwnBlock(companyId, blockId);
    if (!block) throw new DomainError('not_found', 'Block not found');
    const limit = IMAGE_LIMITS[block.block_type as BlockType];
    if (!limit) throw new DomainError('invalid', `A ${block.block_type} block does not take images`);
    return limit;
  }

  return {
    /**
     * Adds an image to a block. The block is checked before `receive` reads the request body, so a
     * refused upload is not read at all.
     */
    async upload(companyId: number, blockId: number, receive: () => Promise<Upload>) {
      const limit = await imageLimitOf(companyId, blockId);
      if ((await repo.countForBlock(blockId)) >= limit) throw tooMany(limit);
      // A full queue refuses now, before the body is read; prepareImage checks again when it queues.
      if (imageDecodeQueue.full) throw busyError();
      const { data, altText } = await receive();
      const format = sniffImageFormat(data);
      if (!format)
        throw new DomainError('unsupported_media_type', 'Only JPEG, PNG, GIF or WebP images can be uploaded');
      const { original, variants } = await prepareImage(data, format);
      const [key, ...variantKeys] = await putAll(storage, [original, ...variants]);
      const stored: StoredVariant[] = variants.map((variant, index) => ({
        key: variantKeys[index]!,
        format: variant.format,
        width: variant.width,
        height: variant.height,
      }));
      try {
        const row = await repo.insertWithinLimit(
          {
            company_id: companyId,
            block_id: blockId,
            storage_key: key!,
            url: `${MEDIA_PATH}${key}`,
            alt_text: altText,
            type: 'image',
            content_type: IMAGE_FORMATS[format].contentType,
            byte_size: original.data.length,
            created_at: clock().toISOString(),
            width: original.width,
            height: original.height,
            variants: JSON.stringify(stored),
          },
          limit,
        );
        if (row === undefined) throw new DomainError('not_found', 'Block not found');
        if (row === null) throw tooMany(limit);
        return toAssetView(row);
      } catch (error) {
        await Promise.all([key!, ...variantKeys].map((stale) => storage.delete(stale)));
        throw error;
      }
    },

    /** Deletes an asset: its row first, so a failed file deletion never leaves a broken image on a page. */
    async remove(companyId: number, assetId: number) {
      const asset = await repo.findOwnAsset(companyId, assetId);
      if (!asset) throw new DomainError('not_found', 'Asset not found');
      await repo.delete(assetId);
      await Promise.all(storageKeysOf(asset).map((key) => storage.delete(key)));
    },

    /** Deletes every asset of a block with its stored files; the blocks service calls it before deleting a block. */
    async removeForBlock(blockId: number) {
      const rows = await repo.deleteForBlock(blockId);
      await Promise.all(rows.flatMap(storageKeysOf).map((key) => storage.delete(key)));
    },

    async listForBlock(blockId: number) {
      return (await repo.listForBlock(blockId)).map(toAssetView);
    },

    /** A stored file to serve under /media, or null for an unknown or malformed key. */
    async open(key: string) {
      const contentType = contentTypeOfKey(key);
      const file = contentType ? await storage.read(key) : null;
      return file && contentType ? { ...file, contentType } : null;
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;

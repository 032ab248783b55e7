import os from 'node:os';
import sharp from 'sharp';
import { HttpError } from '../../http/errors.ts';

// Each upload is decoded once, so libvips' cache of recent operations would only hold memory.
sharp.cache(false);

/** The image formats an upload may have; each is stored in the format it arrived in. */
export const IMAGE_FORMATS = {
  jpeg: { extension: 'jpg', contentType: 'image/jpeg' },
  png: { extension: 'png', contentType: 'image/png' },
  gif: { extension: 'gif', contentType: 'image/gif' },
  webp: { extension: 'webp', contentType: 'image/webp' },
} as const;

export type ImageFormat = keyof typeof IMAGE_FORMATS;

/** Decoding more pixels than this is refused: a small file can declare a huge canvas (a decompression bomb). */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Stored images are scaled down to fit this square; pages never show them larger. */
export const MAX_OUTPUT_EDGE = 2560;

/**
 * Images decoded at once. Decoding is CPU-bound, so more at a time than there are cores adds
 * memory (a 12-megapixel photo is 36 MB decoded), not speed; further uploads wait their turn.
 */
const MAX_PARALLEL_DECODES = os.availableParallelism();
let decoding = 0;
const waitingForDecode: (() => void)[] = [];

async function withDecodeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (decoding < MAX_PARALLEL_DECODES) decoding += 1;
  else await new Promise<void>((resolve) => waitingForDecode.push(resolve));
  try {
    return await work();
  } finally {
    // The slot passes straight to the next waiting upload, or is given back.
    const next = waitingForDecode.shift();
    if (next) next();
    else decoding -= 1;
  }
}

const matches = (bytes: Buffer, offset: number, signature: string | number[]) => {
  const expected = typeof signature === 'string' ? Buffer.from(signature, 'latin1') : Buffer.from(signature);
  return bytes.subarray(offset, offset + expected.length).equals(expected);
};

/**
 * The format from the file's first bytes (its magic number). The name and the declared type of an
 * upload are the sender's claim; only the content counts.
 */
export function sniffImageFormat(bytes: Buffer): ImageFormat | null {
  if (matches(bytes, 0, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (matches(bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (matches(bytes, 0, 'GIF87a') || matches(bytes, 0, 'GIF89a')) return 'gif';
  if (matches(bytes, 0, 'RIFF') && matches(bytes, 8, 'WEBP')) return 'webp';
  return null;
}

/** The content type of a stored file, from the extension its storage key was given. */
export function contentTypeOfKey(key: string): string | null {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  return Object.values(IMAGE_FORMATS).find((format) => format.extension === extension)?.contentType ?? null;
}

/**
 * Decodes and re-encodes an image in its own format: turned upright from its EXIF orientation,
 * scaled down to MAX_OUTPUT_EDGE, with all metadata (EXIF, GPS, XMP, comments) left behind, since
 * sharp writes none unless asked. Re-encoding also drops anything hidden after the image data.
 * Animated GIF and WebP keep their frames.
 */
export function reencodeImage(data: Buffer, format: ImageFormat): Promise<Buffer> {
  return withDecodeSlot(() => reencode(data, format));
}

async function reencode(data: Buffer, format: ImageFormat): Promise<Buffer> {
  const animated = format === 'gif' || format === 'webp';
  try {
    const image = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, animated })
      .autoOrient()
      .resize({ width: MAX_OUTPUT_EDGE, height: MAX_OUTPUT_EDGE, fit: 'inside', withoutEnlargement: true });
    switch (format) {
      case 'jpeg':
        return await image.jpeg({ quality: 85, progressive: true }).toBuffer();
      case 'png':
        return await image.png().toBuffer();
      case 'gif':
        return await image.gif().toBuffer();
      case 'webp':
        return await image.webp({ quality: 85 }).toBuffer();
    }
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new HttpError(400, `The image is too large: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels`);
    }
    throw new HttpError(400, 'The file could not be read as an image');
  }
}

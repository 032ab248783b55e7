import os from 'node:os';
import sharp, { type Sharp } from 'sharp';
import { DomainError } from '../../../core/errors.ts';

// Each upload is decoded once, so libvips' cache of recent operations would only hold memory.
sharp.cache(false);
// One libvips thread per image: an upload re-encodes on one core and leaves the others to page views.
// Several uploads at once still use every core (MAX_PARALLEL_DECODES below).
sharp.concurrency(1);

/** The image formats an upload may have; each is stored in the format it arrived in. */
export const IMAGE_FORMATS = {
  jpeg: { extension: 'jpg', contentType: 'image/jpeg' },
  png: { extension: 'png', contentType: 'image/png' },
  gif: { extension: 'gif', contentType: 'image/gif' },
  webp: { extension: 'webp', contentType: 'image/webp' },
} as const;

export type ImageFormat = keyof typeof IMAGE_FORMATS;

/**
 * The most pixels an upload may decode to, all frames together (width x height x frames), per
 * format. Refused from the file's header, before decoding: a small file can declare a huge canvas
 * (a decompression bomb) or dozens of frames. Re-encoding costs differ by format (GIF's palette
 * quantisation costs up to about 0.22 s of CPU per megapixel, animated WebP about 0.08 s, JPEG about
 * 0.01 s), so each budget keeps the worst file of its format under about 0.7 s of CPU
 * (docs/decisions/023-session-revocation-proxies-and-image-budgets.md has the measurements).
 */
export const MAX_DECODED_PIXELS: Record<ImageFormat, number> = {
  jpeg: 50_000_000,
  png: 50_000_000,
  webp: 8_000_000,
  gif: 2_500_000,
};
/** Stored images are scaled down to fit this square; pages never show them larger. */
export const MAX_OUTPUT_EDGE = 2560;

/**
 * Images re-encoded at once. Re-encoding is CPU-bound, so more at a time than there are cores adds
 * memory (a 12-megapixel photo is 36 MB decoded), not speed.
 */
export const MAX_PARALLEL_DECODES = os.availableParallelism();
/**
 * Uploads that may wait for a turn. With the budgets above the last one waits a few seconds at
 * most; beyond it the server answers 503 at once rather than holding ever more uploads in memory.
 */
export const MAX_WAITING_DECODES = 4 * MAX_PARALLEL_DECODES;
/** What a refused upload is told to wait before trying again (Retry-After, in seconds). */
export const DECODE_RETRY_AFTER_SECONDS = 5;

const FORMAT_NAMES: Record<ImageFormat, string> = { jpeg: 'JPEG', png: 'PNG', gif: 'GIF', webp: 'WebP' };
const ANIMATED_FORMATS = new Set<ImageFormat>(['gif', 'webp']);
const megapixels = (pixels: number) => Number((pixels / 1_000_000).toFixed(1));

/** A queue of image work: at most `maxRunning` at once, at most `maxWaiting` waiting, 503 beyond. */
export function createDecodeQueue({ maxRunning, maxWaiting }: { maxRunning: number; maxWaiting: number }) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    /** True when another upload would be refused now (checked before an upload's body is read). */
    get full() {
      return running >= maxRunning && waiting.length >= maxWaiting;
    },
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running < maxRunning) running += 1;
      else if (waiting.length < maxWaiting) await new Promise<void>((resolve) => waiting.push(resolve));
      else throw busyError();
      try {
        return await work();
      } finally {
        // The slot passes straight to the next waiting upload, or is given back.
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      }
    },
  };
}

export function busyError(): DomainError {
  return new DomainError(
    'busy',
    `The server is busy processing other images. Please try again in ${DECODE_RETRY_AFTER_SECONDS} seconds.`,
    { retryAfterSeconds: DECODE_RETRY_AFTER_SECONDS },
  );
}

/** The one queue every upload's image passes through. */
export const imageDecodeQueue = createDecodeQueue({
  maxRunning: MAX_PARALLEL_DECODES,
  maxWaiting: MAX_WAITING_DECODES,
});

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
 * Refuses an image whose frames together hold more pixels than its format's budget, from the
 * header alone (sharp reads no pixel data for this), before it takes a place in the queue.
 */
async function checkDecodeBudget(data: Buffer, format: ImageFormat): Promise<void> {
  let width: number, frameHeight: number, frames: number;
  try {
    const meta = await sharp(data).metadata();
    width = meta.width;
    frameHeight = meta.pageHeight ?? meta.height;
    frames = ANIMATED_FORMATS.has(format) ? (meta.pages ?? 1) : 1;
  } catch {
    throw new DomainError('invalid', 'The file could not be read as an image');
  }
  const pixels = width * frameHeight * frames;
  const budget = MAX_DECODED_PIXELS[format];
  if (pixels <= budget) return;
  const name = FORMAT_NAMES[format];
  throw new DomainError(
    'unprocessable',
    frames > 1
      ? `The image is too large: an animated ${name} may have at most ${megapixels(budget)} megapixels in all its frames together; this one has ${frames} frames of ${width} x ${frameHeight} (${megapixels(pixels)} megapixels)`
      : `The image is too large: a ${name} may have at most ${megapixels(budget)} megapixels; this one has ${width} x ${frameHeight} (${megapixels(pixels)} megapixels)`,
  );
}

/** The widths of the smaller copies made of each upload, for `srcset`; none is wider than the image. */
export const VARIANT_WIDTHS = [320, 640, 1280] as const;

/** One encoded image: the stored original or one of its variants. */
export interface EncodedImage {
  data: Buffer;
  format: ImageFormat;
  width: number;
  /** The height of one frame (an animated image's frames are stacked in its buffer). */
  height: number;
}

/** An upload ready to store: the re-encoded original and its smaller and WebP copies. */
export interface PreparedImage {
  original: EncodedImage;
  variants: EncodedImage[];
}

/**
 * Decodes and re-encodes an image in its own format: turned upright from its EXIF orientation,
 * scaled down to MAX_OUTPUT_EDGE, with all metadata (EXIF, GPS, XMP, comments) left behind, since
 * sharp writes none unless asked. Re-encoding also drops anything hidden after the image data.
 * Animated GIF and WebP keep their frames. Then the variants pages pick from with `srcset`: each of
 * VARIANT_WIDTHS narrower than the image, in its own format and in WebP, and a WebP copy at full
 * width (never wider than the image: nothing is upscaled). Images over their pixel budget are
 * refused first (422), then the whole job waits for its turn in the bounded queue (503 when the
 * queue is full).
 */
export async function prepareImage(data: Buffer, format: ImageFormat): Promise<PreparedImage> {
  await checkDecodeBudget(data, format);
  return imageDecodeQueue.run(async () => {
    const original = await reencode(data, format);
    return { original, variants: await makeVariants(original) };
  });
}

/** The variants of an already re-encoded image (its bytes are clean and within MAX_OUTPUT_EDGE). */
async function makeVariants(original: EncodedImage): Promise<EncodedImage[]> {
  const isWebp = original.format === 'webp';
  const formats: ImageFormat[] = isWebp ? ['webp'] : [original.format, 'webp'];
  const sizes = [
    ...VARIANT_WIDTHS.filter((width) => width < original.width).flatMap((width) =>
      formats.map((format) => ({ width, format })),
    ),
    // A WebP copy at full width, unless the original is one.
    ...(isWebp ? [] : [{ width: original.width, format: 'webp' as const }]),
  ];
  const variants: EncodedImage[] = [];
  // One after another: the queue's slot stands for one core.
  for (const { width, format } of sizes) {
    const image = sharp(original.data, { animated: ANIMATED_FORMATS.has(original.format) }).resize({ width });
    variants.push(await encode(image, format));
  }
  return variants;
}

/** Encodes in a format, with the settings every stored image gets. */
async function encode(image: Sharp, format: ImageFormat): Promise<EncodedImage> {
  const formatted =
    format === 'jpeg'
      ? image.jpeg({ quality: 85, progressive: true })
      : format === 'png'
        ? image.png()
        : format === 'gif'
          ? image.gif()
          : image.webp({ quality: 85 });
  const { data, info } = await formatted.toBuffer({ resolveWithObject: true });
  return { data, format, width: info.width, height: info.pageHeight ?? info.height };
}

async function reencode(data: Buffer, format: ImageFormat): Promise<EncodedImage> {
  const animated = ANIMATED_FORMATS.has(format);
  try {
    // The budget again, as libvips' own limit: a header that understates the image stops here.
    const image = sharp(data, { limitInputPixels: MAX_DECODED_PIXELS[format], animated })
      .autoOrient()
      .resize({ width: MAX_OUTPUT_EDGE, height: MAX_OUTPUT_EDGE, fit: 'inside', withoutEnlargement: true });
    return await encode(image, format);
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new DomainError(
        'unprocessable',
        `The image is too large: a ${FORMAT_NAMES[format]} may have at most ${megapixels(MAX_DECODED_PIXELS[format])} megapixels`,
      );
    }
    throw new DomainError('invalid', 'The file could not be read as an image');
  }
}

// Images on a company's own content blocks (owner-side section 7).
import { z } from 'zod';
import { idParams, SINGLE_LINE_PROBLEM, SINGLE_LINE_TEXT } from '../input.ts';
import { NoContent, route } from './route.ts';

/** Alt text of an uploaded image, at most this many characters. */
export const MAX_ALT_TEXT_LENGTH = 300;

/**
 * The text field of an upload. The upload is multipart/form-data, which the route reads itself as it
 * streams (server/domains/media/routes.ts), so this schema is applied there, not by Fastify.
 */
export const UploadFields = z.object({
  alt_text: z
    .string()
    .trim()
    .max(MAX_ALT_TEXT_LENGTH, `must be at most ${MAX_ALT_TEXT_LENGTH} characters`)
    .regex(SINGLE_LINE_TEXT, SINGLE_LINE_PROBLEM),
});

/** A stored copy of an image as pages read it: enough for `srcset` and `<source type>`. */
export const ImageVariant = z.object({
  url: z.string(),
  content_type: z.string(),
  width: z.number(),
  height: z.number(),
});

/**
 * An image of a block as the profile shows it. width and height are null for images stored before
 * migration 011, which have no copies either.
 */
export const BlockAsset = z.object({
  id: z.number(),
  url: z.string(),
  alt_text: z.string(),
  type: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  variants: z.array(ImageVariant),
});
export type BlockAsset = z.infer<typeof BlockAsset>;

/** An image as the media API answers it: the block it belongs to and the spec's asset_url besides. */
export const MediaAsset = BlockAsset.extend({ block_id: z.number().nullable(), asset_url: z.string() });
export type MediaAsset = z.infer<typeof MediaAsset>;

export const mediaContracts = {
  /** multipart/form-data with `file` and `alt_text` (UploadFields): a form, not a JSON body. */
  upload: {
    ...route(
      'POST',
      'api',
      '/content/blocks/:id/media',
      { params: idParams('block id') },
      { 201: MediaAsset },
    ),
    multipart: true as const,
  },
  remove: route('DELETE', 'api', '/content/media/:id', { params: idParams('asset id') }, { 204: NoContent }),
};

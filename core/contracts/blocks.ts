// The content blocks API (owner-side section 7). Writes need a session of the block's own company.
import { z } from 'zod';
import { BLOCK_TYPE_NAMES, BLOCK_WIDTHS } from '../block-types.ts';
import { idParams, SINGLE_LINE_PROBLEM, SINGLE_LINE_TEXT } from '../input.ts';
import { BlockAsset, MediaAsset } from './media.ts';
import { DetailBody, NoContent, route } from './route.ts';

const BlockFields = z.object({
  block_type: z.enum(BLOCK_TYPE_NAMES),
  block_title: z.string().max(200).regex(SINGLE_LINE_TEXT, SINGLE_LINE_PROBLEM),
  // Its size limits are in UTF-8 bytes and answer 413: the blocks service checks them.
  block_content: z.string(),
  hide_title: z.boolean(),
  block_width: z.enum(BLOCK_WIDTHS),
  start_new_row: z.boolean(),
  block_position: z.number().int().min(0).max(10_000),
  is_visible: z.boolean(),
});

export const CreateBlockBody = BlockFields.partial()
  .extend({ block_type: z.enum(BLOCK_TYPE_NAMES), company_id: z.number().int().positive() })
  .strict();
export const UpdateBlockBody = BlockFields.partial().strict();
export type BlockChanges = z.infer<typeof UpdateBlockBody>;
export const ReorderBody = z
  .object({
    blocks: z
      .array(
        z.object({ id: z.number().int().positive(), position: z.number().int().min(0).max(10_000) }).strict(),
      )
      .max(1000),
  })
  .strict();

/** A block as the profile shows it, with its images. */
export const ProfileBlock = z.object({
  id: z.number(),
  company_id: z.number(),
  block_type: z.string(),
  block_title: z.string(),
  block_content: z.string(),
  block_position: z.number(),
  block_width: z.string(),
  is_visible: z.boolean(),
  hide_title: z.boolean(),
  start_new_row: z.boolean(),
  updated_at: z.string(),
  assets: z.array(BlockAsset),
});
export type ProfileBlock = z.infer<typeof ProfileBlock>;

/** A block as the blocks API answers a write: its images as the media API shows them. */
export const Block = ProfileBlock.extend({ assets: z.array(MediaAsset) });
export type Block = z.infer<typeof Block>;

const BlockIdParams = idParams('block id');

export const blockContracts = {
  create: route('POST', 'api', '/content/blocks', { body: CreateBlockBody }, { 201: Block }),
  reorder: route('PUT', 'api', '/content/blocks/reorder', { body: ReorderBody }, { 200: DetailBody }),
  update: route(
    'PUT',
    'api',
    '/content/blocks/:id',
    { params: BlockIdParams, body: UpdateBlockBody },
    {
      200: Block,
    },
  ),
  remove: route('DELETE', 'api', '/content/blocks/:id', { params: BlockIdParams }, { 204: NoContent }),
};

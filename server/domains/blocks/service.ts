import type { Db } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { sanitizeCustomHtml } from '../content/sanitize-html.ts';
import type { MediaService } from '../media/service.ts';
import type { BLOCK_WIDTHS } from './block-types.ts';
import { BLOCK_TYPES, PICTURE_BLOCK_TYPES, type BlockType } from './block-types.ts';

export interface NewBlock {
  block_type: BlockType;
  block_title?: string;
  block_content?: string;
  hide_title?: boolean;
  block_width?: (typeof BLOCK_WIDTHS)[number];
  start_new_row?: boolean;
  block_position?: number;
  is_visible?: boolean;
}

export type BlockChanges = Partial<Omit<NewBlock, 'block_type'>> & { block_type?: BlockType };

const flag = (value: boolean) => (value ? 1 : 0);

function toBlock(row: {
  id: number;
  company_id: number;
  block_type: string;
  block_title: string;
  block_content: string;
  block_position: number;
  block_width: string;
  is_visible: number;
  hide_title: number;
  start_new_row: number;
  updated_at: string;
}) {
  return {
    ...row,
    is_visible: row.is_visible === 1,
    hide_title: row.hide_title === 1,
    start_new_row: row.start_new_row === 1,
    assets: [] as Awaited<ReturnType<MediaService['listForBlock']>>,
  };
}

/**
 * A company's content blocks. Every method takes the caller's company id from the session and only
 * ever touches that company's rows: a block of another company is reported as not found.
 */
export function createBlocksService(
  db: Db,
  clock: () => Date,
  media: Pick<MediaService, 'listForBlock' | 'removeForBlock'>,
) {
  async function ownBlock(companyId: number, blockId: number) {
    const row = await db
      .selectFrom('content_blocks')
      .selectAll()
      .where('id', '=', blockId)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (!row) throw new HttpError(404, 'Block not found');
    return row;
  }

  async function ensureTypeIsFree(companyId: number, type: string, exceptId?: number) {
    if (type === 'custom') return;
    let query = db
      .selectFrom('content_blocks')
      .select('id')
      .where('company_id', '=', companyId)
      .where('block_type', '=', type);
    if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
    if (await query.executeTakeFirst()) throw new HttpError(409, `This profile already has a ${type} block`);
  }

  const content = (type: string, text: string) => (type === 'custom' ? sanitizeCustomHtml(text) : text);

  return {
    async create(companyId: number, block: NewBlock) {
      await ensureTypeIsFree(companyId, block.block_type);
      const last = await db
        .selectFrom('content_blocks')
        .where('company_id', '=', companyId)
        .select((eb) => eb.fn.max('block_position').as('position'))
        .executeTakeFirst();
      const now = clock().toISOString();
      const isPicture = PICTURE_BLOCK_TYPES.has(block.block_type);
      const row = await db
        .insertInto('content_blocks')
        .values({
          company_id: companyId,
          block_type: block.block_type,
          block_title: block.block_title?.trim() || BLOCK_TYPES[block.block_type],
          block_content: content(block.block_type, block.block_content ?? ''),
          block_position:
            block.block_position ??
            (last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1),
          is_visible: flag(block.is_visible ?? true),
          hide_title: flag(isPicture || (block.hide_title ?? false)),
          block_width: block.block_width ?? (block.block_type === 'profile_picture' ? 'one-third' : 'full'),
          start_new_row: flag(block.start_new_row ?? false),
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toBlock(row);
    },

    /** Changes only the fields sent. */
    async update(companyId: number, blockId: number, changes: BlockChanges) {
      const current = await ownBlock(companyId, blockId);
      const type = changes.block_type ?? current.block_type;
      if (changes.block_type && changes.block_type !== current.block_type) {
        await ensureTypeIsFree(companyId, changes.block_type, blockId);
      }
      const row = await db
        .updateTable('content_blocks')
        .set({
          ...(changes.block_type !== undefined ? { block_type: changes.block_type } : {}),
          ...(changes.block_title !== undefined
            ? { block_title: changes.block_title.trim() || BLOCK_TYPES[type as BlockType] }
            : {}),
          ...(changes.block_content !== undefined
            ? { block_content: content(type, changes.block_content) }
            : {}),
          ...(changes.block_position !== undefined ? { block_position: changes.block_position } : {}),
          ...(changes.block_width !== undefined ? { block_width: changes.block_width } : {}),
          ...(changes.is_visible !== undefined ? { is_visible: flag(changes.is_visible) } : {}),
          ...(changes.hide_title !== undefined
            ? { hide_title: flag(PICTURE_BLOCK_TYPES.has(type) || changes.hide_title) }
            : {}),
          ...(changes.start_new_row !== undefined ? { start_new_row: flag(changes.start_new_row) } : {}),
          updated_at: clock().toISOString(),
        })
        .where('id', '=', blockId)
        .returningAll()
        .executeTakeFirstOrThrow();
      // The answer carries the block's images, as the profile does.
      return { ...toBlock(row), assets: await media.listForBlock(blockId) };
    },

    /**
     * Deletes a block with its images (rows and stored files) and numbers the remaining blocks
     * from 0 again, in their order.
     */
    async remove(companyId: number, blockId: number) {
      await ownBlock(companyId, blockId);
      await media.removeForBlock(blockId);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('content_blocks').where('id', '=', blockId).execute();
        const rest = await trx
          .selectFrom('content_blocks')
          .select('id')
          .where('company_id', '=', companyId)
          .orderBy('block_position')
          .orderBy('id')
          .execute();
        for (const [position, block] of rest.entries()) {
          await trx
            .updateTable('content_blocks')
            .set({ block_position: position })
            .where('id', '=', block.id)
            .execute();
        }
      });
    },

    /** New positions for exactly the company's blocks: every block once, none of another company. */
    async reorder(companyId: number, order: { id: number; position: number }[]) {
      const own = await db
        .selectFrom('content_blocks')
        .select('id')
        .where('company_id', '=', companyId)
        .execute();
      const ownIds = new Set(own.map((block) => block.id));
      const sentIds = new Set(order.map((item) => item.id));
      if (sentIds.size !== order.length) throw new HttpError(400, 'Each block may appear only once');
      if (sentIds.size !== ownIds.size || [...sentIds].some((id) => !ownIds.has(id))) {
        throw new HttpError(400, "The order must list exactly this profile's blocks");
      }
      const now = clock().toISOString();
      await db.transaction().execute(async (trx) => {
        for (const item of order) {
          await trx
            .updateTable('content_blocks')
            .set({ block_position: item.position, updated_at: now })
            .where('id', '=', item.id)
            .where('company_id', '=', companyId)
            .execute();
        }
      });
      return { detail: 'Blocks reordered' };
    },
  };
}

export type BlocksService = ReturnType<typeof createBlocksService>;

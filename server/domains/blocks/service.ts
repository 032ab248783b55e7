import { sql } from 'kysely';
import { lockCompany } from '../../db/company-lock.ts';
import type { Db } from '../../db/database.ts';
import type { Dialect } from '../../db/migrate.ts';
import type { Block } from '../../../core/contracts/blocks.ts';
import { DomainError } from '../../../core/errors.ts';
import { sanitizeCustomHtml } from '../content/sanitize-html.ts';
import type { MediaService } from '../media/service.ts';
import {
  BLOCK_TYPES,
  defaultBlockWidth,
  MAX_BLOCK_CONTENT_BYTES,
  MAX_CUSTOM_BLOCKS,
  MAX_PROFILE_CONTENT_BYTES,
  PICTURE_BLOCK_TYPES,
  type BlockType,
  type BlockWidth,
} from '../../../core/block-types.ts';

export interface NewBlock {
  block_type: BlockType;
  block_title?: string;
  block_content?: string;
  hide_title?: boolean;
  block_width?: BlockWidth;
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
}): Block {
  // Field by field: the row holds columns the spec's Block does not show (created_at).
  return {
    id: row.id,
    company_id: row.company_id,
    block_type: row.block_type,
    block_title: row.block_title,
    block_content: row.block_content,
    block_position: row.block_position,
    block_width: row.block_width,
    updated_at: row.updated_at,
    is_visible: row.is_visible === 1,
    hide_title: row.hide_title === 1,
    start_new_row: row.start_new_row === 1,
    assets: [],
  };
}

/** The stored form of a block's content: custom HTML through the allowlist, every other type as text. */
export function storedContent(type: string, text: string): string {
  return type === 'custom' ? sanitizeCustomHtml(text) : text;
}

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

const TOO_LARGE = `Block content may be at most 100 KB (${MAX_BLOCK_CONTENT_BYTES} bytes)`;

/** Refuses content over the one-block limit before any work is done on it (413). */
function ensureBlockSize(text: string) {
  if (bytes(text) > MAX_BLOCK_CONTENT_BYTES) throw new DomainError('too_large', TOO_LARGE);
}

/**
 * A company's content blocks. Every method takes the caller's company id from the session and only
 * ever touches that company's rows: a block of another company is reported as not found.
 *
 * Every write stores the content in the form its type is stored in (storedContent), whatever the
 * block's type was before and whichever fields the write sent, so no response, preview or page ever
 * carries unsanitised HTML. The profile's limits (block-types.ts) are checked in the transaction that
 * writes, after taking the company's lock, so concurrent writes cannot pass them together.
 */
export function createBlocksService(
  db: Db,
  clock: () => Date,
  media: Pick<MediaService, 'listForBlock' | 'removeForBlock'>,
  dialect: Dialect,
) {
  async function ownBlock(trx: Db, companyId: number, blockId: number) {
    const row = await trx
      .selectFrom('content_blocks')
      .selectAll()
      .where('id', '=', blockId)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (!row) throw new DomainError('not_found', 'Block not found');
    return row;
  }

  async function ensureTypeIsFree(trx: Db, companyId: number, type: string, exceptId?: number) {
    if (type === 'custom') {
      const { count } = await trx
        .selectFrom('content_blocks')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('company_id', '=', companyId)
        .where('block_type', '=', 'custom')
        .$if(exceptId !== undefined, (query) => query.where('id', '!=', exceptId!))
        .executeTakeFirstOrThrow();
      if (Number(count) >= MAX_CUSTOM_BLOCKS) {
        throw new DomainError('conflict', `A profile can have at most ${MAX_CUSTOM_BLOCKS} custom blocks`);
      }
      return;
    }
    const taken = await trx
      .selectFrom('content_blocks')
      .select('id')
      .where('company_id', '=', companyId)
      .where('block_type', '=', type)
      .$if(exceptId !== undefined, (query) => query.where('id', '!=', exceptId!))
      .executeTakeFirst();
    if (taken) throw new DomainError('conflict', `This profile already has a ${type} block`);
  }

  /**
   * Refuses stored content over the limits: one block over 100 KB once sanitised (413), or all the
   * profile's blocks over 500 KB together (409). A write that does not make its block larger always
   * passes, so a profile stored over a limit before the limits existed can still be edited down.
   */
  async function ensureRoom(
    trx: Db,
    companyId: number,
    content: { before: number; after: number; exceptId?: number },
  ) {
    if (content.after <= content.before) return;
    if (content.after > MAX_BLOCK_CONTENT_BYTES) throw new DomainError('too_large', TOO_LARGE);
    const { total } = await trx
      .selectFrom('content_blocks')
      .select(sql<number | string | null>`sum(octet_length(block_content))`.as('total'))
      .where('company_id', '=', companyId)
      .$if(content.exceptId !== undefined, (query) => query.where('id', '!=', content.exceptId!))
      .executeTakeFirstOrThrow();
    const others = Number(total ?? 0);
    if (others + content.after > MAX_PROFILE_CONTENT_BYTES) {
      throw new DomainError(
        'conflict',
        `The blocks of a profile may hold at most 500 KB of content together (${MAX_PROFILE_CONTENT_BYTES} bytes); ` +
          `the other blocks hold ${others} bytes and this one would hold ${content.after}`,
      );
    }
  }

  return {
    async create(companyId: number, block: NewBlock) {
      ensureBlockSize(block.block_content ?? '');
      const content = storedContent(block.block_type, block.block_content ?? '');
      const now = clock().toISOString();
      const isPicture = PICTURE_BLOCK_TYPES.has(block.block_type);
      const row = await db.transaction().execute(async (trx) => {
        await lockCompany(trx, dialect, companyId);
        await ensureTypeIsFree(trx, companyId, block.block_type);
        await ensureRoom(trx, companyId, { before: 0, after: bytes(content) });
        const last = await trx
          .selectFrom('content_blocks')
          .where('company_id', '=', companyId)
          .select((eb) => eb.fn.max('block_position').as('position'))
          .executeTakeFirst();
        return trx
          .insertInto('content_blocks')
          .values({
            company_id: companyId,
            block_type: block.block_type,
            block_title: block.block_title?.trim() || BLOCK_TYPES[block.block_type],
            block_content: content,
            block_position:
              block.block_position ??
              (last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1),
            is_visible: flag(block.is_visible ?? true),
            hide_title: flag(isPicture || (block.hide_title ?? false)),
            block_width: block.block_width ?? defaultBlockWidth(block.block_type),
            start_new_row: flag(block.start_new_row ?? false),
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      return toBlock(row);
    },

    /**
     * Changes only the fields sent. The content is stored anew in every case, in the form of the
     * block's type after the change (a block whose type changes to custom has its text sanitised).
     */
    async update(companyId: number, blockId: number, changes: BlockChanges) {
      if (changes.block_content !== undefined) ensureBlockSize(changes.block_content);
      const row = await db.transaction().execute(async (trx) => {
        await lockCompany(trx, dialect, companyId);
        const current = await ownBlock(trx, companyId, blockId);
        const type = changes.block_type ?? current.block_type;
        if (type !== current.block_type) await ensureTypeIsFree(trx, companyId, type, blockId);
        const content = storedContent(type, changes.block_content ?? current.block_content);
        await ensureRoom(trx, companyId, {
          before: bytes(current.block_content),
          after: bytes(content),
          exceptId: blockId,
        });
        return trx
          .updateTable('content_blocks')
          .set({
            ...(changes.block_type !== undefined ? { block_type: changes.block_type } : {}),
            ...(changes.block_title !== undefined
              ? { block_title: changes.block_title.trim() || BLOCK_TYPES[type as BlockType] }
              : {}),
            block_content: content,
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
      });
      // The answer carries the block's images, as the profile does.
      return { ...toBlock(row), assets: await media.listForBlock(blockId) };
    },

    /**
     * Deletes a block with its images (rows and stored files) and numbers the remaining blocks
     * from 0 again, in their order.
     */
    async remove(companyId: number, blockId: number) {
      await ownBlock(db, companyId, blockId);
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
      if (sentIds.size !== order.length) throw new DomainError('invalid', 'Each block may appear only once');
      if (sentIds.size !== ownIds.size || [...sentIds].some((id) => !ownIds.has(id))) {
        throw new DomainError('invalid', "The order must list exactly this profile's blocks");
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

import type { Db } from '../../db/database.ts';
import { DEFAULT_DATA_BLOCKS } from '../../../core/block-types.ts';

/**
 * Gives a company that has no blocks the default data blocks as its own, so claiming a profile keeps
 * what visitors saw on it; the owner can hide, reorder or delete them like any other block. A company
 * that already has blocks keeps them as they are.
 */
export async function createDefaultBlocks(db: Db, companyId: number, now: string): Promise<void> {
  const existing = await db
    .selectFrom('content_blocks')
    .select('id')
    .where('company_id', '=', companyId)
    .limit(1)
    .executeTakeFirst();
  if (existing) return;
  await db
    .insertInto('content_blocks')
    .values(
      DEFAULT_DATA_BLOCKS.map((block, index) => ({
        company_id: companyId,
        block_type: block.block_type,
        block_title: block.block_title,
        block_content: '',
        block_position: index,
        is_visible: 1,
        hide_title: 0,
        block_width: block.block_width,
        start_new_row: block.start_new_row ? 1 : 0,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}

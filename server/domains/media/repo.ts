import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AssetsTable } from '../../db/schema.ts';

const assetColumns = [
  'id',
  'block_id',
  'storage_key',
  'url',
  'alt_text',
  'type',
  'width',
  'height',
  'variants',
] as const;

/** How many assets a block holds; takes a transaction too. */
async function countForBlock(db: Db, blockId: number) {
  const { count } = await db
    .selectFrom('assets')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('block_id', '=', blockId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export function createMediaRepo(db: Db) {
  return {
    /** A block of the company, or undefined when it has none with that id. */
    async findOwnBlock(companyId: number, blockId: number) {
      return db
        .selectFrom('content_blocks')
        .select(['id', 'block_type'])
        .where('id', '=', blockId)
        .where('company_id', '=', companyId)
        .executeTakeFirst();
    },

    async findOwnAsset(companyId: number, assetId: number) {
      return db
        .selectFrom('assets')
        .select(assetColumns)
        .where('id', '=', assetId)
        .where('company_id', '=', companyId)
        .executeTakeFirst();
    },

    /**
     * Adds an asset to a block unless the block already holds `limit` of them. The block row is
     * touched first: that write lock serialises concurrent uploads to one block on both dialects,
     * so the count cannot be outrun. Null when the block is full; undefined when it is gone.
     */
    async insertWithinLimit(asset: Insertable<AssetsTable> & { block_id: number }, limit: number) {
      return db.transaction().execute(async (trx) => {
        const touched = await trx
          .updateTable('content_blocks')
          .set({ updated_at: asset.created_at })
          .where('id', '=', asset.block_id)
          .where('company_id', '=', asset.company_id)
          .executeTakeFirst();
        if (touched.numUpdatedRows === 0n) return undefined;
        if ((await countForBlock(trx, asset.block_id)) >= limit) return null;
        return trx.insertInto('assets').values(asset).returning(assetColumns).executeTakeFirstOrThrow();
      });
    },

    countForBlock: (blockId: number) => countForBlock(db, blockId),

    async listForBlock(blockId: number) {
      return db
        .selectFrom('assets')
        .select(assetColumns)
        .where('block_id', '=', blockId)
        .orderBy('id')
        .execute();
    },

    async delete(assetId: number) {
      await db.deleteFrom('assets').where('id', '=', assetId).execute();
    },

    /** Deletes the assets of a block and returns their storage keys (original and copies). */
    async deleteForBlock(blockId: number) {
      return db
        .deleteFrom('assets')
        .where('block_id', '=', blockId)
        .returning(['storage_key', 'variants'])
        .execute();
    },
  };
}

export type MediaRepo = ReturnType<typeof createMediaRepo>;

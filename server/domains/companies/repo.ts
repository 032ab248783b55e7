import type { Db } from '../../db/database.ts';

export function createCompaniesRepo(db: Db) {
  return {
    async findByDot(dotNumber: number) {
      return db.selectFrom('companies').selectAll().where('dot_number', '=', dotNumber).executeTakeFirst();
    },

    /** Stores the owner's custom CSS as written; it is sanitised and scoped whenever it is served. */
    async updateCss(companyId: number, css: string, now: string) {
      await db.updateTable('companies').set({ css, updated_at: now }).where('id', '=', companyId).execute();
    },

    /**
     * A company's blocks in page order with their images. Hidden blocks (and so their images) are
     * read only for the owner's own views: `includeHidden` is never set for a public one.
     */
    async blocksWithAssets(companyId: number, { includeHidden }: { includeHidden: boolean }) {
      const blocks = await db
        .selectFrom('content_blocks')
        .selectAll()
        .where('company_id', '=', companyId)
        .$if(!includeHidden, (query) => query.where('is_visible', '=', 1))
        .orderBy('block_position')
        .orderBy('id')
        .execute();
      const assets =
        blocks.length === 0
          ? []
          : await db
              .selectFrom('assets')
              .select(['id', 'block_id', 'url', 'alt_text', 'type', 'width', 'height', 'variants'])
              .where(
                'block_id',
                'in',
                blocks.map((block) => block.id),
              )
              .orderBy('id')
              .execute();
      return { blocks, assets };
    },

    /** Capacity entries from a day on (ISO days sort as text; 9999-12-31, 'Anytime', sorts last). */
    async capacityFrom(companyId: number, fromDay: string) {
      return db
        .selectFrom('capacity_entries')
        .select(['id', 'date', 'trailer', 'origin', 'destination'])
        .where('company_id', '=', companyId)
        .where('date', '>=', fromDay)
        .orderBy('date')
        .orderBy('id')
        .execute();
    },

    /** Averages of the completed ratings of a company. */
    async ratingAverages(companyId: number) {
      return db
        .selectFrom('rating_requests')
        .where('company_id', '=', companyId)
        .where('completed_at', 'is not', null)
        .select((eb) => [
          eb.fn.avg<number | string | null>('on_time_rating').as('avg_on_time'),
          eb.fn.avg<number | string | null>('communication_rating').as('avg_communication'),
          eb.fn.avg<number | string | null>('service_rating').as('avg_service'),
          eb.fn.countAll<number | string>().as('total_ratings'),
        ])
        .executeTakeFirstOrThrow();
    },
  };
}

export type CompaniesRepo = ReturnType<typeof createCompaniesRepo>;

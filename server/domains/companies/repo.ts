import type { DataDates } from '../../../core/record-facts.ts';
import { compiledQuery } from '../../db/compiled-query.ts';
import type { Db } from '../../db/database.ts';
import { sql, type Selectable } from 'kysely';
import type { ContentBlocksTable, DataImportsTable } from '../../db/schema.ts';

export function createCompaniesRepo(db: Db) {
  // The profile page's reads, compiled once (server/db/compiled-query.ts): every profile view runs them.
  const companyWithDataDates = compiledQuery(db, 1, (dotNumber: number) =>
    db
      .selectFrom('companies')
      .selectAll('companies')
      .select((eb) => {
        const newest = (table: DataImportsTable['table_name']) =>
          eb
            .selectFrom('data_imports')
            .select((imports) => imports.fn.max('as_of').as('as_of'))
            .where('table_name', '=', table);
        return [
          newest('companies').as('census_as_of'),
          newest('inspections').as('inspections_through'),
          newest('crashes').as('crashes_through'),
          newest('violations').as('violations_through'),
          eb
            .selectFrom('data_imports')
            .select((imports) => imports.fn.max('imported_at').as('imported_at'))
            .where('table_name', 'in', ['inspections', 'crashes'])
            .as('activity_imported_at'),
          // Whether the page has blocks or ratings to read at all: most profiles have neither.
          eb
            .selectFrom('content_blocks')
            .select(sql<number>`1`.as('one'))
            .whereRef('content_blocks.company_id', '=', 'companies.id')
            .where('content_blocks.is_visible', '=', 1)
            .limit(1)
            .as('has_visible_blocks'),
          eb
            .selectFrom('rating_requests')
            .select(sql<number>`1`.as('one'))
            .whereRef('rating_requests.company_id', '=', 'companies.id')
            .where('rating_requests.completed_at', 'is not', null)
            .limit(1)
            .as('has_ratings'),
        ];
      })
      .where('dot_number', '=', dotNumber),
  );
  // One read: each block with its images joined (a block without images comes once, with nulls).
  const blockRows = (includeHidden: boolean) =>
    compiledQuery(db, 1, (companyId: number) =>
      db
        .selectFrom('content_blocks')
        .leftJoin('assets', 'assets.block_id', 'content_blocks.id')
        .selectAll('content_blocks')
        .select([
          'assets.id as asset_id',
          'assets.url as asset_url',
          'assets.alt_text as asset_alt_text',
          'assets.type as asset_type',
          'assets.width as asset_width',
          'assets.height as asset_height',
          'assets.variants as asset_variants',
        ])
        .where('content_blocks.company_id', '=', companyId)
        .$if(!includeHidden, (query) => query.where('content_blocks.is_visible', '=', 1))
        .orderBy('content_blocks.block_position')
        .orderBy('content_blocks.id')
        .orderBy('assets.id'),
    );
  const visibleBlockRows = blockRows(false);
  const allBlockRows = blockRows(true);

  return {
    async findByDot(dotNumber: number) {
      return db.selectFrom('companies').selectAll().where('dot_number', '=', dotNumber).executeTakeFirst();
    },

    /**
     * A company with how current the carrier data is (carrier-data repo's dataDates), in one read:
     * the public profile page needs both, and the dates are small subqueries. `activityImportedAt`,
     * when inspections or crashes were last imported, tells whether the profile's counts kept by the
     * carrier-data service still hold.
     */
    async findByDotWithDataDates(dotNumber: number) {
      const [row] = await companyWithDataDates(dotNumber);
      if (!row) return undefined;
      const {
        census_as_of,
        inspections_through,
        crashes_through,
        violations_through,
        activity_imported_at,
        has_visible_blocks,
        has_ratings,
        ...company
      } = row;
      const dataDates: DataDates = { census_as_of, inspections_through, crashes_through, violations_through };
      return {
        company,
        dataDates,
        activityImportedAt: activity_imported_at,
        hasVisibleBlocks: has_visible_blocks !== null,
        hasRatings: has_ratings !== null,
      };
    },

    /** Stores the owner's custom CSS as written and as pages serve it (sanitised and scoped). */
    async updateCss(companyId: number, css: { css: string; scoped_css: string }, now: string) {
      await db
        .updateTable('companies')
        .set({ ...css, updated_at: now })
        .where('id', '=', companyId)
        .execute();
    },

    /**
     * A company's blocks in page order with their images. Hidden blocks (and so their images) are
     * read only for the owner's own views: `includeHidden` is never set for a public one.
     */
    async blocksWithAssets(companyId: number, { includeHidden }: { includeHidden: boolean }) {
      const rows = await (includeHidden ? allBlockRows : visibleBlockRows)(companyId);
      const blocks = new Map<number, Selectable<ContentBlocksTable>>();
      const assets = [];
      for (const {
        asset_id,
        asset_url,
        asset_alt_text,
        asset_type,
        asset_width,
        asset_height,
        asset_variants,
        ...block
      } of rows) {
        if (!blocks.has(block.id)) blocks.set(block.id, block);
        if (asset_id === null) continue;
        assets.push({
          id: asset_id,
          block_id: block.id,
          url: asset_url!,
          alt_text: asset_alt_text!,
          type: asset_type!,
          width: asset_width,
          height: asset_height,
          variants: asset_variants!,
        });
      }
      return { blocks: [...blocks.values()], assets };
    },
  };
}

export type CompaniesRepo = ReturnType<typeof createCompaniesRepo>;

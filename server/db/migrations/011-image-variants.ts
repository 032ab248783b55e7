import type { Kysely, Migration } from 'kysely';

/**
 * Responsive images (docs/decisions/027-responsive-images-and-keyboard-map.md): each asset records
 * its pixel size and the smaller and WebP copies made at upload, as a JSON list of
 * { key, format, width, height }. Images stored before have no size and no copies ('[]'); pages
 * show them from the original file as before, until the owner uploads them again.
 */
export const imageVariantsSchema: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('assets').addColumn('width', 'integer').execute();
    await db.schema.alterTable('assets').addColumn('height', 'integer').execute();
    await db.schema
      .alterTable('assets')
      .addColumn('variants', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
  },
};

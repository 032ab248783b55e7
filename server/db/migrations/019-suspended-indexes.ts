import type { Kysely, Migration } from 'kysely';

/**
 * The secondary indexes a bulk load dropped and has not built again yet (server/db/bulk-load.ts).
 * Written in the same transaction as the drops, so an import killed mid-file (kill -9) leaves the
 * definitions behind, and the next import builds those indexes before it does anything else.
 */
export const suspendedIndexesSchema: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('suspended_indexes')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('table_name', 'text', (c) => c.notNull())
      .addColumn('definition', 'text', (c) => c.notNull())
      .execute();
  },
};

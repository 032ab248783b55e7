import type { Kysely, Migration } from 'kysely';

/**
 * Issue 16 (docs/decisions/024-honest-dated-carrier-data.md): the census's hazmat and passenger-carrier
 * flags (0/1, null until a census that carries them is imported), and one row per imported file with
 * the day its data describes, so pages can say how old the data is.
 */
export const honestDatedCarrierData: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('companies').addColumn('hm_flag', 'integer').execute();
    await db.schema.alterTable('companies').addColumn('pc_flag', 'integer').execute();

    await db.schema
      .createTable('data_imports')
      .addColumn('dataset', 'text', (c) => c.notNull())
      .addColumn('table_name', 'text', (c) => c.notNull())
      .addColumn('file', 'text', (c) => c.notNull())
      .addColumn('as_of', 'text', (c) => c.notNull())
      .addColumn('imported_rows', 'integer', (c) => c.notNull())
      .addColumn('imported_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('data_imports_pkey', ['dataset', 'imported_at', 'file'])
      .execute();
  },
};

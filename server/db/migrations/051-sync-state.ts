import type { Kysely, Migration } from 'kysely';

/**
 * The portal sync's state (cli/sync): per portal dataset, the version last imported (the portal's
 * rowsUpdatedAt, Unix seconds) and when a sync last found it current; and the lease one sync holds
 * at a time, across processes and instances (server/domains/sync/repo.ts).
 */
export const syncStateSchema: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('sync_datasets')
      .addColumn('dataset_id', 'text', (c) => c.primaryKey())
      .addColumn('rows_updated_at', 'bigint', (c) => c.notNull())
      .addColumn('synced_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('sync_lease')
      .addColumn('name', 'text', (c) => c.primaryKey())
      // host:pid:random of the process holding it.
      .addColumn('holder', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
  },
};

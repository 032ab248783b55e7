import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../migrate.ts';

/**
 * Uploaded media on PostgreSQL (docs/decisions/037-shared-rate-limits-and-media.md): every instance of
 * a deployment serves every image, so the bytes live in the database, not on one instance's disk.
 * A file is a run of chunks (`part` 0, 1, ...) so it can be streamed without holding it whole.
 * SQLite deployments keep their media under DATA_DIR/media: no table there.
 */
export function mediaInDatabaseSchema(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await db.schema
        .createTable('media_chunks')
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('part', 'integer', (c) => c.notNull())
        .addColumn('data', 'bytea', (c) => c.notNull())
        .addPrimaryKeyConstraint('media_chunks_pkey', ['key', 'part'])
        .execute();
    },
  };
}

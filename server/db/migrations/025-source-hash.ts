import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../migrate.ts';

/**
 * SQLite: companies.source_hash, a hash of the census values a row was last written with, which the
 * importer compares before writing (server/db/upsert-rows.ts, docs/decisions/052-unchanged-rows-dropped-by-hash.md).
 * Rows start without one: the first census imported afterwards writes every carrier's hash once
 * (without marking the carriers changed), and later months skip the unchanged ones.
 * PostgreSQL compares rows in its own processes and needs no such column.
 */
export function sourceHashSchema(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'sqlite') return;
      await sql`ALTER TABLE companies ADD COLUMN source_hash integer`.execute(db);
    },
  };
}

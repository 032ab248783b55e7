import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../migrate.ts';

/**
 * Issue 56, vetting reports: each report as made, kept whole in the database (its PDF's bytes and
 * the canonical content they were rendered from) so every instance serves the same bytes and an
 * import never changes them (docs/decisions/110-vetting-report-hashes.md). Expired reports are
 * deleted by their expiry, which the index finds.
 */
export function vettingReportsSchema(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('vetting_reports')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('dot_number', 'integer', (c) => c.notNull())
        .addColumn('legal_name', 'text', (c) => c.notNull())
        .addColumn('verdict', 'text', (c) => c.notNull())
        .addColumn('made_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('content_sha256', 'text', (c) => c.notNull())
        .addColumn('pdf', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('pdf_sha256', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('vetting_reports_expiry')
        .on('vetting_reports')
        .column('expires_at')
        .execute();
    },
  };
}

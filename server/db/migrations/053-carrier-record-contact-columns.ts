import type { Kysely, Migration } from 'kysely';

/** The census columns the record history follows that companies did not keep yet (issue 52). */
const COLUMNS = [
  'cell_phone',
  'fax',
  'mail_street',
  'mail_city',
  'mail_state',
  'mail_zip',
  'mail_country',
  'safety_rating_date',
] as const;

/**
 * Companies keep the carrier's cell phone, fax, mailing address and safety rating date, so a census
 * refresh can tell when they change. Rows start without them, and with no census_fields_version:
 * until a Company Census writes the row, an empty one of these columns means unknown, not empty, and
 * its first value is no change (server/domains/history/record-changes.ts). Nullable columns without
 * a default: no table is rewritten.
 */
export function carrierRecordContactColumns(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const column of COLUMNS) {
        await db.schema.alterTable('companies').addColumn(column, 'text').execute();
      }
      await db.schema.alterTable('companies').addColumn('census_fields_version', 'integer').execute();
    },
  };
}

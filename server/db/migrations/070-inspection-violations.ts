import type { Kysely, Migration } from 'kysely';

/**
 * Issue 56, safety detail: the violations of each inspection (SMS Input - Violation, 8mt8-2mdr),
 * keyed by inspection, unit and violation code, and the inspected vehicles' VINs (SMS Input -
 * Inspection, VIN and VIN2) for a later fraud signal. A violation keeps its inspection's DOT number
 * and day, so the counts per BASIC of a 24-month window read this table's index alone; state and
 * level come from the inspection by its id. Nullable VIN columns without a default: no table is
 * rewritten.
 */
export const inspectionViolationsSchema: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('inspections').addColumn('vin', 'text').execute();
    await db.schema.alterTable('inspections').addColumn('vin2', 'text').execute();

    await db.schema
      .createTable('violations')
      .addColumn('violation_key', 'text', (c) => c.primaryKey())
      .addColumn('inspection_id', 'text', (c) => c.notNull())
      .addColumn('dot_number', 'integer', (c) => c.notNull())
      .addColumn('insp_date', 'text', (c) => c.notNull())
      .addColumn('viol_code', 'text', (c) => c.notNull())
      .addColumn('basic', 'text')
      .addColumn('description', 'text')
      .addColumn('unit', 'text')
      .addColumn('oos', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('violations_inspection').on('violations').column('inspection_id').execute();
    await db.schema
      .createIndex('violations_dot_basic_counts')
      .on('violations')
      .columns(['dot_number', 'insp_date', 'basic', 'oos'])
      .execute();
  },
};

import type { Kysely, Migration } from 'kysely';

/** FMCSA inspections and crashes, keyed by their own ids and joined to carriers by DOT number. */
export const carrierDataSchema: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('companies').addColumn('mcs150_date', 'text').execute();
    await db.schema.alterTable('companies').addColumn('add_date', 'text').execute();

    await db.schema
      .createTable('inspections')
      .addColumn('inspection_id', 'text', (c) => c.primaryKey())
      .addColumn('dot_number', 'integer', (c) => c.notNull())
      .addColumn('insp_date', 'text', (c) => c.notNull())
      .addColumn('report_state', 'text')
      .addColumn('report_number', 'text')
      .addColumn('insp_level_id', 'integer', (c) => c.notNull())
      .addColumn('viol_total', 'integer', (c) => c.notNull())
      .addColumn('oos_total', 'integer', (c) => c.notNull())
      .addColumn('driver_oos_total', 'integer', (c) => c.notNull())
      .addColumn('vehicle_oos_total', 'integer', (c) => c.notNull())
      .addColumn('hazmat_oos_total', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('inspections_dot_date')
      .on('inspections')
      .columns(['dot_number', 'insp_date'])
      .execute();

    await db.schema
      .createTable('crashes')
      .addColumn('crash_id', 'text', (c) => c.primaryKey())
      .addColumn('dot_number', 'integer', (c) => c.notNull())
      .addColumn('report_date', 'text', (c) => c.notNull())
      .addColumn('report_state', 'text')
      .addColumn('fatalities', 'integer', (c) => c.notNull())
      .addColumn('injuries', 'integer', (c) => c.notNull())
      .addColumn('tow_away', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('crashes_dot_date')
      .on('crashes')
      .columns(['dot_number', 'report_date'])
      .execute();
  },
};

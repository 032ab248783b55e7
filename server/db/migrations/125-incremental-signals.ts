import type { Kysely, Migration } from 'kysely';

/**
 * Issue 55, the daily build of links and signals made incremental (docs/decisions/155): what it
 * has still to do is kept in tables, so a killed run leaves it for the next one.
 * - `signals_due`: carriers whose signals must be computed again (their row, L&I or out-of-service
 *   flags changed, or a key they hold did).
 * - `changed_link_keys`: keys whose holders changed since the shared keys were counted.
 * - `vin_link_keys_next`: the VIN keys of today's window, compared with the stored ones.
 * - `carrier_signals_next`: the signals of the rules computed whole, compared with the stored ones.
 * - `signals_state.version`: the rules' fingerprint the signals were computed with; another one
 *   means the rules changed and every signal is computed again.
 * Indexes: the carriers written since a time (the census keys of a daily build), and a rule's
 * signals (the rules a daily build computes whole compare theirs). The dated L&I rows the windowed
 * rules read have theirs since migration 057.
 */
export const incrementalSignalsSchema: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('signals_due')
      .addColumn('dot_number', 'integer', (c) => c.primaryKey())
      .execute();
    await db.schema
      .createTable('changed_link_keys')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('changed_link_keys_pkey', ['kind', 'key'])
      .execute();
    await db.schema
      .createTable('vin_link_keys_next')
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('dot_number', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('vin_link_keys_next_pkey', ['key', 'dot_number'])
      .execute();
    await db.schema
      .createTable('carrier_signals_next')
      .addColumn('dot_number', 'integer', (c) => c.notNull())
      .addColumn('rule', 'text', (c) => c.notNull())
      .addColumn('rests_on', 'text')
      .addColumn('detail', 'text')
      .addPrimaryKeyConstraint('carrier_signals_next_pkey', ['dot_number', 'rule'])
      .execute();
    await db.schema.alterTable('signals_state').addColumn('version', 'text').execute();
    await db.schema
      .createIndex('companies_updated_at')
      .on('companies')
      .columns(['updated_at', 'dot_number'])
      .execute();
    await db.schema
      .createIndex('carrier_signals_rule')
      .on('carrier_signals')
      .columns(['rule', 'dot_number'])
      .execute();
  },
};

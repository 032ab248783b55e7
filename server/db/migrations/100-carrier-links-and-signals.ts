import type { Kysely, Migration } from 'kysely';

/**
 * Issue 55, connected carriers and risk signals. Companies keep what the Company Census says of a
 * prior revocation (PRIOR_REVOKE_FLAG, PRIOR_REVOKE_DOT_NUMBER) and of undeliverable mail (UNDELIV_PHY,
 * CARRIER_MAILING_UND_DATE), and whether a risk signal holds (for the search's filter). The link keys
 * are each carrier's normalised contact details, officers and recently inspected VINs (core/contact-
 * keys.ts); the shared keys are those held by more than one carrier, with how many; the signals are
 * keyed by carrier and rule. Nullable columns or constant defaults: no table is rewritten.
 */
export const carrierLinksAndSignalsSchema: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('companies').addColumn('prior_revoke_flag', 'integer').execute();
    await db.schema.alterTable('companies').addColumn('prior_revoke_dot_number', 'integer').execute();
    await db.schema.alterTable('companies').addColumn('phy_undeliverable', 'integer').execute();
    await db.schema.alterTable('companies').addColumn('mail_undeliverable_on', 'text').execute();
    await db.schema
      .alterTable('companies')
      .addColumn('risk_signals', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable('carrier_link_keys')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('dot_number', 'integer', (c) => c.notNull())
      .execute();
    // Indexes, not a primary key: each carrier's keys are written once (the builder removes them
    // first), and a first build of every carrier's keys drops both and builds them sorted afterwards.
    await db.schema
      .createIndex('carrier_link_keys_key')
      .on('carrier_link_keys')
      .columns(['kind', 'key', 'dot_number'])
      .execute();
    // A carrier's own keys, read from the index alone.
    await db.schema
      .createIndex('carrier_link_keys_dot')
      .on('carrier_link_keys')
      .columns(['dot_number', 'kind', 'key'])
      .execute();

    await db.schema
      .createTable('shared_link_keys')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('carriers', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('shared_link_keys_pkey', ['kind', 'key'])
      .execute();

    await db.schema
      .createTable('carrier_signals')
      .addColumn('dot_number', 'integer', (c) => c.notNull())
      .addColumn('rule', 'text', (c) => c.notNull())
      .addColumn('rests_on', 'text')
      .addColumn('detail', 'text')
      .addPrimaryKeyConstraint('carrier_signals_pkey', ['dot_number', 'rule'])
      .execute();
    // The carriers FMCSA names as successors of a revoked one, found from the revoked carrier's page.
    await db.schema
      .createIndex('companies_prior_revoke_dot')
      .on('companies')
      .column('prior_revoke_dot_number')
      .where('prior_revoke_dot_number', 'is not', null)
      .execute();
    // Up to when the link keys were built from the companies rows (an ISO time), so the next
    // computation rebuilds only the carriers written since.
    await db.schema
      .createTable('signals_state')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('through_at', 'text', (c) => c.notNull())
      .execute();
  },
};

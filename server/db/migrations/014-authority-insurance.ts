import type { Kysely, Migration } from 'kysely';

/**
 * Issue 18 (docs/decisions/035-authority-insurance-verdict.md): FMCSA's Licensing & Insurance data.
 * Everything is keyed by the canonical docket ('MC139446': prefix + number without leading zeros);
 * `li_dockets` joins a docket to its USDOT number. Rows of several columns' identity carry one text
 * key (`authority_key` = 'MC139446|common', ...) so the importer's upserts match on one column.
 * The two companies flags are the verdict's answers, kept on the carrier row so search filters on
 * them cheaply; partial indexes hold only the carriers that have them.
 */
export const authorityInsuranceSchema: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('li_dockets')
      .addColumn('docket', 'text', (c) => c.primaryKey())
      .addColumn('dot_number', 'integer')
      .addColumn('legal_name', 'text')
      .addColumn('dba_name', 'text')
      .addColumn('bipd_required_dollars', 'integer')
      .addColumn('bipd_on_file_dollars', 'integer')
      .addColumn('cargo_required', 'integer')
      .addColumn('cargo_on_file', 'integer')
      .addColumn('bond_required', 'integer')
      .addColumn('bond_on_file', 'integer')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('li_dockets_dot').on('li_dockets').column('dot_number').execute();

    await db.schema
      .createTable('li_authorities')
      .addColumn('authority_key', 'text', (c) => c.primaryKey())
      .addColumn('docket', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('li_authorities_docket').on('li_authorities').column('docket').execute();

    await db.schema
      .createTable('li_authority_events')
      .addColumn('event_key', 'text', (c) => c.primaryKey())
      .addColumn('docket', 'text', (c) => c.notNull())
      .addColumn('kind', 'text')
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('action_on', 'text')
      .addColumn('final_action', 'text')
      .addColumn('final_on', 'text')
      .execute();
    await db.schema
      .createIndex('li_authority_events_docket')
      .on('li_authority_events')
      .column('docket')
      .execute();

    await db.schema
      .createTable('li_insurance')
      .addColumn('filing_key', 'text', (c) => c.primaryKey())
      .addColumn('docket', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('form_code', 'text')
      .addColumn('insurer', 'text')
      .addColumn('policy_number', 'text')
      .addColumn('amount_dollars', 'integer')
      .addColumn('effective_on', 'text')
      .addColumn('cancellation_effective_on', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('li_insurance_docket').on('li_insurance').column('docket').execute();

    await db.schema
      .createTable('li_revocations')
      .addColumn('revocation_key', 'text', (c) => c.primaryKey())
      .addColumn('docket', 'text', (c) => c.notNull())
      .addColumn('kind', 'text')
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('served_on', 'text')
      .addColumn('effective_on', 'text')
      .execute();
    await db.schema.createIndex('li_revocations_docket').on('li_revocations').column('docket').execute();

    // Dockets an import touched whose carriers' flags are still to be recomputed: a table, not a
    // set in memory, so a file of millions of rows keeps the importer's memory bounded.
    await db.schema
      .createTable('li_flags_due')
      .addColumn('docket', 'text', (c) => c.primaryKey())
      .execute();

    for (const flag of ['authorized_for_hire', 'insurance_on_file']) {
      await db.schema
        .alterTable('companies')
        .addColumn(flag, 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex(`companies_${flag}`)
        .on('companies')
        .column('dot_number')
        .where(flag as never, '=', 1)
        .execute();
    }
  },
};

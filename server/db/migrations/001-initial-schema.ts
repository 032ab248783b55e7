import type { CreateTableBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from '../migrate.ts';

/** The first schema: the tables every domain stands on. Later issues add their own migrations. */
export function initialSchema(dialect: Dialect): Migration {
  // An auto-numbered integer key, spelled the way each dialect wants it.
  const withId = <T extends string>(table: CreateTableBuilder<T, never>) =>
    table.addColumn('id', 'integer', (column) =>
      dialect === 'postgres'
        ? column.primaryKey().generatedByDefaultAsIdentity()
        : column.primaryKey().autoIncrement(),
    );

  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('companies'))
        .addColumn('dot_number', 'integer', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('dba_name', 'text')
        .addColumn('mc_number', 'text')
        .addColumn('email', 'text')
        .addColumn('phone', 'text')
        .addColumn('phy_street', 'text')
        .addColumn('phy_city', 'text')
        .addColumn('phy_state', 'text')
        .addColumn('phy_zip', 'text')
        .addColumn('phy_country', 'text')
        .addColumn('phy_cnty', 'text')
        .addColumn('power_units', 'integer')
        .addColumn('truck_units', 'integer')
        .addColumn('total_drivers', 'integer')
        .addColumn('total_cdl', 'integer')
        .addColumn('mcs150_mileage', 'bigint')
        .addColumn('mcs150_mileage_year', 'integer')
        .addColumn('business_org_desc', 'text')
        .addColumn('carrier_operation', 'text')
        .addColumn('status_code', 'text')
        .addColumn('safety_rating', 'text')
        .addColumn('company_officer_1', 'text')
        .addColumn('company_officer_2', 'text')
        .addColumn('carship', 'text')
        .addColumn('cargo_codes', 'text')
        .addColumn('cargo_other_desc', 'text')
        .addColumn('latitude', 'real')
        .addColumn('longitude', 'real')
        .addColumn('claimed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('css', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('companies_mc_number').on('companies').column('mc_number').execute();

      await withId(db.schema.createTable('users'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('users_company_email', ['company_id', 'email'])
        .execute();
      await db.schema.createIndex('users_email').on('users').column('email').execute();

      await withId(db.schema.createTable('content_blocks'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
        .addColumn('block_type', 'text', (c) => c.notNull())
        .addColumn('block_title', 'text', (c) => c.notNull())
        .addColumn('block_content', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('block_position', 'integer', (c) => c.notNull())
        .addColumn('is_visible', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('hide_title', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('block_width', 'text', (c) => c.notNull().defaultTo('full'))
        .addColumn('start_new_row', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('content_blocks_company')
        .on('content_blocks')
        .column('company_id')
        .execute();

      await withId(db.schema.createTable('assets'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
        .addColumn('block_id', 'integer', (c) => c.references('content_blocks.id').onDelete('set null'))
        .addColumn('storage_key', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('alt_text', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('type', 'text', (c) => c.notNull().defaultTo('image'))
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('byte_size', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('assets_block').on('assets').column('block_id').execute();

      await withId(db.schema.createTable('capacity_entries'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('trailer', 'text', (c) => c.notNull())
        .addColumn('origin', 'text', (c) => c.notNull())
        .addColumn('destination', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('capacity_entries_company')
        .on('capacity_entries')
        .column('company_id')
        .execute();

      await db.schema
        .createTable('rating_requests')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
        .addColumn('reviewer_email', 'text', (c) => c.notNull())
        .addColumn('load_number', 'text', (c) => c.notNull())
        .addColumn('on_time_rating', 'integer')
        .addColumn('communication_rating', 'integer')
        .addColumn('service_rating', 'integer')
        .addColumn('comment', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('completed_at', 'text')
        .execute();
      await db.schema
        .createIndex('rating_requests_company_reviewer')
        .on('rating_requests')
        .columns(['company_id', 'reviewer_email', 'created_at'])
        .execute();

      await withId(db.schema.createTable('login_tokens'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('outbox_messages'))
        .addColumn('to_address', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('html_body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}

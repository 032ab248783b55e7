import type { Kysely, Migration } from 'kysely';

/**
 * Secrets every instance of one deployment shares (docs/decisions/031-several-instances-safe-together.md):
 * on PostgreSQL without JWT_SECRET, the session secret is generated once and kept here, so all
 * instances sign and check sessions the same way. SQLite deployments keep theirs in DATA_DIR/jwt-secret.
 */
export const deploymentSecretsSchema: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('deployment_secrets')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
};

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { DatabaseConfig } from '../../server/config.ts';
import { openDatabase, type Db } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';

export interface TestDatabase {
  db: Db;
  config: DatabaseConfig;
  destroy: () => Promise<void>;
}

/**
 * A fresh, migrated database for one test file. SQLite by default (in memory); on PostgreSQL when
 * TEST_DATABASE_URL points at a cluster (scripts/test.sh starts a private one), where each call
 * creates its own database and drops it afterwards.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const clusterUrl = process.env.TEST_DATABASE_URL;
  if (!clusterUrl) {
    const config: DatabaseConfig = { dialect: 'sqlite', filename: ':memory:' };
    const db = openDatabase(config);
    await migrateToLatest(db, 'sqlite');
    return { db, config, destroy: () => db.destroy().catch(() => undefined) };
  }

  const name = `carrierpage_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();

  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  const config: DatabaseConfig = { dialect: 'postgres', url: url.toString() };
  const db = openDatabase(config);
  await migrateToLatest(db, 'postgres');
  return {
    db,
    config,
    destroy: async () => {
      // Tolerates a pool a test has already closed on purpose.
      await db.destroy().catch(() => undefined);
      const cleanup = new pg.Client({ connectionString: clusterUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export const testDialect: 'sqlite' | 'postgres' = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';

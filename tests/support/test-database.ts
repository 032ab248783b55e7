import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseConfig } from '../../server/config.ts';
import { openDatabase, type Db } from '../../server/db/database.ts';
import { migrateTo } from '../../server/db/migrate.ts';

export interface TestDatabase {
  db: Db;
  config: DatabaseConfig;
  destroy: () => Promise<void>;
}

/**
 * A fresh, migrated database for one test file. SQLite by default (in memory); on PostgreSQL when
 * TEST_DATABASE_URL points at a cluster (scripts/test.sh starts a private one), where each call
 * creates its own database and drops it afterwards. `migratedTo` names the last migration to run
 * (a migration's test starts from the schema before it); all of them by default.
 */
export async function createTestDatabase({ migratedTo = 'latest' } = {}): Promise<TestDatabase> {
  const clusterUrl = process.env.TEST_DATABASE_URL;
  if (!clusterUrl) {
    const config: DatabaseConfig = { dialect: 'sqlite', filename: ':memory:' };
    const db = openDatabase(config);
    await migrateTo(db, 'sqlite', migratedTo);
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
  await migrateTo(db, 'postgres', migratedTo);
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

/**
 * Stores of the test dialect that a child process can open too (SQLite: a file in `dir`, not memory;
 * PostgreSQL: a database of the test cluster), for tests that compare a killed run's store with an
 * uninterrupted one's; `destroyAll` closes and drops them.
 */
export function childProcessStores(dir: string) {
  const stores: TestDatabase[] = [];
  return {
    async create(name: string): Promise<{ config: DatabaseConfig; db: Db }> {
      if (testDialect === 'sqlite') {
        const config: DatabaseConfig = { dialect: 'sqlite', filename: path.join(dir, `${name}.db`) };
        const db = openDatabase(config);
        stores.push({ db, config, destroy: () => db.destroy() });
        return { config, db };
      }
      const store = await createTestDatabase();
      stores.push(store);
      return store;
    },
    async destroyAll(): Promise<void> {
      for (const store of stores) await store.destroy();
    },
  };
}

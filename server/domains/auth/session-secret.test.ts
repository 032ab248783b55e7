import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialect, type TestDatabase } from '../../../tests/support/test-database.ts';
import { buildApp, type App } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase, type Db } from '../../db/database.ts';
import { resolveSessionSecret } from './session-secret.ts';

/**
 * Two instances of one deployment without JWT_SECRET: two apps on the same database (each with a
 * pool of its own on PostgreSQL) and the same DATA_DIR, as a deployment's instances share them.
 */
describe(`one session secret for every instance, on ${testDialect}`, () => {
  let database: TestDatabase;
  let secondPool: Db;
  let dataDir: string;
  let instances: App[];

  function configWithoutSecret() {
    const databaseUrl =
      database.config.dialect === 'postgres'
        ? database.config.url
        : `sqlite:${path.join(dataDir, 'unused.db')}`;
    return {
      ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' }),
      database: database.config,
    };
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    // SQLite in memory cannot be opened twice; both apps then share the one connection, as
    // instances on one SQLite file would share the file.
    secondPool = database.config.dialect === 'postgres' ? openDatabase(database.config) : database.db;
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-secret-'));
    instances = await Promise.all(
      [database.db, secondPool].map((db) => buildApp({ config: configWithoutSecret(), db, logger: false })),
    );
    const now = new Date().toISOString();
    await database.db
      .insertInto('companies')
      .values({ dot_number: 31001, name: 'SHARED SECRET LLC', claimed: 1, created_at: now, updated_at: now })
      .execute();
  });
  afterAll(async () => {
    await Promise.all(instances.map((app) => app.fastify.close()));
    if (secondPool !== database.db) await secondPool.destroy();
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function signOnFirstInstance(email: string): Promise<string> {
    const now = new Date().toISOString();
    const company = await database.db
      .selectFrom('companies')
      .select(['id', 'dot_number'])
      .where('dot_number', '=', 31001)
      .executeTakeFirstOrThrow();
    const user = await database.db
      .insertInto('users')
      .values({ company_id: company.id, email, is_admin: 1, is_active: 1, created_at: now, updated_at: now })
      .returning(['id', 'session_version'])
      .executeTakeFirstOrThrow();
    return instances[0]!.services.sessions.sign({
      sub: String(company.id),
      dot: String(company.dot_number),
      user_id: user.id,
      is_admin: true,
      email,
      session_version: user.session_version,
    });
  }

  it('accepts on the second instance a session signed by the first', async () => {
    const token = await signOnFirstInstance('owner@example.com');
    const response = await instances[1]!.fastify.inject({
      method: 'GET',
      url: '/api/v1/users',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
  });

  it('gives instances starting at the same moment the same secret', async () => {
    const config = configWithoutSecret();
    const [first, second] = await Promise.all([
      resolveSessionSecret(config, database.db),
      resolveSessionSecret(config, secondPool),
    ]);
    expect(first).toBe(second);
    expect(first.length).toBeGreaterThanOrEqual(32);
  });

  it.runIf(testDialect === 'postgres')(
    'keeps the secret in the database on PostgreSQL, not in DATA_DIR',
    async () => {
      expect(configWithoutSecret().jwtSecret).toBeNull();
      const rows = await database.db.selectFrom('deployment_secrets').select('name').execute();
      expect(rows).toEqual([{ name: 'session' }]);
      expect(existsSync(path.join(dataDir, 'jwt-secret'))).toBe(false);
    },
  );

  it.runIf(testDialect === 'sqlite')(
    'keeps the secret in DATA_DIR/jwt-secret on SQLite, as before',
    async () => {
      const secret = readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8');
      expect(configWithoutSecret().jwtSecret).toBe(secret);
      await expect(resolveSessionSecret(configWithoutSecret(), database.db)).resolves.toBe(secret);
      expect(await database.db.selectFrom('deployment_secrets').selectAll().execute()).toEqual([]);
    },
  );
});

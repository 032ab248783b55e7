import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertContentBlock } from '../../tests/support/factories.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../../tests/support/test-database.ts';
import { migrateToLatest } from './migrate.ts';

describe(`migrations on ${testDialect}`, () => {
  let database: TestDatabase;
  const now = new Date().toISOString();

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('can run again without changing anything', async () => {
    await expect(migrateToLatest(database.db, testDialect)).resolves.toBeUndefined();
  });

  it('creates the tables with generated ids, defaults and flags as 0/1', async () => {
    const company = await database.db
      .insertInto('companies')
      .values({ dot_number: 295017, name: 'ACME TRUCKING LLC', created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(company).toMatchObject({ dot_number: 295017, claimed: 0, css: '', mc_number: null });
    expect(company.id).toBeGreaterThan(0);

    const user = await database.db
      .insertInto('users')
      .values({
        company_id: company.id,
        email: 'a@example.com',
        is_admin: 1,
        is_active: 1,
        created_at: now,
        updated_at: now,
      })
      .returning(['id', 'is_admin', 'session_version'])
      .executeTakeFirstOrThrow();
    expect(user.is_admin).toBe(1);
    expect(user.session_version).toBe(0);
  });

  it('refuses a second company with the same DOT number', async () => {
    await expect(
      database.db
        .insertInto('companies')
        .values({ dot_number: 295017, name: 'COPY', created_at: now, updated_at: now })
        .execute(),
    ).rejects.toThrow();
  });

  it('removes a company’s blocks with the company', async () => {
    const company = await database.db
      .insertInto('companies')
      .values({ dot_number: 1, name: 'ONE', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertContentBlock(database.db, {
      company_id: company.id,
      block_type: 'about_us',
      block_title: 'About Our Company',
      block_position: 0,
    });
    await database.db.deleteFrom('companies').where('id', '=', company.id).execute();
    const left = await database.db.selectFrom('content_blocks').select('id').execute();
    expect(left).toEqual([]);
  });
});

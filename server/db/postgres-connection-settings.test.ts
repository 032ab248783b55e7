import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialect, type TestDatabase } from '../../tests/support/test-database.ts';

/** The settings every pooled connection carries (docs/decisions/058-postgres-search-one-statement.md). */
describe.skipIf(testDialect !== 'postgres')('PostgreSQL connection settings', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.destroy());

  it('turns JIT off and gives each connection 64 MB of work memory, on every connection of the pool', async () => {
    // Ten statements at once take ten connections of the pool.
    const settings = await Promise.all(
      Array.from({ length: 10 }, () =>
        sql<{ jit: string; work_mem: string }>`SELECT current_setting('jit') AS jit,
          current_setting('work_mem') AS work_mem, pg_sleep(0.05)`.execute(database.db),
      ),
    );
    for (const { rows } of settings) expect(rows[0]).toMatchObject({ jit: 'off', work_mem: '64MB' });
  });
});

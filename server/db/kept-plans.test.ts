import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialect, type TestDatabase } from '../../tests/support/test-database.ts';
import { compiledQuery } from './compiled-query.ts';
import { keepPlan } from './kept-plans.ts';

/** Statements whose plans PostgreSQL keeps per connection (kept-plans.ts, decision 068). */
describe.skipIf(testDialect !== 'postgres')('kept plans on PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.destroy());

  /** Ten runs at once, so every connection of the pool runs the statement. */
  const onEveryConnection = <T>(run: () => Promise<T>) => Promise.all(Array.from({ length: 10 }, run));

  it('runs a kept statement prepared under its name, and any other statement unnamed', async () => {
    const { db } = database;
    // The session's prepared statements, read by a kept statement: it is one of them while it runs.
    const kept = keepPlan(
      db,
      sql<{ name: string; statement: string }>`SELECT name, statement FROM pg_prepared_statements
        CROSS JOIN pg_sleep(${0.05}::float8)`.compile(db),
    );
    for (const { rows } of await onEveryConnection(() => db.executeQuery(kept))) {
      expect(rows).toContainEqual({ name: expect.stringMatching(/^kept_plan_\d+$/), statement: kept.sql });
    }
    const plain = sql<{
      statement: string;
    }>`SELECT statement FROM pg_prepared_statements WHERE ${1}::int = 1`;
    const { rows } = await plain.execute(db);
    expect(rows.map((row) => row.statement)).not.toContain(plain.compile(db).sql);
  });

  it('keeps the plans of compiled queries', async () => {
    const { db } = database;
    const prepared = compiledQuery(db, 1, (name: string) =>
      db
        .selectFrom(sql<{ name: string }>`pg_prepared_statements`.as('p'))
        .select('p.name')
        .where('p.name', 'like', name),
    );
    expect(await prepared('kept_plan_%')).not.toEqual([]);
  });

  it('prepares a kept statement again when a migration changed the shape of its rows, on every connection', async () => {
    const { db } = database;
    await sql`CREATE TABLE kept_plan_shape (a integer)`.execute(db);
    await sql`INSERT INTO kept_plan_shape (a) VALUES (1)`.execute(db);
    const read = keepPlan(
      db,
      sql<Record<string, number>>`SELECT s.* FROM kept_plan_shape s CROSS JOIN pg_sleep(0.05)
        WHERE s.a = ${1}`.compile(db),
    );
    for (const { rows } of await onEveryConnection(() => db.executeQuery(read)))
      expect(rows).toEqual([{ a: 1 }]);
    // What another instance's migration does while this one serves.
    await sql`ALTER TABLE kept_plan_shape ADD COLUMN b integer NOT NULL DEFAULT 2`.execute(db);
    for (const { rows } of await onEveryConnection(() => db.executeQuery(read))) {
      expect(rows).toEqual([{ a: 1, b: 2 }]);
    }
  });
});

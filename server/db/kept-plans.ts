import type {
  CompiledQuery,
  PostgresCursor,
  PostgresPool,
  PostgresPoolClient,
  PostgresQueryResult,
} from 'kysely';
import type pg from 'pg';

/**
 * PostgreSQL plans a statement sent without a name at every run: for the profile page's small reads
 * that was most of the database's work (about 3 ms of PostgreSQL's CPU a page at the full census,
 * against under 1 ms as prepared statements; decision 068). The statements a Db keeps the plans of
 * (keepPlan) run as named prepared statements instead: each connection parses and plans one once,
 * and after a few runs PostgreSQL keeps its generic plan. Only statements whose text never changes
 * are kept (compiled-query.ts, and reads built the same way every time), so a connection holds a few
 * of them; a read whose plan depends on its values (a search) is never kept.
 */

/** Each Db's kept statements: SQL text to statement name. */
const keptPlans = new WeakMap<object, Map<string, string>>();

/**
 * Marks a compiled statement of `db` as one whose plan each connection keeps (PostgreSQL; SQLite
 * already prepares each statement once, database.ts). Returns it, to be run as usual.
 */
export function keepPlan<Row>(db: object, query: CompiledQuery<Row>): CompiledQuery<Row> {
  const names = keptPlans.get(db);
  if (names && !names.has(query.sql)) names.set(query.sql, `kept_plan_${names.size}`);
  return query;
}

/**
 * PostgreSQL refuses a prepared statement whose rows changed shape since it was prepared (a migration
 * run by another instance added a column to a table read with `*`), at every run on that connection.
 */
function isStalePlan(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === '0A000' && typeof message === 'string' && message.includes('cached plan must not change');
}

/**
 * `pool` as Kysely's PostgreSQL dialect uses it, running `db`'s kept statements by name. Call with the
 * Db once it exists (`attach`), since the Db is built on the pool.
 */
export function planKeepingPool(pool: pg.Pool): { pool: PostgresPool; attach(db: object): void } {
  const names = new Map<string, string>();
  // A statement PostgreSQL refused as stale (isStalePlan) is prepared again under a new name on that
  // connection: the generation of its name there.
  const generations = new WeakMap<pg.PoolClient, Map<string, number>>();

  async function runKept(client: pg.PoolClient, text: string, name: string, values: unknown[]) {
    const generation = generations.get(client)?.get(text) ?? 0;
    const named = (at: number) => ({ name: at === 0 ? name : `${name}_${at}`, text, values });
    try {
      return await client.query(named(generation));
    } catch (error) {
      if (!isStalePlan(error)) throw error;
      // Only a refused statement gets a map on its connection: every other run reads nothing more.
      const byText = generations.get(client) ?? new Map<string, number>();
      generations.set(client, byText.set(text, generation + 1));
      return client.query(named(generation + 1));
    }
  }

  function clientOf(client: pg.PoolClient): PostgresPoolClient {
    function query<R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>>;
    function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
    function query(
      statement: string | PostgresCursor<unknown>,
      parameters: readonly unknown[] = [],
    ): unknown {
      if (typeof statement !== 'string') return client.query(statement as unknown as pg.Submittable);
      const name = names.get(statement);
      return name
        ? runKept(client, statement, name, [...parameters])
        : client.query(statement, [...parameters]);
    }
    return { query, release: () => client.release() };
  }

  return {
    pool: {
      connect: async () => clientOf(await pool.connect()),
      end: () => pool.end(),
    },
    attach: (db) => void keptPlans.set(db, names),
  };
}

import { sql } from 'kysely';
import { sqliteConnection, type Db } from './database.ts';
import type { Dialect } from './migrate.ts';
import type { DataImportsTable } from './schema.ts';

interface IndexDefinition {
  name: string;
  definition: string;
}

/**
 * Drops a table's secondary indexes and returns a function that builds them again. Loading millions
 * of rows into an empty table and indexing afterwards is several times faster than keeping every
 * index current row by row. Unique indexes stay: upserts need them. The definitions are kept in
 * `suspended_indexes` in the same transaction as the drops, so a load killed before it builds them
 * again leaves them for restoreSuspendedIndexes.
 */
export async function suspendSecondaryIndexes(
  db: Db,
  dialect: Dialect,
  table: string,
  /** Indexes the load itself reads, kept. */
  keep: readonly string[] = [],
): Promise<() => Promise<void>> {
  await db.transaction().execute(async (trx) => {
    const indexes: IndexDefinition[] =
      dialect === 'sqlite'
        ? (
            await sql<IndexDefinition>`
              SELECT name, sql AS definition FROM sqlite_master
              WHERE type = 'index' AND tbl_name = ${table} AND sql IS NOT NULL AND sql NOT LIKE 'CREATE UNIQUE%'`.execute(
              trx,
            )
          ).rows
        : (
            await sql<IndexDefinition>`
              SELECT indexname AS name, indexdef AS definition FROM pg_indexes
              WHERE schemaname = current_schema() AND tablename = ${table} AND indexdef NOT LIKE 'CREATE UNIQUE%'`.execute(
              trx,
            )
          ).rows;
    for (const index of indexes.filter((candidate) => !keep.includes(candidate.name))) {
      await trx
        .insertInto('suspended_indexes')
        .values({ name: index.name, table_name: table, definition: index.definition })
        .execute();
      await sql`DROP INDEX ${sql.id(index.name)}`.execute(trx);
    }
  });
  return () => restoreSuspendedIndexes(db);
}

/**
 * Builds every index a bulk load suspended, each in one transaction with the removal of its
 * definition: after a load, and before any import, in case the last one was killed (kill -9) first.
 */
export async function restoreSuspendedIndexes(db: Db): Promise<void> {
  const suspended = await db.selectFrom('suspended_indexes').select(['name', 'definition']).execute();
  for (const index of suspended) {
    await db.transaction().execute(async (trx) => {
      await sql.raw(index.definition).execute(trx);
      await trx.deleteFrom('suspended_indexes').where('name', '=', index.name).execute();
    });
  }
}

/** Whether a table has no rows (a fresh load can take the fast path). */
export async function isTableEmpty(db: Db, table: DataImportsTable['table_name']): Promise<boolean> {
  const row = await db
    .selectFrom(table)
    .select(sql<number>`1`.as('one'))
    .limit(1)
    .executeTakeFirst();
  return row === undefined;
}

/**
 * The page cache during a bulk load, in SQLite's negative-means-kibibytes form: 16 MB instead of the
 * server's 64. Rows are appended in key order and need little cache, and an index build sorts in
 * memory up to the cache's size again: at a million carriers a 16 MB cache builds the indexes as
 * fast as 64 MB (4.0 s against 5.1 s) with 80 MB less memory, which keeps the import's peak under
 * 400 MB while its search index worker runs.
 */
const BULK_LOAD_CACHE_SIZE = -16_384;

/**
 * SQLite settings for a bulk load; returns a function that restores the previous ones. Commits skip
 * their fsync: a crash mid-import can lose only the import's last commits, which a re-run writes
 * again, and the WAL keeps the database itself consistent. PostgreSQL needs nothing here.
 */
export function applyBulkLoadSettings(db: Db): () => void {
  const connection = sqliteConnection(db);
  if (!connection) return () => undefined;
  const synchronous = connection.pragma('synchronous', { simple: true }) as number;
  const cacheSize = connection.pragma('cache_size', { simple: true }) as number;
  connection.pragma('synchronous = OFF');
  connection.pragma(`cache_size = ${BULK_LOAD_CACHE_SIZE}`);
  return () => {
    connection.pragma(`synchronous = ${synchronous}`);
    connection.pragma(`cache_size = ${cacheSize}`);
  };
}

/**
 * Whether writing `changed` rows of a table of `all` is a large change: a monthly refresh (about 5 %)
 * is, a day's changes (about 0.2 %) are not. Past it, the work that rewrites a whole index (SQLite's
 * segment merge, PostgreSQL's vacuum of every index) pays for itself; below it, the background
 * maintenance that small changes trigger is enough.
 */
export function isLargeChange(changed: number, all: number): boolean {
  return changed * 50 >= all;
}

/**
 * PostgreSQL: VACUUM (ANALYZE) the tables an import wrote, after a large change (`written` rows of the
 * first table). A row an import wrote is read from the table by every index-only read (the word
 * postings, decision 069) until a vacuum marks its page all-visible, and the planner plans from the
 * last analysis. Autovacuum waits for a fifth of a table to change (2% for search_postings, migration
 * 036); a monthly refresh rewrites about 5% of the carriers, so the searches of the month after it
 * would read the table (decision 073). A day's few rows cost those reads little, and a vacuum scans
 * every index of the table whatever it changed. SQLite has nothing of the kind to do.
 */
export async function vacuumWrittenTables(
  db: Db,
  dialect: Dialect,
  tables: readonly string[],
  written: number,
): Promise<void> {
  if (dialect !== 'postgres' || tables.length === 0 || written === 0) return;
  const { rows } = await sql<{ rows: number }>`SELECT greatest(reltuples, 0)::float8 AS rows
    FROM pg_class WHERE oid = ${tables[0]}::regclass`.execute(db);
  if (!isLargeChange(written, Number(rows[0]?.rows ?? 0))) return;
  await sql`VACUUM (ANALYZE) ${sql.join(tables.map((table) => sql.table(table)))}`.execute(db);
}

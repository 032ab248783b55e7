import { CompiledQuery, SqliteAdapter } from 'kysely';
import type SQLite from 'better-sqlite3';
import { sqliteConnection, type Db } from './database.ts';

/** Rows of one table that all set the same columns, to insert or, when the key exists, update. */
export interface RowSet {
  table: string;
  /** The unique column rows are matched on. */
  key: string;
  /** Columns written when a row is inserted and left as stored when it is updated. */
  insertOnly: readonly string[];
  columns: readonly string[];
  /** Values in `columns` order. */
  rows: readonly (readonly unknown[])[];
}

export interface RowUpserter {
  upsert(set: RowSet): Promise<void>;
  /** Commits what is still pending; the upserter is not used afterwards. */
  close(): Promise<void>;
}

/**
 * SQLite commits after this many rows: large transactions make a bulk load fast, and committing now
 * and then keeps a running server's writes from waiting on the import for long.
 */
const SQLITE_ROWS_PER_COMMIT = 50_000;

const quote = (name: string) => `"${name}"`;

/** `INSERT ... ON CONFLICT (key) DO UPDATE` for `set`, reading its rows from `source`. */
function upsertSql(set: RowSet, source: string): string {
  const columns = set.columns.map(quote).join(', ');
  const updated = set.columns.filter((column) => column !== set.key && !set.insertOnly.includes(column));
  return (
    `INSERT INTO ${quote(set.table)} (${columns}) ${source} ON CONFLICT (${quote(set.key)}) DO UPDATE SET ` +
    updated.map((column) => `${quote(column)} = excluded.${quote(column)}`).join(', ')
  );
}

/**
 * SQLite: one prepared single-row statement per table and column set, run row by row in a long
 * transaction. Building the SQL of a multi-row statement costs more than SQLite takes to write the rows.
 */
function sqliteUpserter(connection: SQLite.Database): RowUpserter {
  const statements = new Map<string, SQLite.Statement>();
  // Inside a caller's transaction the rows join it; otherwise this upserter owns its transactions.
  const owned = !connection.inTransaction;
  let uncommitted = 0;
  const commit = () => {
    if (owned && connection.inTransaction) connection.exec('COMMIT');
    uncommitted = 0;
  };
  return {
    async upsert(set) {
      const id = `${set.table}(${set.columns.join()})`;
      let statement = statements.get(id);
      if (!statement) {
        statement = connection.prepare(upsertSql(set, `VALUES (${set.columns.map(() => '?').join(', ')})`));
        statements.set(id, statement);
      }
      if (owned && !connection.inTransaction) connection.exec('BEGIN');
      for (const row of set.rows) statement.run(row);
      uncommitted += set.rows.length;
      if (uncommitted >= SQLITE_ROWS_PER_COMMIT) commit();
    },
    async close() {
      commit();
    },
  };
}

/** The last row for each key: one PostgreSQL statement may not update the same row twice. */
function lastPerKey(set: RowSet): (readonly unknown[])[] {
  const at = set.columns.indexOf(set.key);
  const byKey = new Map<unknown, readonly unknown[]>();
  for (const row of set.rows) byKey.set(row[at], row);
  return [...byKey.values()];
}

/**
 * PostgreSQL: each set is one statement whose rows arrive as a single JSON parameter, expanded by
 * json_populate_recordset into the table's own row type, so any number of rows and columns fits the
 * protocol's parameter limit and no column types need spelling out.
 */
function postgresUpserter(db: Db): RowUpserter {
  return {
    async upsert(set) {
      const rows = lastPerKey(set);
      if (rows.length === 0) return;
      const objects = rows.map((row) =>
        Object.fromEntries(set.columns.map((column, index) => [column, row[index]])),
      );
      const columns = set.columns.map(quote).join(', ');
      const source = `SELECT ${columns} FROM json_populate_recordset(NULL::${quote(set.table)}, $1::json)`;
      await db.executeQuery(CompiledQuery.raw(upsertSql(set, source), [JSON.stringify(objects)]));
    },
    async close() {},
  };
}

/** Writes row sets to `db`: a database from openDatabase, or on PostgreSQL also a transaction. */
export function createRowUpserter(db: Db): RowUpserter {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return postgresUpserter(db);
  const connection = sqliteConnection(db);
  if (!connection) throw new Error('SQLite upserts need the database from openDatabase, not a transaction');
  return sqliteUpserter(connection);
}

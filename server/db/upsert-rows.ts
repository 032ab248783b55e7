import { CompiledQuery, SqliteAdapter } from 'kysely';
import type SQLite from 'better-sqlite3';
import { sqliteConnection, type Db } from './database.ts';
import type { Dialect } from './migrate.ts';

/** Rows of one table that all set the same columns, to insert or, when the key exists, update. */
export interface RowSet {
  table: string;
  /** The unique column rows are matched on. */
  key: string;
  /** Columns written when a row is inserted and left as stored when it is updated. */
  insertOnly: readonly string[];
  /**
   * The column that records when a row last changed (updated_at), written with a change only. An
   * update whose other columns all hold the stored values writes nothing: most rows of a monthly
   * file are last month's, and rewriting them would rewrite every index entry and (SQLite) make the
   * search index rebuild rows that did not change.
   */
  changedAt?: string;
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

/**
 * `INSERT ... ON CONFLICT (key) DO UPDATE` for `set`, reading its rows from `source`, and updating
 * only rows that differ from the stored ones (but for `changedAt`).
 */
function upsertSql(set: RowSet, source: string, dialect: Dialect): string {
  const columns = set.columns.map(quote).join(', ');
  const updated = set.columns.filter((column) => column !== set.key && !set.insertOnly.includes(column));
  const compared = updated.filter((column) => column !== set.changedAt);
  const row = (table: string) => compared.map((column) => `${table}.${quote(column)}`).join(', ');
  // NULL-safe comparisons of whole rows: IS NOT on SQLite row values, IS DISTINCT FROM on PostgreSQL's.
  const differs =
    dialect === 'sqlite'
      ? `(${row(quote(set.table))}) IS NOT (${row('excluded')})`
      : `ROW(${row(quote(set.table))}) IS DISTINCT FROM ROW(${row('excluded')})`;
  return (
    `INSERT INTO ${quote(set.table)} (${columns}) ${source} ON CONFLICT (${quote(set.key)}) DO UPDATE SET ` +
    updated.map((column) => `${quote(column)} = excluded.${quote(column)}`).join(', ') +
    (compared.length > 0 ? ` WHERE ${differs}` : '')
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
        statement = connection.prepare(
          upsertSql(set, `VALUES (${set.columns.map(() => '?').join(', ')})`, 'sqlite'),
        );
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

/**
 * PostgreSQL statements in flight at once, each on a pooled connection of its own. The database does
 * most of an import's work (it computes each company's search vector), so two server processes keep
 * both cores busy while this process reads the next rows.
 */
const POSTGRES_LANES = 2;

/** The lane of a key: every row of one key goes through the same lane, so its writes keep their order. */
function laneOf(key: unknown): number {
  if (typeof key === 'number') return key % POSTGRES_LANES;
  const text = String(key);
  let hash = 0;
  for (let index = 0; index < text.length; index += 1) hash = (hash * 31 + text.charCodeAt(index)) >>> 0;
  return hash % POSTGRES_LANES;
}

/**
 * PostgreSQL: each set becomes one statement per lane whose rows arrive as a single JSON parameter,
 * expanded by json_populate_recordset into the table's own row type, so any number of rows and
 * columns fits the protocol's parameter limit and no column types need spelling out. A lane runs one
 * statement at a time; `upsert` returns once its statements are sent, and `close` waits for them.
 */
function postgresUpserter(db: Db): RowUpserter {
  const lanes: Promise<void>[] = Array.from({ length: POSTGRES_LANES }, () => Promise.resolve());
  return {
    async upsert(set) {
      const at = set.columns.indexOf(set.key);
      // One statement may not update the same row twice: the last row of each key stands for it.
      const rowsByLane = lanes.map(() => new Map<unknown, readonly unknown[]>());
      for (const row of set.rows) rowsByLane[laneOf(row[at])]?.set(row[at], row);
      const columns = set.columns.map(quote).join(', ');
      const source = `SELECT ${columns} FROM json_populate_recordset(NULL::${quote(set.table)}, $1::json)`;
      for (const [lane, byKey] of rowsByLane.entries()) {
        if (byKey.size === 0) continue;
        const objects = [...byKey.values()].map((row) =>
          Object.fromEntries(set.columns.map((column, index) => [column, row[index]])),
        );
        await lanes[lane];
        const statement = db.executeQuery(
          CompiledQuery.raw(upsertSql(set, source, 'postgres'), [JSON.stringify(objects)]),
        );
        const done = statement.then(() => undefined);
        // A failure surfaces at the lane's next statement or at close(), not as an unhandled rejection.
        done.catch(() => undefined);
        lanes[lane] = done;
      }
    },
    async close() {
      await Promise.all(lanes);
    },
  };
}

/** Writes row sets to `db`: a database from openDatabase, or on PostgreSQL also a transaction. */
export function createRowUpserter(db: Db): RowUpserter {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return postgresUpserter(db);
  const connection = sqliteConnection(db);
  if (!connection) throw new Error('SQLite upserts need the database from openDatabase, not a transaction');
  return sqliteUpserter(connection);
}

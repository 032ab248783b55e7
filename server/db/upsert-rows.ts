import { CompiledQuery, SqliteAdapter } from 'kysely';
import type SQLite from 'better-sqlite3';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { postgresPool, sqliteConnection, type Db } from './database.ts';
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
  /**
   * The column (one of `columns`) that holds a hash of the record the row was made from, by which the
   * importer passes over records the store holds already
   * (docs/decisions/084-census-records-passed-over-by-their-text.md). A row that differs from the
   * stored one in this column alone (the same values from a record spelled otherwise) gets the new
   * hash without changedAt moving.
   */
  sourceHash?: string;
  /**
   * Rows the table mostly does not hold yet (a first load into an empty table): PostgreSQL leaves
   * out the anti-join that passes over rows as stored, which for a new row is one more index probe.
   * ON CONFLICT still writes only rows that differ.
   */
  mostlyNew?: boolean;
  columns: readonly string[];
  /** Values in `columns` order. */
  rows: readonly (readonly unknown[])[];
}

export interface RowUpserter {
  upsert(set: RowSet): Promise<void>;
  /**
   * Waits until the next statement of this process reads every row sent, without committing them on
   * SQLite (its rows are in the connection's own transaction already): a batch that reads what the
   * batches before it wrote does not end their transaction.
   */
  settle(): Promise<void>;
  /**
   * Rows sent after this are written only once every row sent before it is, without waiting here: a
   * batch's history events are in before its rows (an import killed in between finds them again),
   * while the importer reads the next batch.
   */
  fence(): void;
  /** Commits what is still pending; the upserter is not used afterwards. */
  close(): Promise<void>;
}

/**
 * SQLite commits after this many rows: large transactions make a bulk load fast, and committing now
 * and then keeps a running server's writes from waiting on the import for long.
 */
const SQLITE_ROWS_PER_COMMIT = 50_000;

const quote = (name: string) => `"${name}"`;

/** Columns of a table or alias, qualified: `t."a", t."b"`. */
const qualified = (table: string, names: readonly string[]) =>
  names.map((column) => `${table}.${quote(column)}`).join(', ');

/**
 * Whether two rows (tables or aliases) differ in `names`, NULL-safe: IS NOT on SQLite row values, IS
 * DISTINCT FROM on PostgreSQL's.
 */
const rowsDiffer = (dialect: Dialect, left: string, right: string, names: readonly string[]) =>
  dialect === 'sqlite'
    ? `(${qualified(left, names)}) IS NOT (${qualified(right, names)})`
    : `ROW(${qualified(left, names)}) IS DISTINCT FROM ROW(${qualified(right, names)})`;

/**
 * The columns an update writes; those of them whose values decide whether the row changed; and those
 * that decide whether it is written at all (the compared ones and the source hash).
 */
function updatedColumns(set: RowSet): { updated: string[]; compared: string[]; checked: string[] } {
  const updated = set.columns.filter((column) => column !== set.key && !set.insertOnly.includes(column));
  const checked = updated.filter((column) => column !== set.changedAt);
  return { updated, compared: checked.filter((column) => column !== set.sourceHash), checked };
}

/**
 * `INSERT ... ON CONFLICT (key) DO UPDATE` for `set`, reading its rows from `source`, and updating
 * only rows that differ from the stored ones (but for `changedAt`). A row whose values are as stored
 * but whose source hash is not gets the hash without its change time moving.
 */
function upsertSql(set: RowSet, source: string, dialect: Dialect): string {
  const { updated, compared, checked } = updatedColumns(set);
  const differs = (names: readonly string[]) => rowsDiffer(dialect, quote(set.table), 'excluded', names);
  const assignment = (column: string) =>
    column === set.changedAt && set.sourceHash && compared.length > 0
      ? `${quote(column)} = CASE WHEN ${differs(compared)} THEN excluded.${quote(column)} ELSE ${quote(set.table)}.${quote(column)} END`
      : `${quote(column)} = excluded.${quote(column)}`;
  const insert = `INSERT INTO ${quote(set.table)} (${set.columns.map(quote).join(', ')}) ${source} ON CONFLICT (${quote(set.key)})`;
  // Every column insert-only: a stored row is left as it is.
  if (updated.length === 0) return `${insert} DO NOTHING`;
  return (
    `${insert} DO UPDATE SET ` +
    updated.map(assignment).join(', ') +
    (checked.length > 0 ? ` WHERE ${differs(checked)}` : '')
  );
}

/** Rows one SQLite statement takes at most: each statement run costs a call into SQLite and a program start. */
const SQLITE_ROWS_PER_STATEMENT = 64;
/** SQLite binds at most 32,766 parameters a statement. */
const SQLITE_MAX_PARAMETERS = 32_766;

/**
 * SQLite: prepared statements of many rows (and of one, for the rest of a set), kept per table,
 * column set and row count, run in a long transaction. A prepared statement is built once; each run
 * of it writes a run of rows, in their order, as single-row statements would.
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
  const statementOf = (set: RowSet, rows: number) => {
    const id = `${set.table}(${set.columns.join()})${set.sourceHash ?? ''}x${rows}`;
    let statement = statements.get(id);
    if (!statement) {
      const row = `(${set.columns.map(() => '?').join(', ')})`;
      statement = connection.prepare(upsertSql(set, `VALUES ${Array(rows).fill(row).join(', ')}`, 'sqlite'));
      statements.set(id, statement);
    }
    return statement;
  };
  return {
    async upsert(set) {
      const perStatement = Math.max(
        1,
        Math.min(SQLITE_ROWS_PER_STATEMENT, Math.floor(SQLITE_MAX_PARAMETERS / set.columns.length)),
      );
      if (owned && !connection.inTransaction) connection.exec('BEGIN');
      let start = 0;
      if (set.rows.length >= perStatement) {
        const many = statementOf(set, perStatement);
        const values: unknown[] = [];
        for (; start + perStatement <= set.rows.length; start += perStatement) {
          values.length = 0;
          for (let index = start; index < start + perStatement; index += 1) values.push(...set.rows[index]!);
          many.run(values);
        }
      }
      if (start < set.rows.length) {
        const one = statementOf(set, 1);
        for (; start < set.rows.length; start += 1) one.run(set.rows[start]);
      }
      uncommitted += set.rows.length;
      if (uncommitted >= SQLITE_ROWS_PER_COMMIT) commit();
    },
    async settle() {},
    // Statements run as they are sent, in order.
    fence() {},
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
/**
 * Writes a lane holds queued behind the one it runs before `upsert` waits: enough for a batch's row
 * sets to queue behind its history events while the importer reads on, few enough to bound memory.
 */
const QUEUED_PER_LANE = 8;

/** The lane of a key: every row of one key goes through the same lane, so its writes keep their order. */
function laneOf(key: unknown): number {
  if (typeof key === 'number') return key % POSTGRES_LANES;
  const text = String(key);
  let hash = 0;
  for (let index = 0; index < text.length; index += 1) hash = (hash * 31 + text.charCodeAt(index)) >>> 0;
  return hash % POSTGRES_LANES;
}

/** PostgreSQL: a table's column types by name, as SQL spells them (`integer`, `double precision`, `text`). */
type ColumnTypes = ReadonlyMap<string, string>;

async function columnTypesOf(db: Db, table: string): Promise<ColumnTypes> {
  const { rows } = await db.executeQuery<{ name: string; type: string }>(
    CompiledQuery.raw(
      `SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute
        WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped`,
      [quote(table)],
    ),
  );
  return new Map(rows.map((row) => [row.name, row.type]));
}

/**
 * PostgreSQL, in a transaction: the rows of `set` from the statement's parameter, a JSON array of the
 * rows' value arrays, each value cast to its column's type (docs/decisions/079: arrays rather than
 * objects keyed by column). A JSON null is SQL's NULL.
 */
function jsonRows(set: RowSet, types: ColumnTypes): string {
  const values = set.columns.map((column, index) => {
    const type = types.get(column);
    if (!type) throw new Error(`${set.table} has no column ${column}`);
    return `(r->>${index})::${type} AS ${quote(column)}`;
  });
  return `SELECT ${values.join(', ')} FROM jsonb_array_elements($1::jsonb) r`;
}

/**
 * PostgreSQL: the rows `rows` (SQL naming `set`'s columns) yields, without those whose compared
 * columns and source hash hold the stored values. ON CONFLICT would skip them too, but only after
 * computing each row's generated columns (the search vector, name keys and rank key, computed before
 * the conflict is found) and locking the stored row: rows as stored were most of a monthly census
 * before the importer passed over unchanged records (decision 084), and still come from other
 * writers. The anti-join reads each stored row by the key's unique index and writes nothing.
 */
function postgresChangedSource(set: RowSet, rows: string): string {
  const { checked } = updatedColumns(set);
  const all = `SELECT ${qualified('s', set.columns)} FROM (${rows}) s`;
  if (checked.length === 0 || set.mostlyNew) return all;
  return (
    `${all} WHERE NOT EXISTS (SELECT 1 FROM ${quote(set.table)} t WHERE t.${quote(set.key)} = s.${quote(set.key)} ` +
    `AND NOT (${rowsDiffer('postgres', 't', 's', checked)}))`
  );
}

/** COPY's text format spells these characters with a backslash. */
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** A value as a field of COPY's text format: `\N` for NULL, JSON for an object, as JSON would send it. */
function copyField(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  const text =
    typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[\\\t\n\r]/.test(text) ? text.replace(/[\\\t\n\r]/g, (char) => COPY_ESCAPES[char] ?? char) : text;
}

/** One lane's way of writing a run of `set`'s rows (each key once) in one transaction. */
type LaneWriter = (lane: number, set: RowSet, rows: readonly (readonly unknown[])[]) => Promise<void>;

/**
 * PostgreSQL through pooled connections of its own, one a lane: the rows are copied (COPY FROM STDIN)
 * into a temporary staging table of the set's columns, then upserted from it in one statement that
 * also empties the stage. The server reads COPY's rows faster than it parses them out of JSON.
 */
function copyLanes(pool: pg.Pool): { write: LaneWriter; release(failed: boolean): Promise<void> } {
  const clients: (Promise<pg.PoolClient> | null)[] = Array.from({ length: POSTGRES_LANES }, () => null);
  /** Per lane: the staging table and the upsert statement of each table and column set. */
  const prepared = clients.map(() => new Map<string, { stage: string; upsert: string }>());
  return {
    async write(lane, set, rows) {
      const client = await (clients[lane] ??= pool.connect());
      const id = `${set.table}(${set.columns.join()})${set.sourceHash ?? ''}${set.mostlyNew ? ' new' : ''}`;
      let statements = prepared[lane]?.get(id);
      if (!statements) {
        const stage = `upsert_stage_${prepared[lane]?.size ?? 0}`;
        // The set's columns without the table's constraints: a row the table refuses fails at the upsert.
        await client.query(
          `CREATE TEMPORARY TABLE ${stage} AS SELECT ${set.columns.map(quote).join(', ')} FROM ${quote(set.table)} WITH NO DATA`,
        );
        statements = {
          stage,
          upsert: upsertSql(set, postgresChangedSource(set, `SELECT * FROM ${stage}`), 'postgres'),
        };
        prepared[lane]?.set(id, statements);
      }
      const lines = rows.map((row) => row.map(copyField).join('\t')).join('\n') + '\n';
      await pipeline(
        Readable.from([lines]),
        client.query(copyFrom(`COPY ${statements.stage} (${set.columns.map(quote).join(', ')}) FROM STDIN`)),
      );
      // One simple query of two statements is one transaction: the rows go in and the stage is emptied together.
      await client.query(`${statements.upsert}; TRUNCATE ${statements.stage}`);
    },
    async release(failed) {
      for (const [lane, client] of clients.entries()) {
        const connected = await client?.catch(() => null);
        if (!connected) continue;
        const stages = [...(prepared[lane]?.values() ?? [])].map((statements) => statements.stage);
        // The pool's next user of the connection finds no staging table of this upserter.
        if (!failed && stages.length > 0) await connected.query(`DROP TABLE ${stages.join(', ')}`);
        connected.release(failed);
      }
    },
  };
}

/**
 * PostgreSQL: each set becomes one write per lane. A lane runs its writes one at a time, in the order
 * sent; `upsert` returns once its writes are queued (waiting while a lane holds QUEUED_PER_LANE), and
 * `settle` and `close` wait for them. A database from openDatabase copies its rows (copyLanes); a
 * transaction, whose rows must join it, sends them as one JSON parameter a statement, which fits any
 * number of rows and columns in the protocol's parameter limit.
 */
function postgresUpserter(db: Db): RowUpserter {
  /** Each lane's last write: the next starts after it. */
  const lanes: Promise<void>[] = Array.from({ length: POSTGRES_LANES }, () => Promise.resolve());
  /** Each lane's writes not done yet, oldest first. */
  const queued: Promise<void>[][] = lanes.map(() => []);
  const pool = postgresPool(db);
  const copying = pool ? copyLanes(pool) : null;
  const typesByTable = new Map<string, Promise<ColumnTypes>>();
  const sendJson: LaneWriter = async (_lane, set, rows) => {
    let types = typesByTable.get(set.table);
    if (!types) typesByTable.set(set.table, (types = columnTypesOf(db, set.table)));
    const statementSql = upsertSql(set, postgresChangedSource(set, jsonRows(set, await types)), 'postgres');
    await db.executeQuery(CompiledQuery.raw(statementSql, [JSON.stringify(rows)]));
  };
  const write = copying?.write ?? sendJson;
  let failure: { error: unknown } | null = null;
  const settle = () => Promise.all(lanes).then(() => undefined);
  return {
    async upsert(set) {
      const at = set.columns.indexOf(set.key);
      // One statement may not update the same row twice: the last row of each key stands for it.
      const rowsByLane = lanes.map(() => new Map<unknown, readonly unknown[]>());
      for (const row of set.rows) rowsByLane[laneOf(row[at])]?.set(row[at], row);
      for (const [lane, byKey] of rowsByLane.entries()) {
        if (byKey.size === 0) continue;
        const waiting = queued[lane] ?? [];
        while (waiting.length >= QUEUED_PER_LANE) await waiting[0]?.catch(() => undefined);
        if (failure) throw failure.error;
        const done = (lanes[lane] ?? Promise.resolve()).then(() => write(lane, set, [...byKey.values()]));
        // A failure surfaces at the next upsert, settle() or close(), not as an unhandled rejection;
        // the writes queued after it are not made.
        done
          .catch((error: unknown) => (failure ??= { error }))
          .finally(() => waiting.splice(waiting.indexOf(done), 1));
        waiting.push(done);
        lanes[lane] = done;
      }
    },
    settle,
    fence() {
      const all = settle();
      all.catch(() => undefined);
      lanes.fill(all);
    },
    async close() {
      let failed = false;
      try {
        await settle();
      } catch (error) {
        failed = true;
        throw error;
      } finally {
        await copying?.release(failed);
      }
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

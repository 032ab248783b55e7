import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import { distanceMiles } from '../../core/geo.ts';
import { nameKey } from '../../core/search-words.ts';
import type { Database } from './schema.ts';
import { planKeepingPool } from './kept-plans.ts';
import { POSTGRES_CONNECT_TIMEOUT_MS, SQLITE_BUSY_TIMEOUT_MS } from './unavailable.ts';

export type Db = Kysely<Database>;

/** The better-sqlite3 connection behind each SQLite Db, for bulk writes that bypass query building. */
const sqliteConnections = new WeakMap<Db, SQLite.Database>();

/** How long an idle PostgreSQL connection stays open (openDatabase). */
const POSTGRES_IDLE_MS = 5 * 60 * 1000;

/** The node-postgres pool behind each PostgreSQL Db, for its use figures (/metrics). */
const postgresPools = new WeakMap<Db, pg.Pool>();

/** The pool of a PostgreSQL Db opened by openDatabase; null for SQLite. */
export function postgresPool(db: Db): pg.Pool | null {
  return postgresPools.get(db) ?? null;
}

/** The SQLite connection of a Db opened by openDatabase; null for PostgreSQL. */
export function sqliteConnection(db: Db): SQLite.Database | null {
  return sqliteConnections.get(db) ?? null;
}

/** SQLite's largest memory map: its compile-time SQLITE_MAX_MMAP_SIZE, 2 GB less 64 KB. */
const SQLITE_MAP_BYTES = 0x7fff0000;

/**
 * Opens the configured database: SQLite (WAL, one file) by default, PostgreSQL for DATABASE_URL=postgres://.
 * `statementTimeoutMs` bounds each PostgreSQL statement (the server's request queries, STATEMENT_TIMEOUT_MS);
 * the importer and tests open without it. SQLite has no statement timeout.
 * `memoryMapped` makes SQLite read the file's first 2 GB through a memory map, as the server does
 * (docs/decisions/071-sqlite-server-reads-through-a-memory-map.md): a page the OS has cached is then
 * read without a system call and a copy. The importer opens without it, so its RSS counts only its
 * own memory.
 */
export function openDatabase(
  config: DatabaseConfig,
  options: { statementTimeoutMs?: number; memoryMapped?: boolean } = {},
): Db {
  if (config.dialect === 'postgres') {
    // A server that is down or unreachable fails a request within the connect timeout (503, see
    // ./unavailable.ts) instead of holding it; the pool keeps trying with each new request.
    const pool = new pg.Pool({
      connectionString: config.url,
      max: 10,
      connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS,
      // A new PostgreSQL connection starts with empty caches and maps the shared buffers it touches
      // one by one, so its first searches are several times slower; node-postgres closes a connection
      // idle for 10 s, which after every quiet spell of a site with light traffic makes each search a
      // first one. Idle connections stay five minutes, and do not keep a finished command alive.
      idleTimeoutMillis: POSTGRES_IDLE_MS,
      allowExitOnIdle: true,
      // Set on each connection (docs/decisions/058-postgres-search-one-statement.md). No JIT: a
      // search the planner thinks costly spent about 20 ms compiling for a run of a few. Work memory
      // for the words' index bitmap: at the default 4 MB a common word's bitmap turns lossy and every
      // row of its pages is tested again ('tr' in Texas: 390,362 rows).
      options: '-c jit=off -c work_mem=64MB',
      // Set on each connection: the server cancels a longer statement (57014, answered 503 busy).
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    });
    // An idle connection the server closes (a restart, an administrator's terminate) makes the pool
    // emit 'error'; unheard, that would end the process. The pool drops that client and opens a new
    // one for the next query, and queries in flight get their own errors.
    pool.on('error', () => undefined);
    // The same for a connection closed while it is checked out, between its query's error and its
    // release: the client itself emits 'error' then, which the pool's listener does not hear.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const keeping = planKeepingPool(pool);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: keeping.pool }) });
    keeping.attach(db);
    postgresPools.set(db, pool);
    return db;
  }
  if (config.filename !== ':memory:') mkdirSync(path.dirname(config.filename), { recursive: true });
  const connection = new SQLite(config.filename);
  connection.pragma('journal_mode = WAL');
  connection.pragma('synchronous = NORMAL');
  connection.pragma('foreign_keys = ON');
  // Another process's write (an import, a backup) is waited for this long, then answers 503.
  connection.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  // 64 MB of page cache (the default is 2 MB): index builds and large imports stay in memory.
  connection.pragma('cache_size = -65536');
  if (options.memoryMapped) connection.pragma(`mmap_size = ${SQLITE_MAP_BYTES}`);
  // Radius search needs great-circle distances, which SQLite does not have built in.
  connection.function('distance_miles', { deterministic: true }, (lat1, lon1, lat2, lon2) =>
    distanceMiles(Number(lat1), Number(lon1), Number(lat2), Number(lon2)),
  );
  // Search ranks exact names and names that start with the typed words by this key (core/search-words.ts).
  connection.function('name_key', { deterministic: true }, (text) =>
    nameKey(typeof text === 'string' ? text : null),
  );
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(connection) }),
  });
  sqliteConnections.set(db, connection);
  return db;
}

/** Prepared statements kept per SQL text: imports and hot pages run the same statements again and again. */
const STATEMENTS_KEPT = 256;

/**
 * The connection as Kysely sees it, with prepared statements reused. Kysely runs one query at a time
 * on its single SQLite connection, so a statement is never in use twice at once.
 */
function withStatementCache(connection: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => connection.close(),
    prepare(sqlText: string) {
      let statement = statements.get(sqlText);
      if (!statement) {
        statement = connection.prepare(sqlText);
        if (statements.size >= STATEMENTS_KEPT) statements.delete(statements.keys().next().value as string);
        statements.set(sqlText, statement);
      }
      return statement;
    },
  };
}

/** True when the database answers a trivial query; used by the health endpoint. */
export async function isDatabaseReachable(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

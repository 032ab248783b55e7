// Database failures that are not the request's fault and pass by themselves: a PostgreSQL server that
// is down, restarting or refusing connections, a SQLite file another process holds locked. They answer
// 503 with Retry-After (server/http/errors.ts) instead of 500 (docs/decisions/032-database-outages.md).

/** How long a request waits for a PostgreSQL connection before it is refused with 503. */
export const POSTGRES_CONNECT_TIMEOUT_MS = 3000;

/** How long a SQLite statement waits for another connection's lock before it fails as busy. */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;

/** Seconds after which a client may try again; sent as Retry-After. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const DATABASE_UNAVAILABLE_DETAIL =
  'The database is unavailable at the moment. Try again in a few seconds.';
export const DATABASE_BUSY_DETAIL = 'The database is busy with another task. Try again in a few seconds.';

const POSTGRES_QUERY_CANCELED = '57014';

/** Socket errors of a connection that cannot be opened or was cut. */
const CONNECTION_ERROR_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * PostgreSQL SQLSTATEs of a server that cannot serve now: admin_shutdown (57P01), crash_shutdown
 * (57P02), cannot_connect_now (57P03, starting up or shutting down), too_many_connections (53300).
 * Class 08 (connection exceptions) is matched by its prefix.
 */
const POSTGRES_UNAVAILABLE_STATES: ReadonlySet<string> = new Set(['57P01', '57P02', '57P03', '53300']);

/**
 * The messages node-postgres gives its own connection failures, which carry no code: the pool's
 * connect timeout, a client's connect timeout, a connection the server closed mid-query.
 */
const POSTGRES_CONNECTION_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
];

/**
 * The `detail` to answer with when an error means the database is unreachable or locked for now, or
 * null for any other error (which stays a 500).
 */
export function databaseUnavailableDetail(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const code = String((error as { code?: unknown }).code ?? '');
  // better-sqlite3: SQLITE_BUSY, SQLITE_LOCKED and their extended codes (SQLITE_BUSY_SNAPSHOT, ...).
  if (/^SQLITE_(BUSY|LOCKED)(_|$)/.test(code)) return DATABASE_BUSY_DETAIL;
  // query_canceled: a statement that ran past statement_timeout (STATEMENT_TIMEOUT_MS), under load.
  if (code === POSTGRES_QUERY_CANCELED) return DATABASE_BUSY_DETAIL;
  if (CONNECTION_ERROR_CODES.has(code)) return DATABASE_UNAVAILABLE_DETAIL;
  if (POSTGRES_UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
    return DATABASE_UNAVAILABLE_DETAIL;
  if (!code && POSTGRES_CONNECTION_MESSAGES.some((message) => error.message.startsWith(message)))
    return DATABASE_UNAVAILABLE_DETAIL;
  return null;
}

import { PostgresAdapter, sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Dialect } from './migrate.ts';

/** The dialect of a database or a transaction on it. */
export function dialectOf(db: { getExecutor(): { adapter: unknown } }): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * A list of values sent as ONE parameter, whatever its length: a JSON array that SQLite reads with
 * json_each, an array on PostgreSQL. A statement reading a batch then has one text for every batch,
 * so SQLite prepares it once, PostgreSQL keeps its plan (kept-plans.ts) and Kysely compiles it once
 * (compiled-query.ts), where `IN (?, ?, ...)` of each batch's length was another statement every time.
 */
export function valueList(dialect: Dialect, values: readonly (number | string)[]): unknown {
  return dialect === 'postgres' ? [...values] : JSON.stringify(values);
}

/** The SQL of a valueList parameter as rows of one column, `value`, for a FROM clause. */
export function valueRows(dialect: Dialect, list: unknown, type: 'integer' | 'text'): RawBuilder<unknown> {
  return dialect === 'postgres'
    ? sql`unnest(${list}::${sql.raw(type)}[]) AS listed(value)`
    : sql`json_each(${list}) AS listed`;
}

/** `column` is one of the values of a valueList parameter. */
export function inValueList(
  dialect: Dialect,
  column: string,
  list: unknown,
  type: 'integer' | 'text',
): RawBuilder<SqlBool> {
  return dialect === 'postgres'
    ? sql<SqlBool>`${sql.ref(column)} = ANY(${list}::${sql.raw(type)}[])`
    : sql<SqlBool>`${sql.ref(column)} IN (SELECT value FROM json_each(${list}))`;
}

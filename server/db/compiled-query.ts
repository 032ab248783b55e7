import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './database.ts';
import { keepPlan } from './kept-plans.ts';

/**
 * A query whose shape never changes, built and compiled by Kysely once instead of on every call.
 * Kysely builds a query's operation tree and compiles it to SQL each time a builder chain runs
 * (a tenth of a millisecond or more for a profile page's larger reads) although only the parameter
 * values change. `build` is called once with stand-ins for the arguments; each call then sends the
 * compiled SQL with its own values in the stand-ins' places. `build` must use each argument as a
 * value only (never to choose the query's shape) and must use them all. Its text never changing,
 * PostgreSQL keeps its plan on each connection (kept-plans.ts).
 */
export function compiledQuery<Args extends unknown[], Row>(
  db: Pick<Db, 'executeQuery'>,
  arity: Args['length'],
  build: (...args: Args) => Compilable<Row>,
): (...args: Args) => Promise<Row[]> {
  const standIns = Array.from({ length: arity }, (_, index) => `\u0000compiled-query-argument-${index}`);
  const compiled = keepPlan(db, build(...(standIns as Args)).compile());
  const slots = compiled.parameters.map((value) => standIns.indexOf(value as string));
  for (const [index] of standIns.entries()) {
    if (!slots.includes(index))
      throw new Error(`compiledQuery: argument ${index} is not a value of the query`);
  }
  return async (...args) => {
    const parameters = slots.map((slot, index) => (slot === -1 ? compiled.parameters[index] : args[slot]));
    const query: CompiledQuery<Row> = { ...compiled, parameters };
    return (await db.executeQuery(query)).rows;
  };
}

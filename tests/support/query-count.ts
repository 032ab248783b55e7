import type { KyselyPlugin, RootOperationNode } from 'kysely';
import type { Db } from '../../server/db/database.ts';

/**
 * The same database with every query it runs recorded, for tests that hold a page to a query
 * budget. `reset` starts a new record; `count` says how many queries ran since, `reading(table)`
 * how many of them name the table, and `holding(text)` how many hold that text of SQL (a fragment
 * of a `sql` template, without its values).
 */
export function countingQueries(db: Db) {
  let queries: RootOperationNode[] = [];
  // Kysely transforms a subquery's node too (selectFrom(subquery)), but only a query sent to the
  // database gets a result: a query is recorded when its result comes back.
  const compiled = new WeakMap<object, RootOperationNode>();
  const plugin: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      compiled.set(queryId, node);
      return node;
    },
    transformResult: async ({ result, queryId }) => {
      const node = compiled.get(queryId);
      if (node) queries.push(node);
      return result;
    },
  };
  return {
    db: db.withPlugin(plugin),
    count: () => queries.length,
    reading: (table: string) =>
      queries.filter((node) => JSON.stringify(node).includes(`"kind":"IdentifierNode","name":"${table}"`))
        .length,
    holding: (text: string) =>
      queries.filter((node) => JSON.stringify(node).includes(JSON.stringify(text).slice(1, -1))).length,
    reset: () => {
      queries = [];
    },
  };
}

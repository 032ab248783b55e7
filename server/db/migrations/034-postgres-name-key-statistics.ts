import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../migrate.ts';

/**
 * PostgreSQL: finer statistics for the name keys (1,000 histogram bounds instead of 100), so the
 * planner's estimate of how many names start with a typed prefix is close enough for the search to
 * choose how to read them (search/postgres-strategy.ts readsStartsByNameKeys, docs/decisions/066).
 * With 100 bounds each bound stands for 44,000 carriers at 4.4 million: 'mari' was estimated at 525
 * names for 13,135 and 'tra' at 52,987 for 10,103; with 1,000, 13,504 and 8,781. Analysing the two
 * columns takes about 4 seconds at that size. SQLite's planner does not estimate these.
 */
export function postgresNameKeyStatisticsSchema(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`ALTER TABLE companies ALTER legal_name_key SET STATISTICS 1000,
        ALTER dba_name_key SET STATISTICS 1000`.execute(db);
      await sql`ANALYZE companies (legal_name_key, dba_name_key)`.execute(db);
    },
  };
}

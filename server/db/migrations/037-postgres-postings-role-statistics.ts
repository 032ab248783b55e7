import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../migrate.ts';

/**
 * PostgreSQL: statistics on the role list a search's role filter tests on search_postings
 * (`';' || carship || ';'`, sql-conditions.ts listContains), so the planner estimates how many of a
 * word's postings are carriers' or brokers'. Without them a LIKE on the expression is guessed at a
 * few percent of the rows: 'TRUCK' for carriers was estimated at 11,902 postings of 297,555, so the
 * search (postgres-strategy.ts postedWord) expected to read every posting to find the count bound's
 * carriers and went to the GIN index (311 ms instead of 39; docs/decisions/075). With them: 310,505.
 */
export function postgresPostingsRoleStatisticsSchema(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`CREATE STATISTICS search_postings_roles ON ((';' || carship || ';')) FROM search_postings`.execute(
        db,
      );
      await sql`ANALYZE search_postings`.execute(db);
    },
  };
}

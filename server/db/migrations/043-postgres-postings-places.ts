import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../migrate.ts';

/**
 * PostgreSQL: an index of the search postings by term and place (docs/decisions/086-postgres-postings-by-place-and-state.md):
 * each posting's quarter-degree cell, numbered as SQLite's circle index numbers them
 * (server/domains/search/circle-index.ts quarterCellSql, whose expression the reads must spell the
 * same way), with the carrier's id and position, so the matches of a word within a circle are
 * counted from the runs of cells the circle holds, index-only, instead of from every posting of the
 * word in the country. About 2.2 GB and 30 s to build at 4.4 million carriers. A census load that
 * has the postings' indexes suspended (db/bulk-load.ts) builds it with them.
 *
 * Frozen: the cell number is quarterCellSql's as of this migration.
 */
export function postgresPostingsPlacesSchema(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      const definition = `CREATE INDEX search_postings_place ON search_postings (term,
        ((cast(floor(latitude / 0.25) AS integer) + 360) * 1441 + cast(floor(longitude / 0.25) AS integer) + 720))
        INCLUDE (id, latitude, longitude) WHERE latitude IS NOT NULL`;
      await buildPostingsIndex(db, 'search_postings_place', definition);
    },
  };
}

/**
 * Builds an index of search_postings (044 builds one too), or, when a killed census load left the
 * postings' indexes suspended (db/bulk-load.ts), leaves it to be built with them by the next import.
 */
export async function buildPostingsIndex(
  db: Kysely<unknown>,
  name: string,
  definition: string,
): Promise<void> {
  const suspended = await sql`SELECT 1 FROM suspended_indexes WHERE name = 'search_postings_term'`.execute(
    db,
  );
  if (suspended.rows.length > 0) {
    await sql`INSERT INTO suspended_indexes (name, table_name, definition)
      VALUES (${name}, 'search_postings', ${definition})`.execute(db);
    return;
  }
  await sql`SET LOCAL maintenance_work_mem = '512MB'`.execute(db);
  await sql.raw(definition).execute(db);
}

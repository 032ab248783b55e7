import { sql, type Kysely, type Migration, type RawBuilder } from 'kysely';
import type { Dialect } from '../migrate.ts';
import { cell } from './021-rank-key.ts';
import { writeSearchVector } from './029-postgres-search-facets.ts';
import { searchVectorWithWebWords } from './030-web-domain-words.ts';

/**
 * PostgreSQL: the search vector also holds each carrier's grid cells of 4 degrees, 1 degree and a
 * quarter degree, the tokens SQLite's index holds ('_g4n8w25', '_g1n32w97', '_gqn131w388';
 * search/geo.ts cellToken), so a radius search intersects the cells its circle touches in the GIN
 * index, beside its words and facets, instead of reading a band of the latitude index
 * (docs/decisions/064-postgres-grid-cells.md). The column is written again: a table rewrite and a new
 * GIN index. search_terms (032) leaves '_' lexemes out, so it does not change. SQLite has them (031).
 *
 * Frozen: the vector is 030's with the cells, as engine-postgres.ts queries them now.
 */
export function postgresGridCellsSchema(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await writeSearchVector(db, searchVectorWithCells());
    },
  };
}

/** PostgreSQL's search vector as this migration writes it (035 adds lead tokens to it). */
export function searchVectorWithCells(): RawBuilder<unknown> {
  return sql`${searchVectorWithWebWords()} ||
    CASE WHEN latitude IS NOT NULL AND longitude IS NOT NULL
      THEN array_to_tsvector(ARRAY[${cell(4)}, ${cell(1)}, ${cell(0.25)}])
      ELSE ''::tsvector END`;
}

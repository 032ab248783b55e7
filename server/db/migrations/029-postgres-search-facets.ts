import { sql, type Kysely, type Migration, type RawBuilder } from 'kysely';
import type { Dialect } from '../migrate.ts';

/**
 * PostgreSQL: the search vector also holds facet lexemes for state, role and cargo, as SQLite's
 * index does (search/search-index.ts): '_statetx', '_typebroker', '_typenoncarrier', '_typenone'
 * (roles are stored as the rare cases) and '_cargocoldfood'. A filtered search then intersects
 * them in the GIN index instead of fetching every row of its words to test the row: 'llc' with the
 * cold-food cargo read 108,000 rows at 300,000 carriers to keep 10,000. The lexemes are written as
 * they are (array_to_tsvector), so the '_' the text parser would split on stays, and typed words,
 * letters and digits only, never match them. The column is written again: a table rewrite and a new
 * GIN index, minutes at the national size. SQLite has nothing to change.
 *
 * Frozen: the vector is 020's (search name keys) with the facets, as engine-postgres.ts queries them now.
 */
export function postgresSearchFacetsSchema(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await writeSearchVector(
        db,
        sql`strip(to_tsvector('simple', name_key(
            name || ' ' || coalesce(dba_name, '') || ' ' || coalesce(phy_city, '') || ' ' ||
            coalesce(phy_state, '') || ' ' || coalesce(web_domain, '')))) || ${facetLexemes()}`,
      );
    },
  };
}

/** The state, role and cargo facets as lexemes of the search vector (030 and 033 write them too). */
export function facetLexemes(): RawBuilder<unknown> {
  const roles = sql`';' || coalesce(carship, '') || ';'`;
  return sql`array_to_tsvector(array_remove(ARRAY[
      CASE WHEN phy_state IS NOT NULL THEN '_state' || lower(phy_state) ELSE '' END,
      CASE WHEN ${roles} LIKE '%;B;%' THEN '_typebroker' ELSE '' END,
      CASE WHEN ${roles} NOT LIKE '%;C;%' THEN '_typenoncarrier' ELSE '' END,
      CASE WHEN ${roles} NOT LIKE '%;C;%' AND ${roles} NOT LIKE '%;B;%' THEN '_typenone' ELSE '' END
    ] || string_to_array(CASE WHEN coalesce(cargo_codes, '') <> ''
      THEN '_cargo' || replace(lower(cargo_codes), ';', ';_cargo') ELSE '' END, ';'), ''))`;
}

/** Writes PostgreSQL's search vector again as `vector`: a table rewrite and a new GIN index. */
export async function writeSearchVector(db: Kysely<unknown>, vector: RawBuilder<unknown>): Promise<void> {
  await sql`ALTER TABLE companies DROP COLUMN search_vector`.execute(db);
  await sql`ALTER TABLE companies ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (${vector}) STORED`.execute(
    db,
  );
  await sql`CREATE INDEX companies_search_vector ON companies USING gin (search_vector)`.execute(db);
}

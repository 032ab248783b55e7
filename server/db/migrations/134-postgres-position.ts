import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../migrate.ts';

/**
 * Issue 53: PostgreSQL finds a radius search's carriers with PostGIS, the standard part every managed
 * PostgreSQL offers, instead of grid cells of the search vector and a band of the latitude index.
 * - `companies.position`: each carrier's position as a geography point, generated from its
 *   coordinates, in a GiST index.
 * - The search vector is written again without its grid-cell lexemes (a table rewrite and a new GIN
 *   index). Its whole definition is here, so the current one reads without the migrations before.
 * SQLite keeps its own indexes. docs/search.md describes both.
 */
export function postgresPositionSchema(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`CREATE EXTENSION IF NOT EXISTS postgis`.execute(db);
      await sql`ALTER TABLE companies DROP COLUMN search_vector,
        ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (${SEARCH_VECTOR}) STORED,
        ADD COLUMN position geography(Point, 4326) GENERATED ALWAYS AS (CASE
          WHEN latitude IS NOT NULL AND longitude IS NOT NULL
          THEN ST_SetSRID(ST_MakePoint(longitude, latitude), 4326)::geography END) STORED`.execute(db);
      await sql`CREATE INDEX companies_search_vector ON companies USING gin (search_vector)`.execute(db);
      await sql`CREATE INDEX companies_position ON companies USING gist (position)`.execute(db);
      // The search reads estimates of the new columns: a store upgraded in place has none until then.
      await sql`ANALYZE companies`.execute(db);
    },
  };
}

/** The words a carrier is found by, as name_key's text: its name, DBA name, city and state. */
const WORDS = sql`name_key(name || ' ' || coalesce(dba_name, '') || ' ' || coalesce(phy_city, '') || ' ' ||
  coalesce(phy_state, ''))`;

const ROLES = sql`';' || coalesce(carship, '') || ';'`;

/**
 * The search vector: the words; the facet lexemes of the state, roles, cargo and hazmat flag; the
 * web domain's words ('_w' and the word); the lead tokens of each word's first 2 and 3 letters
 * ('_l2', '_l3', search_lead_tokens).
 */
const SEARCH_VECTOR = sql`strip(to_tsvector('simple', ${WORDS}))
  || array_to_tsvector(array_remove(ARRAY[
      CASE WHEN phy_state IS NOT NULL THEN '_state' || lower(phy_state) ELSE '' END,
      CASE WHEN ${ROLES} LIKE '%;B;%' THEN '_typebroker' ELSE '' END,
      CASE WHEN ${ROLES} NOT LIKE '%;C;%' THEN '_typenoncarrier' ELSE '' END,
      CASE WHEN ${ROLES} NOT LIKE '%;C;%' AND ${ROLES} NOT LIKE '%;B;%' THEN '_typenone' ELSE '' END,
      CASE WHEN hm_flag = 1 THEN '_hazmat' ELSE '' END
    ] || string_to_array(CASE WHEN coalesce(cargo_codes, '') <> ''
      THEN '_cargo' || replace(lower(cargo_codes), ';', ';_cargo') ELSE '' END, ';'), ''))
  || array_to_tsvector(array_remove(
      string_to_array('_w' || replace(name_key(coalesce(web_domain, '')), ' ', ' _w'), ' '), '_w'))
  || search_lead_tokens(${WORDS})`;

import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../migrate.ts';

/** City pages look carriers up by state and city key (server/domains/search/sql-conditions.ts, CITY_KEY). */
async function createCityKeyIndex(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX companies_city_key ON companies (phy_state,
    (replace(replace(replace(upper(phy_city), '.', ''), '''', ''), '-', ' ')))`.execute(db);
}

/**
 * The full-text index of carriers (docs/decisions/009-search-index.md). SQLite: a contentless FTS5
 * table keyed by company id, written by the search index module whenever companies change.
 * PostgreSQL: a generated tsvector column with a GIN index, kept current by the database itself.
 */
export function searchIndexSchema(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'sqlite') {
        await sql`
          CREATE VIRTUAL TABLE companies_fts USING fts5(
            name, dba_name, place, web, facets,
            content = '', contentless_delete = 1,
            prefix = '2 3 4',
            tokenize = 'unicode61 remove_diacritics 2'
          )`.execute(db);
        await sql`CREATE INDEX companies_latitude ON companies (latitude)`.execute(db);
        await createCityKeyIndex(db);
        return;
      }
      // Lower case without accents, as the search terms are (server/domains/search/search-terms.ts).
      await sql`
        CREATE FUNCTION fold_text(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
          SELECT translate(lower(coalesce(value, '')),
            'àáâãäåāăąçćčďèéêëēėęěìíîïīįłñńňòóôõöøōőŕřśšşťùúûüūůűųýÿźżž',
            'aaaaaaaaacccdeeeeeeeeiiiiiilnnnoooooooorrssstuuuuuuuuyyzzz')
        $$`.execute(db);
      await sql`
        ALTER TABLE companies ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('simple', fold_text(name)), 'A') ||
          setweight(to_tsvector('simple', fold_text(dba_name)), 'B') ||
          setweight(to_tsvector('simple', fold_text(coalesce(phy_city, '') || ' ' || coalesce(phy_state, ''))), 'C') ||
          setweight(to_tsvector('simple', translate(split_part(fold_text(email), '@', 2), '.-', '  ')), 'C')
        ) STORED`.execute(db);
      await sql`CREATE INDEX companies_search_vector ON companies USING gin (search_vector)`.execute(db);
      await sql`CREATE INDEX companies_latitude ON companies (latitude)`.execute(db);
      await createCityKeyIndex(db);
      // Haversine distance in miles; SQLite gets the same function from the connection (db/database.ts).
      await sql`
        CREATE FUNCTION distance_miles(lat1 float8, lon1 float8, lat2 float8, lon2 float8) RETURNS float8
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
          SELECT 2 * 3958.8 * asin(least(1, sqrt(
            sin(radians(lat2 - lat1) / 2) ^ 2 +
            cos(radians(lat1)) * cos(radians(lat2)) * sin(radians(lon2 - lon1) / 2) ^ 2)))
        $$`.execute(db);
    },
  };
}

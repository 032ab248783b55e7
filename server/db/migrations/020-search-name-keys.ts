import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../migrate.ts';

/**
 * PostgreSQL's name_key: a name as search compares it with the typed words (lower case without
 * accents, runs of anything but letters and digits as one space), so the supersearch can rank exact
 * names and names that start with the words first (docs/decisions/039-search-order-and-bounded-counts.md).
 * SQLite gets the same rule as a function registered on each connection (db/database.ts).
 *
 * The search column is defined again over the same keys: PostgreSQL's text parser read 'I-6' and
 * 'L.L.C.' as single tokens, so a carrier SQLite finds by 'i 6 tank lines l l c' was not found here.
 * Ranking no longer reads weights or positions (the order is by name key and fleet), so the vector
 * keeps neither and is smaller.
 *
 * companies_fleet holds the order of equally ranked matches (larger fleets first, then name, then DOT
 * number), so a broad search walks it instead of sorting its matches. PostgreSQL stores the name keys
 * of the legal and DBA names as generated columns, indexed for equality and prefixes: ranking compares
 * each match's keys with the typed words, and computing name_key (a regular expression over the folded
 * name) for every match cost about a millisecond per hundred matches, so a broad search inside a wide
 * radius took seconds. Only raw SQL in engine-postgres.ts reads those columns, so the Kysely schema
 * does not declare them.
 *
 * Numbered after 019 (already on main and run by its stores): Kysely refuses a new migration that
 * sorts before one a store has run.
 */
export function searchNameKeySchema(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'sqlite') {
        await sql`CREATE INDEX companies_fleet ON companies (power_units DESC, name, dot_number)`.execute(db);
        return;
      }
      await sql`CREATE INDEX companies_fleet ON companies (power_units DESC NULLS LAST, name COLLATE "C", dot_number)`.execute(
        db,
      );
      await sql`
        CREATE FUNCTION name_key(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
          SELECT btrim(regexp_replace(fold_text(value), '[^[:alnum:]]+', ' ', 'g'))
        $$`.execute(db);
      await sql`ALTER TABLE companies DROP COLUMN search_vector`.execute(db);
      await sql`
        ALTER TABLE companies ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
          strip(to_tsvector('simple', name_key(
            name || ' ' || coalesce(dba_name, '') || ' ' || coalesce(phy_city, '') || ' ' ||
            coalesce(phy_state, '') || ' ' || coalesce(web_domain, ''))))
        ) STORED`.execute(db);
      await sql`CREATE INDEX companies_search_vector ON companies USING gin (search_vector)`.execute(db);
      await sql`
        ALTER TABLE companies
          ADD COLUMN legal_name_key text GENERATED ALWAYS AS (name_key(name)) STORED,
          ADD COLUMN dba_name_key text GENERATED ALWAYS AS (name_key(dba_name)) STORED`.execute(db);
      await sql`CREATE INDEX companies_name_key ON companies (legal_name_key text_pattern_ops)`.execute(db);
      await sql`CREATE INDEX companies_dba_key ON companies (dba_name_key text_pattern_ops)`.execute(db);
    },
  };
}

import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../migrate.ts';

/**
 * PostgreSQL: the name keys of the legal and DBA names as stored columns (generated from name_key,
 * migration 017), indexed for equality and prefixes, in place of the indexes on the name_key
 * expressions. Ranking a search's matches compares each match's keys with the typed words; computing
 * name_key (a regular expression over the folded name) for every match cost about a millisecond per
 * hundred matches, so a broad search inside a wide radius took seconds (decision 039). Only raw SQL in
 * engine-postgres.ts reads the columns, so the Kysely schema does not declare them. SQLite computes
 * its keys in name_rank (db/database.ts) and is unchanged.
 */
export function storedNameKeysSchema(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'sqlite') return;
      await sql`
        ALTER TABLE companies
          ADD COLUMN legal_name_key text GENERATED ALWAYS AS (name_key(name)) STORED,
          ADD COLUMN dba_name_key text GENERATED ALWAYS AS (name_key(dba_name)) STORED`.execute(db);
      await sql`DROP INDEX companies_name_key`.execute(db);
      await sql`DROP INDEX companies_dba_key`.execute(db);
      await sql`CREATE INDEX companies_name_key ON companies (legal_name_key text_pattern_ops)`.execute(db);
      await sql`CREATE INDEX companies_dba_key ON companies (dba_name_key text_pattern_ops)`.execute(db);
    },
  };
}

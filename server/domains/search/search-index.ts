import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Dialect } from '../../db/migrate.ts';

export interface SearchIndex {
  /** Brings the index up to date for every company changed at or after `since` (its updated_at). */
  refreshSince(since: string): Promise<void>;
}

/**
 * SQLite: the contentless FTS5 table's rows are replaced from the companies table in one statement.
 * Columns: name, DBA name, place (city and state), web (the e-mail's domain, never the address) and
 * facets: letter-only tokens for state, carrier/broker role, cargo and status, so those filters
 * intersect inside the index (the tokenizer would split anything but letters and digits).
 */
function sqliteSearchIndex(db: Db): SearchIndex {
  return {
    async refreshSince(since) {
      await sql`
        INSERT OR REPLACE INTO companies_fts (rowid, name, dba_name, place, web, facets)
        SELECT
          id,
          name,
          coalesce(dba_name, ''),
          coalesce(phy_city, '') || ' ' || coalesce(phy_state, ''),
          CASE WHEN instr(coalesce(email, ''), '@') > 0 THEN substr(email, instr(email, '@') + 1) ELSE '' END,
          trim(
            CASE WHEN phy_state IS NOT NULL THEN 'state' || lower(phy_state) ELSE '' END ||
            CASE WHEN ';' || coalesce(carship, '') || ';' LIKE '%;C;%' THEN ' typecarrier' ELSE '' END ||
            CASE WHEN ';' || coalesce(carship, '') || ';' LIKE '%;B;%' THEN ' typebroker' ELSE '' END ||
            CASE WHEN coalesce(cargo_codes, '') <> '' THEN ' cargo' || replace(lower(cargo_codes), ';', ' cargo') ELSE '' END ||
            CASE WHEN status_code IS NOT NULL THEN ' status' || lower(status_code) ELSE '' END
          )
        FROM companies
        WHERE updated_at >= ${since}`.execute(db);
    },
  };
}

/** PostgreSQL keeps its generated tsvector column current by itself. */
const postgresSearchIndex: SearchIndex = { refreshSince: async () => undefined };

export function createSearchIndex(db: Db, dialect: Dialect): SearchIndex {
  return dialect === 'sqlite' ? sqliteSearchIndex(db) : postgresSearchIndex;
}

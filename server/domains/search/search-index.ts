import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Dialect } from '../../db/migrate.ts';
import { COARSE_CELL_DEGREES, FINE_CELL_DEGREES } from './geo.ts';

export interface SearchIndex {
  /** Brings the index up to date for every company changed at or after `since` (its updated_at). */
  refreshSince(since: string): Promise<void>;
}

/** The geography cell token of geo.ts cellToken(), in SQL, with a leading space. */
function cellSql(degrees: number) {
  // A literal, not a parameter: a bound JavaScript number is a REAL, which would print as '1.0'.
  const size = sql.lit(degrees);
  const row = sql`cast(floor(latitude / ${size}) AS integer)`;
  const column = sql`cast(floor(longitude / ${size}) AS integer)`;
  return sql`(' g' || ${size} || CASE WHEN ${row} >= 0 THEN 'n' ELSE 's' END || abs(${row})
    || CASE WHEN ${column} >= 0 THEN 'e' ELSE 'w' END || abs(${column}))`;
}

/**
 * SQLite: the contentless FTS5 table's rows are replaced from the companies table in one statement.
 * Columns: name, DBA name, place (city and state), web (the e-mail's domain, never the address) and
 * facets: letter-and-digit tokens for state, role, cargo, status and geography cells, so those
 * filters intersect inside the index (the tokenizer would split anything else). Roles are stored as
 * the rare cases (typebroker, typenoncarrier, typenone): almost every record is a carrier, and a
 * filter reads a short list of exceptions far faster than a list of nearly every row.
 */
function sqliteSearchIndex(db: Db): SearchIndex {
  const row = (where: RawBuilder<unknown>) => sql`
    SELECT
      id,
      name,
      coalesce(dba_name, ''),
      coalesce(phy_city, '') || ' ' || coalesce(phy_state, ''),
      CASE WHEN instr(coalesce(email, ''), '@') > 0 THEN substr(email, instr(email, '@') + 1) ELSE '' END,
      trim(
        CASE WHEN phy_state IS NOT NULL THEN 'state' || lower(phy_state) ELSE '' END ||
        CASE WHEN ';' || coalesce(carship, '') || ';' LIKE '%;B;%' THEN ' typebroker' ELSE '' END ||
        CASE WHEN ';' || coalesce(carship, '') || ';' NOT LIKE '%;C;%' THEN ' typenoncarrier' ELSE '' END ||
        CASE WHEN ';' || coalesce(carship, '') || ';' NOT LIKE '%;C;%'
          AND ';' || coalesce(carship, '') || ';' NOT LIKE '%;B;%' THEN ' typenone' ELSE '' END ||
        CASE WHEN coalesce(cargo_codes, '') <> '' THEN ' cargo' || replace(lower(cargo_codes), ';', ' cargo') ELSE '' END ||
        CASE WHEN status_code IS NOT NULL THEN ' status' || lower(status_code) ELSE '' END ||
        CASE WHEN latitude IS NOT NULL AND longitude IS NOT NULL
          THEN ${cellSql(FINE_CELL_DEGREES)} || ${cellSql(COARSE_CELL_DEGREES)} ELSE '' END
      )
    FROM companies
    WHERE ${where}`;
  const columns = sql`companies_fts (rowid, name, dba_name, place, web, facets)`;

  return {
    async refreshSince(since) {
      const [changed, all] = await Promise.all([
        db
          .selectFrom('companies')
          .where('updated_at', '>=', since)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('companies')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      if (Number(changed.n) === 0) return;
      if (Number(changed.n) * 2 > Number(all.n)) {
        // Most rows changed (a full census load): rebuilding beats replacing row by row, which in a
        // contentless table means a delete and an insert each.
        await sql`INSERT INTO companies_fts (companies_fts) VALUES ('delete-all')`.execute(db);
        await sql`INSERT INTO ${columns} ${row(sql`1 = 1`)}`.execute(db);
      } else {
        await sql`INSERT OR REPLACE INTO ${columns} ${row(sql`updated_at >= ${since}`)}`.execute(db);
      }
      // Merge the index segments, so queries read one b-tree per term instead of many.
      await sql`INSERT INTO companies_fts (companies_fts) VALUES ('optimize')`.execute(db);
    },
  };
}

/** PostgreSQL keeps its generated tsvector column current by itself. */
const postgresSearchIndex: SearchIndex = { refreshSince: async () => undefined };

export function createSearchIndex(db: Db, dialect: Dialect): SearchIndex {
  return dialect === 'sqlite' ? sqliteSearchIndex(db) : postgresSearchIndex;
}

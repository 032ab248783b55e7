import { sql, type Kysely, type Migration } from 'kysely';
import { DOMAINS as FREE_MAIL_DOMAINS } from 'free-email-domains-list';
import type { Dialect } from '../migrate.ts';

/** Companies read per step of the backfill. */
const BACKFILL_ROWS = 5_000;

/** A host name, as server/domains/mail/email-addresses.ts (HOST_NAME) read it at this migration. */
const HOST_NAME =
  /^(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+(?:\p{L}{2,63}|xn--[a-z0-9-]{1,59})$/u;

/**
 * The domain an address shows its owner controls. Frozen: a copy of ownedDomain (and emailDomain) of
 * server/domains/mail/email-addresses.ts as of this migration, so that the database layer imports no
 * domain code and a later change of those rules never changes what this migration wrote.
 */
function ownedDomain(address: string): string | null {
  const at = address.indexOf('@');
  if (at < 1 || address.indexOf('@', at + 1) >= 0) return null;
  const domain = address
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, '');
  if (!domain || FREE_MAIL_DOMAINS.has(domain) || domain.length > 253) return null;
  return HOST_NAME.test(domain) ? domain : null;
}

/**
 * Writes web_domain for every company from its FMCSA e-mail, with the rule the importer used at this
 * migration (ownedDomain above): free-mail providers' domains and text that is not a host name stay
 * null.
 */
async function backfillWebDomains(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  let after = 0;
  for (;;) {
    const { rows } = await sql<{ id: number; email: string }>`
      SELECT id, email FROM companies WHERE id > ${after} AND email IS NOT NULL ORDER BY id LIMIT ${BACKFILL_ROWS}`.execute(
      db,
    );
    if (rows.length === 0) return;
    after = Number(rows[rows.length - 1]!.id);
    const domains = rows.flatMap((row) => {
      const domain = ownedDomain(row.email);
      return domain ? [{ id: Number(row.id), domain }] : [];
    });
    if (domains.length === 0) continue;
    const json = JSON.stringify(domains);
    await (
      dialect === 'sqlite'
        ? sql`UPDATE companies SET web_domain = source.domain
            FROM (SELECT value ->> 'id' AS id, value ->> 'domain' AS domain FROM json_each(${json})) AS source
            WHERE companies.id = source.id`
        : sql`UPDATE companies SET web_domain = source.domain
            FROM json_to_recordset(${json}::json) AS source(id integer, domain text)
            WHERE companies.id = source.id`
    ).execute(db);
  }
}

/** A geography cell token of server/domains/search/geo.ts (cellToken), with a leading space, as of this migration. */
function cellSql(degrees: 1 | 4) {
  const size = sql.lit(degrees);
  const row = sql`cast(floor(latitude / ${size}) AS integer)`;
  const column = sql`cast(floor(longitude / ${size}) AS integer)`;
  return sql`(' _g' || ${size} || CASE WHEN ${row} >= 0 THEN 'n' ELSE 's' END || abs(${row})
    || CASE WHEN ${column} >= 0 THEN 'e' ELSE 'w' END || abs(${column}))`;
}

/**
 * SQLite: writes the whole FTS5 table again, its web column from web_domain. Frozen: a copy of the
 * rows of server/domains/search/search-index.ts as of this migration, so that a later change there
 * (reading a column a later migration adds, say) never breaks this one; such a change rebuilds the
 * index in a migration of its own.
 */
async function rebuildSqliteSearchIndex(db: Kysely<unknown>): Promise<void> {
  await sql`INSERT INTO companies_fts (companies_fts) VALUES ('delete-all')`.execute(db);
  await sql`
    INSERT INTO companies_fts (rowid, name, dba_name, place, web, facets)
    SELECT
      id,
      name,
      coalesce(dba_name, ''),
      coalesce(phy_city, '') || ' ' || coalesce(phy_state, ''),
      coalesce(web_domain, ''),
      trim(
        CASE WHEN phy_state IS NOT NULL THEN '_state' || lower(phy_state) ELSE '' END ||
        CASE WHEN ';' || coalesce(carship, '') || ';' LIKE '%;B;%' THEN ' _typebroker' ELSE '' END ||
        CASE WHEN ';' || coalesce(carship, '') || ';' NOT LIKE '%;C;%' THEN ' _typenoncarrier' ELSE '' END ||
        CASE WHEN ';' || coalesce(carship, '') || ';' NOT LIKE '%;C;%'
          AND ';' || coalesce(carship, '') || ';' NOT LIKE '%;B;%' THEN ' _typenone' ELSE '' END ||
        CASE WHEN coalesce(cargo_codes, '') <> '' THEN ' _cargo' || replace(lower(cargo_codes), ';', ' _cargo') ELSE '' END ||
        CASE WHEN latitude IS NOT NULL AND longitude IS NOT NULL THEN ${cellSql(1)} || ${cellSql(4)} ELSE '' END
      )
    FROM companies`.execute(db);
  await sql`INSERT INTO companies_fts (companies_fts) VALUES ('optimize')`.execute(db);
}

/**
 * The search indexes know a carrier's website from `web_domain` instead of from its FMCSA e-mail:
 * the e-mail's domain unless it is a free-mail provider's, so searching 'gmail' no longer lists
 * every sole proprietor with a Gmail address (docs/decisions/022-self-rating-free-mail-and-styles.md).
 * The importer writes the column with the e-mail. SQLite's full-text table is rebuilt from it;
 * PostgreSQL's generated search column is defined again over it (its GIN index with it).
 */
export function webDomainSchema(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        // Dropped first, so the backfill does not recompute every vector it touches.
        await sql`ALTER TABLE companies DROP COLUMN search_vector`.execute(db);
      }
      await sql`ALTER TABLE companies ADD COLUMN web_domain text`.execute(db);
      await backfillWebDomains(db, dialect);
      if (dialect === 'sqlite') {
        await rebuildSqliteSearchIndex(db);
        return;
      }
      // As in 003-search-index.ts, with the website from web_domain.
      await sql`
        ALTER TABLE companies ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('simple', fold_text(name)), 'A') ||
          setweight(to_tsvector('simple', fold_text(dba_name)), 'B') ||
          setweight(to_tsvector('simple', fold_text(coalesce(phy_city, '') || ' ' || coalesce(phy_state, ''))), 'C') ||
          setweight(to_tsvector('simple', translate(fold_text(web_domain), '.-', '  ')), 'C')
        ) STORED`.execute(db);
      await sql`CREATE INDEX companies_search_vector ON companies USING gin (search_vector)`.execute(db);
    },
  };
}

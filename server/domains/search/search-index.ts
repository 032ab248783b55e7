import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Dialect } from '../../db/migrate.ts';

/** The company fields the full-text index is built from. */
export interface IndexedCompany {
  id: number;
  name: string;
  dba_name: string | null;
  phy_city: string | null;
  phy_state: string | null;
  email: string | null;
  carship: string | null;
  cargo_codes: string | null;
  status_code: string | null;
}

export interface SearchIndex {
  /** Brings the index up to date for companies that were just inserted or changed. */
  indexCompanies(companies: readonly IndexedCompany[]): Promise<void>;
}

/** The domain of an e-mail address, searchable like a website (never the address itself). */
export function emailDomain(email: string | null): string {
  const at = email?.lastIndexOf('@') ?? -1;
  return email && at >= 0 ? email.slice(at + 1) : '';
}

/**
 * Filter tokens stored beside the text in SQLite's FTS5 table, so state, type, cargo and status
 * filters intersect inside the index instead of after it. Letters only: the tokenizer would split
 * anything else.
 */
export function facetTokens(company: IndexedCompany): string {
  const tokens: string[] = [];
  if (company.phy_state) tokens.push(`state${company.phy_state.toLowerCase()}`);
  const roles = (company.carship ?? '').split(';');
  if (roles.includes('C')) tokens.push('typecarrier');
  if (roles.includes('B')) tokens.push('typebroker');
  for (const code of company.cargo_codes ? company.cargo_codes.split(';') : []) {
    tokens.push(`cargo${code.toLowerCase()}`);
  }
  if (company.status_code) tokens.push(`status${company.status_code.toLowerCase()}`);
  return tokens.join(' ');
}

/** SQLite: rows of the contentless FTS5 table are replaced by company id. */
function sqliteSearchIndex(db: Db): SearchIndex {
  return {
    async indexCompanies(companies) {
      if (companies.length === 0) return;
      const rows = companies.map(
        (company) =>
          sql`(${company.id}, ${company.name}, ${company.dba_name ?? ''}, ${`${company.phy_city ?? ''} ${company.phy_state ?? ''}`}, ${emailDomain(company.email)}, ${facetTokens(company)})`,
      );
      await sql`INSERT OR REPLACE INTO companies_fts (rowid, name, dba_name, place, web, facets) VALUES ${sql.join(rows)}`.execute(
        db,
      );
    },
  };
}

/** PostgreSQL keeps its generated tsvector column current by itself. */
const postgresSearchIndex: SearchIndex = { indexCompanies: async () => undefined };

export function createSearchIndex(db: Db, dialect: Dialect): SearchIndex {
  return dialect === 'sqlite' ? sqliteSearchIndex(db) : postgresSearchIndex;
}

import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../migrate.ts';

/**
 * SQLite: the terms of the full-text index with how many carriers hold each (docs/decisions/049-
 * search-terms.md). A typed word of four letters or more, which no prefix index covers, becomes the
 * few whole terms it starts, found here, instead of a prefix query that merges their lists in full
 * at every statement. Filled from the index as it stands; whatever writes the index writes this
 * table in the same transaction (search-index.ts). PostgreSQL has nothing to change.
 */
export function searchTermsSchema(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'sqlite') return;
      await sql`CREATE TABLE search_terms (term TEXT PRIMARY KEY, carriers INTEGER NOT NULL) WITHOUT ROWID`.execute(
        db,
      );
      await writeSearchTerms(db);
    },
  };
}

/**
 * Writes search_terms again from the index as it stands (024, 028, 030, 031 and 042 too, after they
 * rewrite the index), without the terms from `excluded.from` up to `excluded.to` when given: tokens
 * no search expands a word into (028: the exact-name tokens; 030, 031 and 042: the web-label ones too).
 */
export async function writeSearchTerms(
  db: Kysely<unknown>,
  excluded?: { from: string; to: string },
): Promise<void> {
  await sql`CREATE VIRTUAL TABLE temp.companies_fts_terms USING fts5vocab(main, companies_fts, 'row')`.execute(
    db,
  );
  await sql`DELETE FROM search_terms`.execute(db);
  await (
    excluded
      ? sql`INSERT INTO search_terms (term, carriers)
          SELECT term, doc FROM temp.companies_fts_terms WHERE term < ${sql.lit(excluded.from)}
          UNION ALL SELECT term, doc FROM temp.companies_fts_terms WHERE term >= ${sql.lit(excluded.to)}`
      : sql`INSERT INTO search_terms (term, carriers) SELECT term, doc FROM temp.companies_fts_terms`
  ).execute(db);
  await sql`DROP TABLE temp.companies_fts_terms`.execute(db);
}

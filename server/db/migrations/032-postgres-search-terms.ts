import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../migrate.ts';

/**
 * PostgreSQL: search_terms, every word lexeme of the search vectors (not the '_' facet and web-label
 * lexemes, which no typed word starts), so a typed prefix that starts few of them is asked as those
 * whole lexemes (search/prefix-terms.ts, docs/decisions/063-postgres-prefixes-as-whole-terms.md).
 * `term` compares in byte order ("C"), as tsquery prefixes do, so a range of terms is a prefix.
 *
 * Triggers keep it whole: each statement that inserts or updates carriers adds the lexemes of its
 * rows in the same transaction, so no search sees a vector holding a lexeme the table lacks, which
 * would drop that carrier from a prefix's matches. Lexemes no carrier holds any more stay; a term
 * with no matches costs a search nothing but a list of none. They are added in order, so two
 * statements adding the same new lexemes wait for each other in one order and never deadlock.
 * SQLite has its own (023), written from its index.
 */
export function postgresSearchTermsSchema(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`CREATE TABLE search_terms (term text COLLATE "C" PRIMARY KEY)`.execute(db);
      await sql`INSERT INTO search_terms (term)
        SELECT word FROM ts_stat('SELECT search_vector FROM companies')
        WHERE word NOT LIKE '\\_%' ORDER BY 1`.execute(db);
      await sql`CREATE FUNCTION companies_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO search_terms (term)
            SELECT DISTINCT term.lexeme FROM changed_companies c, unnest(c.search_vector) AS term
            WHERE term.lexeme NOT LIKE '\\_%' ORDER BY 1
            ON CONFLICT DO NOTHING;
          RETURN NULL;
        END $$`.execute(db);
      // A trigger with transition tables answers one kind of statement: one for inserts, one for updates.
      for (const event of ['INSERT', 'UPDATE'])
        await sql`CREATE TRIGGER ${sql.id(`companies_search_terms_${event.toLowerCase()}`)}
          AFTER ${sql.raw(event)} ON companies REFERENCING NEW TABLE AS changed_companies
          FOR EACH STATEMENT EXECUTE FUNCTION companies_search_terms()`.execute(db);
    },
  };
}

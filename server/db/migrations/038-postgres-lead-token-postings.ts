import { sql, type Kysely, type Migration, type RawBuilder } from 'kysely';
import type { Dialect } from '../migrate.ts';
import {
  createPostingsIndex,
  postingColumns,
  postingSources,
  writePostingFunctions,
} from './036-postgres-search-postings.ts';

/**
 * PostgreSQL: search_postings also holds each carrier's lead tokens of 3 letters ('_l3tra', one per
 * distinct start of 3 letters of its words, migration 035), so a typed word of 2 or 3 letters is read
 * from the postings in rank-key order like a longer word: 'fre' as its one lead token, 'tr' as the
 * word 'tr' and the lead tokens it starts ('_l3tra', '_l3tre', ...). Through the GIN index such a word
 * gathers a bitmap of every match and fetches each counted match's row: 'tr' within 250 miles of
 * Chicago 947 ms, 'ha' on page 1,000 832 (docs/decisions/077-postgres-lead-token-postings.md).
 *
 * A lead token's `starts` (036's postingColumns): a name key of the carrier starts with its letters
 * ('tra'), so the names that start with a typed word of 2 or 3 letters are the carriers with a
 * flagged posting among its terms, as for a longer word. About 4.4 lead tokens a carrier: 19 million more postings at 4.4
 * million carriers.
 */
export function postgresLeadTokenPostingsSchema(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await writePostingFunctions(db, { lexemesOf, columns: postingColumns, sources: postingSources });
      // Built again over the whole table: 19 million entries inserted in key order amid the index
      // split its pages half full (4,071 MB instead of 3,185; 348 s in all). A census load
      // killed with the index suspended (db/bulk-load.ts) leaves it to the next import to build.
      const suspended =
        await sql`SELECT 1 FROM suspended_indexes WHERE name = 'search_postings_term'`.execute(db);
      await sql`DROP INDEX IF EXISTS search_postings_term`.execute(db);
      await sql`INSERT INTO search_postings
        SELECT ${postingColumns(sql`c`)} FROM companies c,
          LATERAL (SELECT lexeme FROM unnest(c.search_vector) WHERE lexeme LIKE '\\_l3%') AS word`.execute(
        db,
      );
      if (suspended.rows.length === 0) await createPostingsIndex(db);
      await sql`ANALYZE search_postings`.execute(db);
    },
  };
}

/** The lexemes of a companies row's search vector that have postings: words, web-domain words and 3-letter lead tokens. */
export function lexemesOf(row: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`LATERAL (SELECT lexeme FROM unnest(${row}.search_vector)
    WHERE lexeme NOT LIKE '\\_%' OR lexeme LIKE '\\_w%' OR lexeme LIKE '\\_l3%') AS word`;
}

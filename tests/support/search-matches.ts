import { sql } from 'kysely';
import type { Db } from '../../server/db/database.ts';
import { WEB_LABEL } from '../../server/domains/search/facets.ts';
import { DOT_MASK } from '../../server/domains/search/rank-key.ts';
import { testDialect } from './test-database.ts';

/**
 * DOT numbers of the carriers the store's search index matches for a word as the supersearch asks it
 * (the start of a word of the name, DBA name or place, or a whole word of the web domain), read
 * straight from the index (FTS5 on SQLite, the tsvector column on PostgreSQL), in ascending order.
 */
export async function dotsMatchingPrefix(db: Db, word: string): Promise<number[]> {
  const found =
    testDialect === 'sqlite'
      ? await sql<{ dot: number }>`SELECT c.dot_number AS dot FROM companies_fts f
          JOIN companies c ON c.dot_number = (f.rowid & ${sql.lit(DOT_MASK)})
          WHERE companies_fts MATCH ${`"${word}"* OR facets:"${WEB_LABEL}${word}"`}`.execute(db)
      : await sql<{ dot: number }>`SELECT dot_number AS dot FROM companies
          WHERE search_vector @@ ${`${word}:* | '${WEB_LABEL}${word}'`}::tsquery`.execute(db);
  return found.rows.map((row) => Number(row.dot)).sort((a, b) => a - b);
}

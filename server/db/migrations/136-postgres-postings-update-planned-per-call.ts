import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../migrate.ts';

/**
 * PostgreSQL: the statement trigger that rewrites a changed carrier's search postings plans its two
 * statements at each call (EXECUTE) instead of keeping the plan of its first call in the session.
 * That plan was made for the transition tables of the session's first update of companies: after a
 * small update, a join of the old and new rows of a large one (the risk flags of every flagged
 * carrier in a first build of the signals, at national size) was a nested loop over both, which did
 * not end. The function's whole definition is here; the postings it writes are migration 045's.
 */
export function postgresPostingsUpdatePlannedPerCallSchema(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`CREATE OR REPLACE FUNCTION companies_search_postings_update() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      EXECUTE $delete$ DELETE FROM search_postings WHERE ctid = ANY (ARRAY(
        SELECT posting.ctid FROM (
          SELECT ${sql.raw(postingOf('o'))} FROM old_companies o
            JOIN new_companies n ON n.id = o.id AND ${sql.raw(SOURCES_CHANGED)},
            ${sql.raw(lexemesOf('o'))}
          ORDER BY 1, 2, 3
        ) gone, LATERAL (SELECT p.ctid FROM search_postings p
          WHERE p.term = gone.term AND p.starts = gone.starts AND p.rank_key = gone.rank_key LIMIT 1) posting)) $delete$;
      EXECUTE $insert$ INSERT INTO search_postings
        SELECT ${sql.raw(postingOf('n'))} FROM new_companies n
          JOIN old_companies o ON o.id = n.id AND ${sql.raw(SOURCES_CHANGED)},
          ${sql.raw(lexemesOf('n'))}
        ORDER BY 1, 2, 3 $insert$;
      RETURN NULL;
    END $$`.execute(db);
    },
  };
}

/** The companies columns a carrier's postings are made from: the postings change when one does. */
const SOURCES_CHANGED = `((n.search_vector, n.rank_key, n.legal_name_key, n.dba_name_key,
    n.latitude, n.longitude, n.phy_state, n.carship), n.cargo_codes) IS DISTINCT FROM ((o.search_vector, o.rank_key,
    o.legal_name_key, o.dba_name_key, o.latitude, o.longitude, o.phy_state, o.carship), o.cargo_codes)`;

/** The lexemes of a row's search vector that have postings (words, web-domain words, 3-letter lead tokens) as `word`, with its cargo bits. */
const lexemesOf = (row: string) => `LATERAL (SELECT word.lexeme, cargo.bits
    FROM (SELECT cargo_bits(${row}.cargo_codes) AS bits OFFSET 0) cargo, LATERAL (SELECT lexeme FROM unnest(${row}.search_vector)
    WHERE lexeme NOT LIKE '\\_%' OR lexeme LIKE '\\_w%' OR lexeme LIKE '\\_l3%') AS word) AS word`;

/**
 * A posting's columns from a row and its `word`: `starts` when a name key starts with the word (a word
 * of one letter as a whole word), a 3-letter lead token's letters, never a web-domain word.
 */
function postingOf(row: string): string {
  const letters = `CASE WHEN word.lexeme LIKE '\\_l3%' THEN substr(word.lexeme, 4)
    WHEN word.lexeme NOT LIKE '\\_%' THEN word.lexeme END`;
  const wholeWord = (key: string) =>
    `coalesce(${row}."${key}" = word.lexeme OR ${row}."${key}" LIKE word.lexeme || ' %', false)`;
  const startsWith = (key: string) => `coalesce(${row}."${key}" LIKE ${letters} || '%', false)`;
  return `word.lexeme AS term, CASE WHEN length(word.lexeme) = 1
      THEN (${wholeWord('legal_name_key')} OR ${wholeWord('dba_name_key')})
      ELSE (${startsWith('legal_name_key')} OR ${startsWith('dba_name_key')}) END AS starts,
    ${row}.rank_key, ${row}.id, ${row}.latitude, ${row}.longitude, ${row}.phy_state, ${row}.carship, word.bits AS cargo_bits`;
}

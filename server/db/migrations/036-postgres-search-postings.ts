import { sql, type Kysely, type Migration, type RawBuilder } from 'kysely';
import type { Dialect } from '../migrate.ts';

/**
 * PostgreSQL: search_postings, one row per carrier and word of its search vector (its word lexemes
 * and web-domain words, not the facet, cell and lead-token lexemes), in a b-tree that PostgreSQL
 * reads index-only: by term, then whether a name of the carrier starts with the term, then rank key,
 * holding the company id and the columns the state, role and circle filters test. A typed word of 4
 * letters or more searched alone is read there (search/postgres-postings.ts): its terms' lists come
 * in rank-key order and stop at the count bound, where the GIN index builds a bitmap of every match
 * and each counted match fetches its row (docs/decisions/069-postgres-search-postings.md).
 *
 * `starts`: the carrier's legal or DBA name key starts with the term, so a name that starts with a
 * typed word is one whose posting of a term the word starts is flagged. Web-domain words ('_w...')
 * are never flagged: a name starting with the word also has the name's own word.
 *
 * Triggers keep it whole, as search_terms' do (032): each statement that inserts or updates carriers
 * writes their postings in the same transaction, so no search sees a carrier whose postings are not
 * this row's. An update rewrites a carrier's postings only when what they hold changed.
 */
export function postgresSearchPostingsSchema(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`CREATE TABLE search_postings (
        term text COLLATE "C" NOT NULL,
        starts boolean NOT NULL,
        rank_key bigint NOT NULL,
        id integer NOT NULL,
        latitude real,
        longitude real,
        phy_state text,
        carship text
      )`.execute(db);
      // A read is index-only on the pages vacuum marked all-visible; a monthly refresh rewrites the
      // postings of about 3% of them (1.07 million at 4.4 million carriers), which PostgreSQL's
      // default (20% of the table) would leave to be read from the table until the next month.
      await sql`ALTER TABLE search_postings SET (autovacuum_vacuum_scale_factor = 0.02,
        autovacuum_vacuum_insert_scale_factor = 0.02)`.execute(db);
      await sql`INSERT INTO search_postings SELECT ${postingColumns(sql`c`)} FROM companies c, ${lexemesOf(sql`c`)}`.execute(
        db,
      );
      await createPostingsIndex(db);
      await writePostingFunctions(db, { lexemesOf, columns: postingColumns, sources: postingSources });
      await sql`CREATE TRIGGER companies_search_postings_insert AFTER INSERT ON companies
        REFERENCING NEW TABLE AS inserted_companies
        FOR EACH STATEMENT EXECUTE FUNCTION companies_search_postings_insert()`.execute(db);
      await sql`CREATE TRIGGER companies_search_postings_update AFTER UPDATE ON companies
        REFERENCING OLD TABLE AS old_companies NEW TABLE AS new_companies
        FOR EACH STATEMENT EXECUTE FUNCTION companies_search_postings_update()`.execute(db);
    },
  };
}

/**
 * The postings' index, built over the whole table (036, and again by 038 after adding lead tokens:
 * entries inserted in key order amid an index's split its pages half full).
 */
export async function createPostingsIndex(db: Kysely<unknown>) {
  // The census's postings (35 to 55 million rows, 2 to 3.5 GB of index) sort in memory much sooner.
  await sql`SET LOCAL maintenance_work_mem = '512MB'`.execute(db);
  await sql`CREATE INDEX search_postings_term ON search_postings (term, starts, rank_key)
    INCLUDE (id, latitude, longitude, phy_state, carship)`.execute(db);
}

/**
 * What the trigger functions make postings from, as of a migration (038 adds lead tokens, 040 cargo
 * bits): `lexemesOf`, a LATERAL list, as `word`, of a companies row's lexemes that have postings;
 * `columns`, a posting's columns in the table's order from a row and its `word`; `sources`, the
 * row's columns those are made from, so an update rewrites a carrier's postings when one changed.
 */
export interface PostingsShape {
  lexemesOf: (row: RawBuilder<unknown>) => RawBuilder<unknown>;
  columns: (row: RawBuilder<unknown>) => RawBuilder<unknown>;
  sources: (row: RawBuilder<unknown>) => RawBuilder<unknown>;
}

/**
 * The functions the insert and update triggers run, written again when the postings change shape:
 * an insert adds its carriers' postings, an update rewrites those of the carriers whose postings'
 * sources changed.
 * The update finds each old posting by one probe of the index (a LATERAL read with a LIMIT, which the
 * planner keeps a probe) and deletes them by their row addresses: as a join the planner hashed every
 * posting of the table (54 million, 114 s for the 1.7 million postings of 138,048 carriers). Postings
 * are probed and inserted in the index's order, so those of one term meet the same index pages.
 */
export async function writePostingFunctions(
  db: Kysely<unknown>,
  { lexemesOf, columns, sources }: PostingsShape,
) {
  await sql`CREATE OR REPLACE FUNCTION companies_search_postings_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO search_postings
        SELECT ${columns(sql`c`)} FROM inserted_companies c, ${lexemesOf(sql`c`)} ORDER BY 1, 2, 3;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE OR REPLACE FUNCTION companies_search_postings_update() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM search_postings WHERE ctid = ANY (ARRAY(
        SELECT posting.ctid FROM (
          SELECT ${columns(sql`o`)} FROM old_companies o
            JOIN new_companies n ON n.id = o.id AND ${sources(sql`n`)} IS DISTINCT FROM ${sources(sql`o`)},
            ${lexemesOf(sql`o`)}
          ORDER BY 1, 2, 3
        ) gone, LATERAL (SELECT p.ctid FROM search_postings p
          WHERE p.term = gone.term AND p.starts = gone.starts AND p.rank_key = gone.rank_key LIMIT 1) posting));
      INSERT INTO search_postings
        SELECT ${columns(sql`n`)} FROM new_companies n
          JOIN old_companies o ON o.id = n.id AND ${sources(sql`n`)} IS DISTINCT FROM ${sources(sql`o`)},
          ${lexemesOf(sql`n`)}
        ORDER BY 1, 2, 3;
      RETURN NULL;
    END $$`.execute(db);
}

/** The companies columns 036's postings are made from. */
export function postingSources(row: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`(${row}.search_vector, ${row}.rank_key, ${row}.legal_name_key, ${row}.dba_name_key,
    ${row}.latitude, ${row}.longitude, ${row}.phy_state, ${row}.carship)`;
}

/** The lexemes of a companies row's search vector that have postings: its words and web-domain words. */
function lexemesOf(row: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`LATERAL (SELECT lexeme FROM unnest(${row}.search_vector)
    WHERE lexeme NOT LIKE '\\_%' OR lexeme LIKE '\\_w%') AS word`;
}

/**
 * A posting's columns, in the table's order, from a companies row and one of its lexemes (`word`):
 * `starts`, the flag's expression (startsWithLetters unless a later migration's).
 */
export function postingColumns(
  row: RawBuilder<unknown>,
  starts: RawBuilder<unknown> = startsWithLetters(row),
): RawBuilder<unknown> {
  return sql`word.lexeme AS term, ${starts} AS starts,
    ${row}.rank_key, ${row}.id, ${row}.latitude, ${row}.longitude, ${row}.phy_state, ${row}.carship`;
}

/**
 * Whether a posting is flagged: a name key starts with the letters of the lexeme, a word's own, a
 * 3-letter lead token's after '_l3' (038 gives those postings); never for a web-domain word.
 */
export function startsWithLetters(row: RawBuilder<unknown>): RawBuilder<unknown> {
  // Letters and digits only, so a LIKE pattern made of them has no wildcard but '%'.
  const letters = sql`CASE WHEN word.lexeme LIKE '\\_l3%' THEN substr(word.lexeme, 4)
    WHEN word.lexeme NOT LIKE '\\_%' THEN word.lexeme END`;
  const startsWith = (key: string) => sql`coalesce(${row}.${sql.ref(key)} LIKE ${letters} || '%', false)`;
  return sql`(${startsWith('legal_name_key')} OR ${startsWith('dba_name_key')})`;
}

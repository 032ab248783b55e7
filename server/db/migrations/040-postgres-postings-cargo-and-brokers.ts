import { sql, type Kysely, type Migration, type RawBuilder } from 'kysely';
import { cargoBit, CARGO_TYPES } from '../../../core/cargo.ts';
import type { Dialect } from '../migrate.ts';
import { postingColumns, postingSources, writePostingFunctions } from './036-postgres-search-postings.ts';
import { lexemesOf as wordLexemesOf } from './038-postgres-lead-token-postings.ts';

/**
 * PostgreSQL: search_postings holds each carrier's cargo types as bits (`cargo_bits`, core/cargo.ts
 * cargoBit), so a word searched with a cargo filter is read from its postings like one with a state,
 * role or circle; and a second index over the postings of brokers only, so a search for brokers
 * reads their postings alone rather than every carrier's. Through the GIN index a common word with
 * a cargo filter, or for brokers, fetched the row of each match it counted after building a bitmap of
 * every match: 'LLC' for refrigerated food 337 ms, 'tr' for brokers 215
 * (docs/decisions/081-postgres-postings-cargo-and-brokers.md).
 *
 * The table is filled again from the companies rows, with the indexes built after it, as 036 built
 * it: adding the column to 54 million postings in place would rewrite each row and its index entry.
 * A census load killed with the indexes suspended (db/bulk-load.ts) leaves them to the next import.
 */
export function postgresPostingsCargoAndBrokersSchema(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`CREATE FUNCTION cargo_bits(codes text) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE
        AS $$ SELECT ${cargoBitsOf(sql`codes`)} $$`.execute(db);
      const suspended =
        await sql`SELECT 1 FROM suspended_indexes WHERE name = 'search_postings_term'`.execute(db);
      await sql`DROP INDEX IF EXISTS search_postings_term`.execute(db);
      await sql`TRUNCATE search_postings`.execute(db);
      await sql`ALTER TABLE search_postings ADD COLUMN cargo_bits integer NOT NULL`.execute(db);
      await writePostingFunctions(db, { lexemesOf, columns, sources });
      await sql`INSERT INTO search_postings SELECT ${columns(sql`c`)} FROM companies c, ${lexemesOf(sql`c`)}`.execute(
        db,
      );
      if (suspended.rows.length === 0) {
        // The census's postings (about 54 million rows, 3.2 GB of index) sort in memory much sooner.
        await sql`SET LOCAL maintenance_work_mem = '512MB'`.execute(db);
        for (const index of POSTINGS_INDEXES) await sql.raw(index.definition).execute(db);
      } else {
        // Built with the others at the end of the census load that suspended them.
        await sql`DELETE FROM suspended_indexes WHERE name = 'search_postings_term'`.execute(db);
        for (const index of POSTINGS_INDEXES)
          await sql`INSERT INTO suspended_indexes (name, table_name, definition)
            VALUES (${index.name}, 'search_postings', ${index.definition})`.execute(db);
      }
      await sql`ANALYZE search_postings`.execute(db);
    },
  };
}

/**
 * The postings' indexes: every posting, and the postings of brokers. The second's condition is the
 * role filter's for brokers (search/sql-conditions.ts), the same text, so the planner reads it for
 * a search for brokers alone (a twentieth of the carriers; 3% of the postings' entries).
 */
const POSTINGS_INDEXES = [
  {
    name: 'search_postings_term',
    definition: `CREATE INDEX search_postings_term ON search_postings (term, starts, rank_key)
      INCLUDE (id, latitude, longitude, phy_state, carship, cargo_bits)`,
  },
  {
    name: 'search_postings_brokers',
    definition: `CREATE INDEX search_postings_brokers ON search_postings (term, starts, rank_key)
      INCLUDE (id, latitude, longitude, phy_state, carship, cargo_bits)
      WHERE (';' || carship || ';') LIKE '%;B;%'`,
  },
];

/**
 * The bits of a `;`-separated list of cargo codes: one test per cargo type, an expression PostgreSQL
 * inlines where the function is called (a loop over the list's items is a function call a row).
 */
function cargoBitsOf(codes: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql.join(
    CARGO_TYPES.map(
      ([code]) =>
        sql`CASE WHEN ';' || ${codes} || ';' LIKE ${sql.lit(`%;${code};%`)} THEN ${sql.lit(cargoBit(code))} ELSE 0 END`,
    ),
    sql` | `,
  );
}

/**
 * A companies row's lexemes that have postings (038's), as `word.lexeme`, each beside the row's
 * cargo bits (`word.bits`), worked out once a row (the subquery that OFFSET 0 keeps apart).
 */
export function lexemesOf(row: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`LATERAL (SELECT word.lexeme, cargo.bits
    FROM (SELECT cargo_bits(${row}.cargo_codes) AS bits OFFSET 0) cargo, ${wordLexemesOf(row)}) AS word`;
}

/** A posting's columns in the table's order: 036's, then the carrier's cargo bits. */
function columns(row: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`${postingColumns(row)}, word.bits AS cargo_bits`;
}

/** The companies columns the postings are made from: 036's and the cargo codes. */
export function sources(row: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`(${postingSources(row)}, ${row}.cargo_codes)`;
}

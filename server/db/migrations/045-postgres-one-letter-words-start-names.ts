import { sql, type Kysely, type Migration, type RawBuilder } from 'kysely';
import type { Dialect } from '../migrate.ts';
import { postingColumns, startsWithLetters, writePostingFunctions } from './036-postgres-search-postings.ts';
import { lexemesOf, sources } from './040-postgres-postings-cargo-and-brokers.ts';

/**
 * PostgreSQL: a posting of a word of one letter is flagged only when a name of the carrier starts
 * with it as a whole word ('S & S TRUCKING' for 's', not 'SMITH S TRUCKING'): a typed word of one
 * letter is a whole word, and so is the name rank's test of it (search/sql-conditions.ts
 * nameKeyStarts). Flagged by its letter, such a posting could not say which carriers' names start
 * with the word, and a page of a word of one letter asked each flagged carrier's row ('s' on page
 * 1,000: 68 ms; docs/decisions/087-postgres-one-letter-words-start-names.md).
 *
 * The postings whose flag changes, flagged now with a name that goes on otherwise, are found by the
 * postings' index, one range a term of one letter.
 */
export function postgresOneLetterWordsStartNamesSchema(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await writePostingFunctions(db, { lexemesOf, columns, sources });
      await sql`UPDATE search_postings p SET starts = false FROM companies c
        WHERE p.term = ANY (ARRAY(SELECT term FROM search_terms WHERE length(term) = 1)) AND p.starts
          AND c.id = p.id AND NOT ${namesStartWithWord(sql`c`, sql`p.term`)}`.execute(db);
    },
  };
}

/** Whether a legal or DBA name key of a companies row starts with `word` as a whole word. */
function namesStartWithWord(row: RawBuilder<unknown>, word: RawBuilder<unknown>): RawBuilder<unknown> {
  const startsWith = (key: string) =>
    sql`coalesce(${row}.${sql.ref(key)} = ${word} OR ${row}.${sql.ref(key)} LIKE ${word} || ' %', false)`;
  return sql`(${startsWith('legal_name_key')} OR ${startsWith('dba_name_key')})`;
}

/** A posting's columns as 040's, but a word of one letter flagged only as a whole word starting a name. */
function columns(row: RawBuilder<unknown>): RawBuilder<unknown> {
  const starts = sql`CASE WHEN length(word.lexeme) = 1 THEN ${namesStartWithWord(row, sql`word.lexeme`)}
    ELSE ${startsWithLetters(row)} END`;
  return sql`${postingColumns(row, starts)}, word.bits AS cargo_bits`;
}

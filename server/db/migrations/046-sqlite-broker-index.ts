import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../migrate.ts';
import { searchRowsWith } from './021-rank-key.ts';
import { webTokens } from './030-web-domain-words.ts';
import { nameTokens } from './031-quarter-cells-and-lead-prefixes.ts';

/**
 * SQLite: the brokers' index (docs/decisions/090-sqlite-broker-index.md), a third contentless FTS5
 * table with companies_fts's rows (the same rowid, the rank key, and columns) of the carriers whose
 * roles hold a broker, about a twentieth of them. A search for brokers alone reads it, so its words'
 * lists hold brokers only, where in companies_fts they are intersected with the list of every
 * broker ('tran' for brokers: 12 ms to count past 10,000). A carrier's row goes by its rank key in
 * search_index_keys, as its companies_fts row does. One transaction; PostgreSQL has the brokers'
 * postings index (migration 040).
 *
 * Frozen: the rows are search-index.ts's searchRows as of this migration (042's).
 */
export function sqliteBrokerIndexSchema(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'sqlite') return;
      await db.transaction().execute(async (trx) => {
        await sql`
          CREATE VIRTUAL TABLE companies_broker_fts USING fts5(
            name, dba_name, place, facets,
            content = '', contentless_delete = 1,
            prefix = '2 3',
            tokenize = "unicode61 remove_diacritics 2 tokenchars '_'"
          )`.execute(trx);
        await sql`INSERT INTO companies_broker_fts (rowid, name, dba_name, place, facets) ${searchRowsWith(
          sql`name`,
          sql`coalesce(dba_name, '')`,
          nameTokens,
          webTokens,
          [1, 4],
          sql`';' || coalesce(carship, '') || ';' LIKE '%;B;%'`,
        )}`.execute(trx);
      });
      await sql`INSERT INTO companies_broker_fts (companies_broker_fts) VALUES ('optimize')`.execute(db);
    },
  };
}

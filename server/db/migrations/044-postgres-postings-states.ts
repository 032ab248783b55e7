import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../migrate.ts';
import { buildPostingsIndex } from './043-postgres-postings-places.ts';

/**
 * PostgreSQL: an index of the search postings by term and state, with the carrier's id in order
 * (docs/decisions/086-postgres-postings-by-place-and-state.md), so the matches of a word in a state are
 * counted from that state's postings alone, each term's in id order and merged, stopping at the
 * bound, instead of from the word's postings in rank-key order until the bound's worth lie in the
 * state. A census load that has the postings' indexes suspended builds it with them.
 */
export function postgresPostingsStatesSchema(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await buildPostingsIndex(
        db,
        'search_postings_state',
        `CREATE INDEX search_postings_state ON search_postings (term, phy_state, id) WHERE phy_state IS NOT NULL`,
      );
    },
  };
}

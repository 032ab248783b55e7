import { sql } from 'kysely';
import type { ContactKind } from '../../../core/contact-check.ts';
import type { Db } from '../../db/database.ts';

/** A carrier named in an answer, with how many carriers hold the detail in all. */
export interface HolderRow {
  dot_number: number;
  name: string;
  dba_name: string | null;
  total: number | string;
}

export function createContactCheckRepo(db: Db) {
  const total = sql<number | string>`count(*) over ()`.as('total');
  return {
    /**
     * The carriers whose FMCSA record holds a detail, the first `limit` by DOT number, each row with
     * the number of all of them. One statement whatever the answer, so a detail on a record and one
     * on none cost the same queries. A phone or an e-mail is a whole key of carrier_link_keys
     * (never the e-mail's domain); an MC or DOT number is the carrier's own column.
     */
    async holders(kind: ContactKind, key: string, limit: number): Promise<HolderRow[]> {
      const companies = db
        .selectFrom('companies as c')
        .select(['c.dot_number', 'c.name', 'c.dba_name', total]);
      const query =
        kind === 'dot'
          ? companies.where('c.dot_number', '=', Number(key))
          : kind === 'mc'
            ? companies.where('c.mc_number', '=', key)
            : companies
                .innerJoin('carrier_link_keys as k', 'k.dot_number', 'c.dot_number')
                .where('k.kind', '=', kind)
                .where('k.key', '=', key);
      return query.orderBy('c.dot_number').limit(limit).execute();
    },

    /** The carrier a DOT or MC number names (the lowest DOT number when an MC number is on several). */
    async carrierByNumber(kind: 'dot' | 'mc', number: number) {
      const query = db.selectFrom('companies').select(['dot_number', 'name', 'dba_name']);
      return (
        kind === 'dot'
          ? query.where('dot_number', '=', number)
          : query.where('mc_number', '=', String(number)).orderBy('dot_number').limit(1)
      ).executeTakeFirst();
    },
  };
}

export type ContactCheckRepo = ReturnType<typeof createContactCheckRepo>;

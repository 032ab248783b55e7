import { reviewedVerdict, vettingVerdict, type CarrierVetting } from '../../../core/authority.ts';

export type { CarrierVetting };
import type { Db } from '../../db/database.ts';
import { liRowsOfCarrier } from './one-read.ts';
import { authorityRecord, carrierAuthorityOf, censusDocket, docketTables, type CensusFacts } from './repo.ts';

/** A carrier's authority, insurance and revocations with the verdict on them (issue 18). */
export function createAuthorityService(db: Db, clock: () => Date) {
  return {
    /** Null when the census holds no carrier with that DOT number. */
    async vetting(dotNumber: number): Promise<CarrierVetting | null> {
      const today = clock().toISOString().slice(0, 10);
      const found = await authorityRecord(db, dotNumber, today);
      if (!found) return null;
      const { risk_signals } = await db
        .selectFrom('companies')
        .select('risk_signals')
        .where('dot_number', '=', dotNumber)
        .executeTakeFirstOrThrow();
      const verdict = vettingVerdict(found.usdotStatus, found.record, today);
      return { record: found.record, verdict: reviewedVerdict(verdict, risk_signals), today };
    },

    /**
     * The same vetting of a company row already read, in one query: the profile page reads every
     * carrier's L&I record within its query budget (docs/decisions/036).
     */
    async companyVetting(
      company: CensusFacts & { mc_number: string | null; risk_signals: number },
    ): Promise<CarrierVetting> {
      const today = clock().toISOString().slice(0, 10);
      const { dockets, ...rows } = await liRowsOfCarrier(
        db,
        company.dot_number,
        censusDocket(company.mc_number),
      );
      const { record } = carrierAuthorityOf(company, dockets, docketTables(rows), today);
      const verdict = vettingVerdict(company.status_code, record, today);
      return { record, verdict: reviewedVerdict(verdict, company.risk_signals), today };
    },
  };
}

export type AuthorityService = ReturnType<typeof createAuthorityService>;

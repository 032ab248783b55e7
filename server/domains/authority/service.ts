import { vettingVerdict, type AuthorityRecord, type Verdict } from '../../../core/authority.ts';
import type { Db } from '../../db/database.ts';
import { authorityRecord } from './repo.ts';

export interface CarrierVetting {
  record: AuthorityRecord;
  verdict: Verdict;
  /** The ISO day the verdict was computed for (filings and revocations are judged against it). */
  today: string;
}

/** A carrier's authority, insurance and revocations with the verdict on them (issue 18). */
export function createAuthorityService(db: Db, clock: () => Date) {
  return {
    /** Null when the census holds no carrier with that DOT number. */
    async vetting(dotNumber: number): Promise<CarrierVetting | null> {
      const today = clock().toISOString().slice(0, 10);
      const found = await authorityRecord(db, dotNumber, today);
      if (!found) return null;
      return { record: found.record, verdict: vettingVerdict(found.usdotStatus, found.record, today), today };
    },
  };
}

export type AuthorityService = ReturnType<typeof createAuthorityService>;

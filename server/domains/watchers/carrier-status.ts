import {
  docketLabel,
  filingsInForce,
  reviewedVerdict,
  vettingVerdict,
  type AuthorityRecord,
} from '../../../core/authority.ts';
import type { CarrierStatus } from '../../../core/contracts/watchers.ts';
import { historyEventDay, historyEventDescription, type HistoryKind } from '../../../core/history.ts';
import { rulesOf, SIGNAL_RULES } from '../../../core/signals.ts';
import type { InsuranceState } from '../../../core/watchlists.ts';
import type { Db } from '../../db/database.ts';
import { authorityRecordsOf } from '../authority/repo.ts';
import type { WatchersRepo } from './repo.ts';

/** Insurance in force in one word: on file, on file but being cancelled, or none. */
export function insuranceState(record: AuthorityRecord, today: string): InsuranceState {
  const inForce = filingsInForce(record, today);
  if (inForce.length === 0) return record.bipdOnFileDollars ? 'On file' : 'None in force';
  return inForce.every((filing) => filing.cancellationEffectiveOn !== null)
    ? 'Cancellation pending'
    : 'On file';
}

/**
 * What a watcher is told of carriers today, by DOT number: the verdict and authority (core/authority.ts,
 * the profile's own rule), insurance in force, the newest change of the record history and the days
 * the data describe. Carriers the census does not hold are left out. One statement a table for the
 * whole batch: the census rows once (name, docket and the facts the verdict reads), their L&I
 * records (authority/repo.ts) and, beside them, the last changes.
 */
export async function carrierStatuses(
  db: Db,
  repo: WatchersRepo,
  dotNumbers: readonly number[],
  today: string,
): Promise<Map<number, CarrierStatus>> {
  const [{ carriers, records }, changes] = await Promise.all([
    repo.carriers(dotNumbers).then(async (carriers) => ({
      carriers,
      records: await authorityRecordsOf(db, carriers, today),
    })),
    repo.lastChanges(dotNumbers),
  ]);
  const changeOf = new Map(changes.map((change) => [change.dot_number, change]));
  const statuses = new Map<number, CarrierStatus>();
  for (const carrier of carriers) {
    const found = records.get(carrier.dot_number);
    if (!found) continue;
    const { record, usdotStatus } = found;
    const verdict = reviewedVerdict(vettingVerdict(usdotStatus, record, today), carrier.risk_signals);
    const change = changeOf.get(carrier.dot_number);
    statuses.set(carrier.dot_number, {
      dot_number: carrier.dot_number,
      mc_number: carrier.mc_number ? docketLabel(`MC${carrier.mc_number}`) : null,
      name: carrier.name,
      verdict: { headline: verdict.headline, level: verdict.level, reasons: verdict.reasons },
      authority: record.authorities.map((authority) => ({
        docket: authority.docket,
        kind: authority.kind,
        status: authority.status,
        granted_on: authority.grantedOn,
        revoked_on: authority.revokedOn,
      })),
      insurance: {
        state: insuranceState(record, today),
        in_force: filingsInForce(record, today).map((filing) => ({
          docket: filing.docket,
          kind: filing.kind,
          insurer: filing.insurer,
          policy_number: filing.policyNumber,
          amount_dollars: filing.amountDollars,
          effective_on: filing.effectiveOn,
          cancellation_effective_on: filing.cancellationEffectiveOn,
        })),
      },
      signals: rulesOf(carrier.risk_signals).map((rule) => SIGNAL_RULES[rule].title),
      last_change: change
        ? {
            description: historyEventDescription(change.kind as HistoryKind, change.event, change.subject),
            kind: change.kind,
            event: change.event,
            on: historyEventDay({ effectiveOn: change.effective_on, firstSeenOn: change.first_seen_on }),
            first_seen_on: change.first_seen_on,
          }
        : null,
      data_dates: {
        census: record.sourceDates.census,
        legacy_li: record.sourceDates.legacy,
        motus_li: record.sourceDates.motus,
        out_of_service: record.sourceDates.outOfService,
      },
      as_of: today,
    });
  }
  return statuses;
}

import {
  docketLabel,
  filingsInForce,
  reviewedVerdict,
  vettingVerdict,
  type AuthorityRecord,
  type InsuranceFiling,
  type Verdict,
} from '../../../core/authority.ts';
import type { CarrierStatus, WatchlistRow } from '../../../core/contracts/watchers.ts';
import { historyEventDay, historyEventDescription, type HistoryKind } from '../../../core/history.ts';
import { rulesOf, SIGNAL_RULES } from '../../../core/signals.ts';
import type { InsuranceState } from '../../../core/watchlists.ts';
import type { Db } from '../../db/database.ts';
import { authorityRecordsOf } from '../authority/repo.ts';
import type { WatchersRepo } from './repo.ts';

/** Insurance in force in one word, from the filings in force: on file, on file but being cancelled, or none. */
export function insuranceState(record: AuthorityRecord, inForce: readonly InsuranceFiling[]): InsuranceState {
  if (inForce.length === 0) return record.bipdOnFileDollars ? 'On file' : 'None in force';
  return inForce.every((filing) => filing.cancellationEffectiveOn !== null)
    ? 'Cancellation pending'
    : 'On file';
}

/** A carrier judged on a day: its census row, L&I record, verdict, filings in force and newest change. */
interface JudgedCarrier {
  carrier: Awaited<ReturnType<WatchersRepo['carriers']>>[number];
  record: AuthorityRecord;
  verdict: Verdict;
  inForce: InsuranceFiling[];
  change: Awaited<ReturnType<WatchersRepo['lastChanges']>>[number] | undefined;
}

/**
 * The carriers with these DOT numbers judged on `today`, with the profile's own rule
 * (core/authority.ts): the verdict, the filings in force, the newest change of the record history.
 * Carriers the census does not hold are left out. One statement a table for the whole batch: the
 * census rows once (name, docket and the facts the verdict reads), their L&I records
 * (authority/repo.ts) and, beside them, the last changes. What `tell` makes of each, by DOT number.
 */
async function judgeCarriers<Told>(
  db: Db,
  repo: WatchersRepo,
  dotNumbers: readonly number[],
  today: string,
  tell: (judged: JudgedCarrier) => Told,
): Promise<Map<number, Told>> {
  const [{ carriers, records }, changes] = await Promise.all([
    repo.carriers(dotNumbers).then(async (carriers) => ({
      carriers,
      records: await authorityRecordsOf(db, carriers, today),
    })),
    repo.lastChanges(dotNumbers),
  ]);
  const changeOf = new Map(changes.map((change) => [change.dot_number, change]));
  const told = new Map<number, Told>();
  for (const carrier of carriers) {
    const found = records.get(carrier.dot_number);
    if (!found) continue;
    const { record, usdotStatus } = found;
    told.set(
      carrier.dot_number,
      tell({
        carrier,
        record,
        verdict: reviewedVerdict(vettingVerdict(usdotStatus, record, today), carrier.risk_signals),
        inForce: filingsInForce(record, today),
        change: changeOf.get(carrier.dot_number),
      }),
    );
  }
  return told;
}

const mcLabel = (mcNumber: string | null) => (mcNumber ? docketLabel(`MC${mcNumber}`) : null);
const signalTitles = (riskSignals: number) => rulesOf(riskSignals).map((rule) => SIGNAL_RULES[rule].title);
const changeDescription = (change: NonNullable<JudgedCarrier['change']>) =>
  historyEventDescription(change.kind as HistoryKind, change.event, change.subject);
const changeDay = (change: NonNullable<JudgedCarrier['change']>) =>
  historyEventDay({ effectiveOn: change.effective_on, firstSeenOn: change.first_seen_on });

/**
 * What a watcher is told of carriers today in a lookup, by DOT number: the verdict and authority,
 * insurance in force, the newest change of the record history and the days the data describe.
 */
export async function carrierStatuses(
  db: Db,
  repo: WatchersRepo,
  dotNumbers: readonly number[],
  today: string,
): Promise<Map<number, CarrierStatus>> {
  return judgeCarriers(db, repo, dotNumbers, today, ({ carrier, record, verdict, inForce, change }) => ({
    dot_number: carrier.dot_number,
    mc_number: mcLabel(carrier.mc_number),
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
      state: insuranceState(record, inForce),
      in_force: inForce.map((filing) => ({
        docket: filing.docket,
        kind: filing.kind,
        insurer: filing.insurer,
        policy_number: filing.policyNumber,
        amount_dollars: filing.amountDollars,
        effective_on: filing.effectiveOn,
        cancellation_effective_on: filing.cancellationEffectiveOn,
      })),
    },
    signals: signalTitles(carrier.risk_signals),
    last_change: change
      ? {
          description: changeDescription(change),
          kind: change.kind,
          event: change.event,
          on: changeDay(change),
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
  }));
}

/** A watchlist row of a carrier but the day it was added: what the page shows of it, nothing more. */
export type CarrierSummary = Omit<WatchlistRow, 'dot_number' | 'added_on'>;

/** The watchlist page's columns of carriers today, by DOT number, judged as carrierStatuses judges them. */
export async function carrierSummaries(
  db: Db,
  repo: WatchersRepo,
  dotNumbers: readonly number[],
  today: string,
): Promise<Map<number, CarrierSummary>> {
  return judgeCarriers(db, repo, dotNumbers, today, ({ carrier, record, verdict, inForce, change }) => ({
    mc_number: mcLabel(carrier.mc_number),
    name: carrier.name,
    verdict: verdict.headline,
    verdict_level: verdict.level,
    insurance: insuranceState(record, inForce),
    signals: signalTitles(carrier.risk_signals),
    last_change: change ? changeDescription(change) : null,
    last_change_on: change ? changeDay(change) : null,
  }));
}

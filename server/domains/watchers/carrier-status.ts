import {
  docketLabel,
  filingsInForce,
  insuranceState,
  reviewedJudgement,
  reviewedVerdict,
  vettingVerdict,
} from '../../../core/authority.ts';
import type { CarrierStatus, WatchlistRow } from '../../../core/contracts/watchers.ts';
import { historyEventDay, historyEventDescription, type HistoryKind } from '../../../core/history.ts';
import { rulesOf, SIGNAL_RULES } from '../../../core/signals.ts';
import type { Db } from '../../db/database.ts';
import { authorityRecordsOf, currentJudgements } from '../authority/repo.ts';
import type { WatchersRepo } from './repo.ts';

type LastChange = Awaited<ReturnType<WatchersRepo['lastChanges']>>[number];

const mcLabel = (mcNumber: string | null) => (mcNumber ? docketLabel(`MC${mcNumber}`) : null);
const signalTitles = (riskSignals: number) => rulesOf(riskSignals).map((rule) => SIGNAL_RULES[rule].title);
const changeDescription = (change: LastChange) =>
  historyEventDescription(change.kind as HistoryKind, change.event, change.subject);
const changeDay = (change: LastChange) =>
  historyEventDay({ effectiveOn: change.effective_on, firstSeenOn: change.first_seen_on });

/** The newest change of each carrier's record history, by DOT number. */
async function lastChangesOf(repo: WatchersRepo, dotNumbers: readonly number[]) {
  return new Map((await repo.lastChanges(dotNumbers)).map((change) => [change.dot_number, change]));
}

/**
 * What a watcher is told of carriers today in a lookup, by DOT number: the verdict and authority,
 * insurance in force, the newest change of the record history and the days the data describe,
 * judged live from their L&I records with the profile's own rule (core/authority.ts). Carriers the
 * census does not hold are left out. One statement a table for the whole batch.
 */
export async function carrierStatuses(
  db: Db,
  repo: WatchersRepo,
  dotNumbers: readonly number[],
  today: string,
): Promise<Map<number, CarrierStatus>> {
  const [{ carriers, records }, changeOf] = await Promise.all([
    repo.carriers(dotNumbers).then(async (carriers) => ({
      carriers,
      records: await authorityRecordsOf(db, carriers, today),
    })),
    lastChangesOf(repo, dotNumbers),
  ]);
  const statuses = new Map<number, CarrierStatus>();
  for (const carrier of carriers) {
    const found = records.get(carrier.dot_number);
    if (!found) continue;
    const { record, usdotStatus } = found;
    const verdict = reviewedVerdict(vettingVerdict(usdotStatus, record, today), carrier.risk_signals);
    const inForce = filingsInForce(record, today);
    const change = changeOf.get(carrier.dot_number);
    statuses.set(carrier.dot_number, {
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
    });
  }
  return statuses;
}

/** A watchlist row of a carrier but the day it was added: what the page shows of it, nothing more. */
export type CarrierSummary = Omit<WatchlistRow, 'dot_number' | 'added_on'>;

/**
 * The watchlist page's columns of carriers today, by DOT number: their stored judgements where they
 * hold, else judged live by the same function (authority/repo.ts currentJudgements), with their
 * risk signals applied as the lookup applies them. Carriers the census does not hold are left out.
 */
export async function carrierSummaries(
  db: Db,
  repo: WatchersRepo,
  dotNumbers: readonly number[],
  today: string,
): Promise<Map<number, CarrierSummary>> {
  const [{ carriers, judgements }, changeOf] = await Promise.all([
    repo.carriers(dotNumbers).then(async (carriers) => ({
      carriers,
      judgements: await currentJudgements(db, carriers, today),
    })),
    lastChangesOf(repo, dotNumbers),
  ]);
  const summaries = new Map<number, CarrierSummary>();
  for (const carrier of carriers) {
    const judgement = judgements.get(carrier.dot_number);
    if (!judgement) continue;
    const { headline, level, insurance } = reviewedJudgement(judgement, carrier.risk_signals);
    const change = changeOf.get(carrier.dot_number);
    summaries.set(carrier.dot_number, {
      mc_number: mcLabel(carrier.mc_number),
      name: carrier.name,
      verdict: headline,
      verdict_level: level,
      insurance,
      signals: signalTitles(carrier.risk_signals),
      last_change: change ? changeDescription(change) : null,
      last_change_on: change ? changeDay(change) : null,
    });
  }
  return summaries;
}

/**
 * What every import run and sync ends with, once: the L&I search flags and judgements of the carriers
 * the files touched, then the links and risk signals. Timed, so an operator sees which step a slow
 * refresh spent its time in.
 */
import type { Db } from '../../server/db/database.ts';
import { refreshFlagsAfterImports } from '../../server/domains/authority/repo.ts';
import { refreshLinksAndSignals, type SignalsRefresh } from '../../server/domains/signals/repo.ts';

export interface DerivedDataRefresh {
  flagsSeconds: number;
  signals: SignalsRefresh;
}

/** `now` an ISO time; its day is the flags' today. */
export async function refreshDerivedData(db: Db, now: string): Promise<DerivedDataRefresh> {
  const started = performance.now();
  // The dockets every file touched (li_flags_due), once for the run, and the days that passed since
  // the last run, which change verdicts without any row changing.
  await refreshFlagsAfterImports(db, now.slice(0, 10));
  const flagsSeconds = (performance.now() - started) / 1000;
  // Links and signals read the census, inspections, L&I and history just written, and the calendar.
  return { flagsSeconds, signals: await refreshLinksAndSignals(db, now) };
}

export function describeDerivedRefresh({ flagsSeconds, signals }: DerivedDataRefresh): string {
  const { keys, shared, signals: rules } = signals.seconds;
  const count = (n: number) => n.toLocaleString('en-US');
  const carriers = signals.full
    ? `all ${count(signals.carriersKeyed)} carriers`
    : `${count(signals.carriersKeyed)} carriers written, ${count(signals.carriersDue)} due`;
  return (
    `search flags and judgements: ${flagsSeconds.toFixed(1)} s\n` +
    `links and signals: ${(keys + shared + rules).toFixed(1)} s (${carriers}; keys ${keys.toFixed(1)} s, ` +
    `shared keys ${shared.toFixed(1)} s, signals ${rules.toFixed(1)} s)`
  );
}

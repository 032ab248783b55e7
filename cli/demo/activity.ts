/** What inspections and crashes share: how active a carrier is on the road and where its trucks go. */
import type { DemoCarrier } from './carrier.ts';
import { csvField } from './csv.ts';
import type { DemoCalendar } from './dates.ts';
import type { Geography, StateCode } from './geography.ts';
import type { Rng } from './random.ts';

/**
 * Road exposure per power unit: inactive carriers run nothing, intrastate carriers fewer miles than
 * interstate ones, and brokers or shippers without trucks none.
 */
export function roadExposure(carrier: DemoCarrier): number {
  if (carrier.status === 'I') return 0;
  return carrier.powerUnits * (carrier.operation === 'A' ? 1 : 0.6);
}

/** A day in the 24-month window, after its first day and up to today. */
export function dayInWindow(rng: Rng, calendar: DemoCalendar): number {
  return rng.int(calendar.windowStart + 1, calendar.today);
}

/** Where an inspection or crash happens: an interstate carrier is often away from its home state. */
export function eventState(
  rng: Rng,
  geography: Geography,
  carrier: DemoCarrier,
  homeShare: number,
): StateCode {
  const home = carrier.physical.state;
  if (carrier.operation !== 'A' || rng.chance(homeShare)) return home;
  return geography.pickAwayState(rng, home);
}

/** A clock time as `HHMM`, drawn from 06:00 to 21:59 when most inspections and crashes happen. */
export function clockMinutes(rng: Rng): number {
  return rng.int(6 * 60, 22 * 60 - 1);
}

export function hhmm(minutes: number): string {
  const clamped = Math.min(minutes, 23 * 60 + 59);
  return String(Math.floor(clamped / 60) * 100 + (clamped % 60)).padStart(4, '0');
}

/** The DOT number as MCMIS files zero-pad it in UPLOAD_DOT_NUMBER. */
export function paddedDot(dot: number): string {
  return String(dot).padStart(8, '0');
}

/** The carrier fields the inspection and crash files repeat on each of the carrier's rows, CSV-ready. */
export interface CarrierColumns {
  name: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  /** The MC docket as these files spell it, `MC139446` or `MC-139446`; empty without one. */
  docket: string;
  interstate: 'Y' | 'N';
}

export function carrierColumns(rng: Rng, carrier: DemoCarrier): CarrierColumns {
  const mc = carrier.dockets.find((docket) => docket.prefix === 'MC');
  const { physical } = carrier;
  return {
    name: csvField(carrier.legalName),
    street: csvField(physical.street),
    city: csvField(physical.city),
    state: physical.state,
    zip: physical.zip.slice(0, 5),
    docket: mc ? (rng.chance(0.5) ? `MC${mc.number}` : `MC-${mc.number}`) : '',
    interstate: carrier.operation === 'A' ? 'Y' : 'N',
  };
}

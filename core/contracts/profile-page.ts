// What the public profile page's loader hands its block renderers (the read model,
// server/domains/companies/profile-page.ts). Not an HTTP answer: the page reads it through the load
// context, but its parts are the API's shapes, declared beside them.
import type { CarrierVetting } from '../authority.ts';
import type { CapacityEntry } from './capacity.ts';
import type { CarrierRecord, SafetyDetail, SafetySummary } from './carrier-data.ts';
import type { HistoryPage } from './history.ts';
import type { RatingDetails, RatingSummary } from './ratings.ts';
import type { CarrierSignals } from './signals.ts';

/** A data panel's state: the spec's loading / error / empty / data cycle, resolved on the server. */
export type Loaded<T> = { status: 'data'; value: T } | { status: 'error' } | { status: 'unavailable' };

/** Inspections in one state over the heat map's window. */
export interface StateCount {
  state: string;
  count: number;
}

/** Everything the data blocks of one profile read. */
export interface CarrierPanels {
  dotNumber: number;
  safety: Loaded<SafetySummary | null>;
  /** The inspections, violations and crashes behind the summary: the pages the URL asks for. */
  safetyDetail: Loaded<SafetyDetail>;
  carrier: Loaded<CarrierRecord | null>;
  inspectionStates: Loaded<StateCount[]>;
  capacity: Loaded<CapacityEntry[] | null>;
  ratingSummary: RatingSummary;
  /** The star distribution and newest comments; the averages are in ratingSummary. */
  ratings: Loaded<RatingDetails>;
  /** The L&I record and the verdict on it (issue 18), judged on the server's day. */
  authority: Loaded<CarrierVetting>;
  /** The carrier's record over time (issue 52): one page of the 'Record history' block. */
  history: Loaded<HistoryPage>;
  /** The carrier's risk signals and connected carriers (issue 55): the 'Connected carriers' block. */
  connections: Loaded<CarrierSignals>;
}

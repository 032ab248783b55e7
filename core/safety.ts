// Facts of FMCSA's safety measures both the pages and the API state (issue 56, safety detail).

/**
 * FMCSA's national out-of-service averages as SAFER's Company Snapshot shows them, in percent, and
 * the day this product recorded them (SAFER's own "as of" day was not at hand): when SAFER publishes
 * new ones, update the figures and the day together. The spec flags a carrier's rate above them.
 */
export const NATIONAL_OOS_AVERAGES = {
  vehicle_oos_rate: 22.26,
  driver_oos_rate: 6.67,
  as_of: '2026-11-22',
} as const;

/** FMCSA's Safety Measurement System looks back 24 months. */
export const SAFETY_WINDOW_MONTHS = 24;

/** Inspections and crashes one page of a profile's safety detail lists. */
export const SAFETY_DETAIL_PAGE_SIZE = 10;

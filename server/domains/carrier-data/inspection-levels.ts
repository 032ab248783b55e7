/**
 * Which inspection levels each out-of-service rate counts (docs/decisions/024-honest-dated-carrier-data.md).
 * FMCSA computes the driver rate over level I, II, III and VI inspections and the vehicle rate over
 * level I, II, V and VI: the levels that examine the driver, or the vehicle, in full. Level IV
 * (a special study of one item) and 99 (documented in MCMIS without a level of examination) count
 * toward neither rate, only toward the inspection total.
 */
export const DRIVER_RATE_LEVELS = [1, 2, 3, 6] as const;
export const VEHICLE_RATE_LEVELS = [1, 2, 5, 6] as const;

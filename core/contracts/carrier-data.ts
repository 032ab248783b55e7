// The carrier-data API the spec treats as a third-party service (public-side section 7), served
// from our own FMCSA store (docs/decisions/007-carrier-data-api.md).
import { z } from 'zod';
import { dotNumber, DotNumberParams, wholeNumber } from '../input.ts';
import { SAFETY_WINDOW_MONTHS } from '../safety.ts';
import { route } from './route.ts';

/** Most inspections one page returns; larger requests are capped, not refused. */
export const MAX_INSPECTIONS_PER_PAGE = 100;

export const InspectionsQuery = z.object({
  sinceMonths: wholeNumber(1, 120).default(12),
  page: wholeNumber(1, 100_000).default(1),
  perPage: wholeNumber(1)
    .default(MAX_INSPECTIONS_PER_PAGE)
    .transform((value) => Math.min(value, MAX_INSPECTIONS_PER_PAGE)),
});
export const CarrierSearchQuery = z.object({ dotNumber });

/** A page of the crashes, by default over the safety window. */
export const CrashesQuery = InspectionsQuery.extend({
  sinceMonths: wholeNumber(1, 120).default(SAFETY_WINDOW_MONTHS),
});
export const ViolationCountsQuery = CrashesQuery.pick({ sinceMonths: true });

/** FMCSA's national out-of-service averages (percent) and the day they were taken from SAFER. */
export const NationalOosAverages = z.object({
  vehicle_oos_rate: z.number(),
  driver_oos_rate: z.number(),
  as_of: z.string(),
});

/** A carrier's inspection and crash totals over the safety window. */
export const SafetySummary = z.object({
  dot_number: z.number(),
  total_inspections: z.number(),
  total_violations: z.number(),
  total_oos_violations: z.number(),
  /** A percentage with two decimals; null when nothing was inspected. */
  driver_oos_rate: z.number().nullable(),
  driver_inspections: z.number(),
  vehicle_oos_rate: z.number().nullable(),
  vehicle_inspections: z.number(),
  total_crashes: z.number(),
  crashes_with_fatalities: z.number(),
  crashes_with_injuries: z.number(),
  crashes_with_tow_away: z.number(),
  window_months: z.number(),
  updated_at: z.string(),
  /** The newest day the imported inspection and crash files describe. */
  inspections_through: z.string().nullable(),
  crashes_through: z.string().nullable(),
  /** What the rates are measured against. */
  national_averages: NationalOosAverages,
});
export type SafetySummary = z.infer<typeof SafetySummary>;

/**
 * The carrier record of the carrier-data search (fleet, drivers, mileage, cargo flags). Besides these
 * fields it has one `crgo_<code>` flag per cargo type of core/cargo.ts: 'X' when authorised, else ''.
 */
export const CarrierRecord = z.looseObject({
  dot_number: z.number(),
  legal_name: z.string(),
  dba_name: z.string().nullable(),
  mc_number: z.string().nullable(),
  status_code: z.string().nullable(),
  carrier_operation: z.string().nullable(),
  phy_street: z.string().nullable(),
  phy_city: z.string().nullable(),
  phy_state: z.string().nullable(),
  phy_zip: z.string().nullable(),
  phy_country: z.string().nullable(),
  power_units: z.number().nullable(),
  truck_units: z.number().nullable(),
  total_drivers: z.number().nullable(),
  total_cdl: z.number().nullable(),
  mcs150_mileage: z.number().nullable(),
  mcs150_mileage_year: z.number().nullable(),
  mcs150_date: z.string().nullable(),
  business_org_desc: z.string().nullable(),
  safety_rating: z.string().nullable(),
  crgo_cargoothr_desc: z.string().nullable(),
  census_as_of: z.string().nullable(),
});
export type CarrierRecord = z.infer<typeof CarrierRecord>;

/** One violation cited in an inspection (SMS Input - Violation). */
export const Violation = z.object({
  viol_code: z.string(),
  /** Section_Desc: what the regulation requires. */
  description: z.string().nullable(),
  /** The BASIC it counts toward, as published ('Vehicle Maint.'). */
  basic: z.string().nullable(),
  /** 'D' the driver, a number the vehicle unit. */
  unit: z.string().nullable(),
  /** Whether it put the driver or vehicle out of service. */
  oos: z.boolean(),
});
export type Violation = z.infer<typeof Violation>;

/** One roadside inspection as stored, with its violations. */
export const Inspection = z.object({
  inspection_id: z.string(),
  dot_number: z.number(),
  insp_date: z.string(),
  report_state: z.string().nullable(),
  report_number: z.string().nullable(),
  insp_level_id: z.number(),
  viol_total: z.number(),
  oos_total: z.number(),
  driver_oos_total: z.number(),
  vehicle_oos_total: z.number(),
  hazmat_oos_total: z.number(),
  /** Empty until the violation file is imported, or when none was cited. */
  violations: z.array(Violation),
});
export type Inspection = z.infer<typeof Inspection>;

/** A page of some list: its items, which page, its size, and how many items there are in all. */
const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), page: z.number(), per_page: z.number(), total: z.number() });

export const InspectionsPage = pageOf(Inspection);
export type InspectionsPage = z.infer<typeof InspectionsPage>;

/** One crash, counted once however many vehicles it involved. */
export const Crash = z.object({
  crash_id: z.string(),
  report_date: z.string(),
  report_state: z.string().nullable(),
  fatalities: z.number(),
  injuries: z.number(),
  tow_away: z.boolean(),
});
export type Crash = z.infer<typeof Crash>;

export const CrashesPage = pageOf(Crash);
export type CrashesPage = z.infer<typeof CrashesPage>;

/** Violations cited toward one BASIC over the window, and how many of them were out of service. */
export const BasicViolationCount = z.object({
  basic: z.string().nullable(),
  violations: z.number(),
  oos_violations: z.number(),
});
export type BasicViolationCount = z.infer<typeof BasicViolationCount>;

/** The violation counts per BASIC since a day (ISO), most cited first. */
export const ViolationCounts = z.object({ since: z.string(), by_basic: z.array(BasicViolationCount) });
export type ViolationCounts = z.infer<typeof ViolationCounts>;

/**
 * The safety detail a profile shows and a report records: the violation counts per BASIC over the
 * safety window, and a page each of its inspections (with their violations) and crashes.
 */
export const SafetyDetail = ViolationCounts.extend({
  inspections: InspectionsPage,
  crashes: CrashesPage,
  /** The newest day the imported SMS violation files describe; null before any. */
  violations_through: z.string().nullable(),
});
export type SafetyDetail = z.infer<typeof SafetyDetail>;

export const carrierDataContracts = {
  safetySummary: route(
    'GET',
    'carrierData',
    '/company/:dotNumber/safety-summary',
    { params: DotNumberParams },
    {
      200: z.object({ data: z.object({ data: SafetySummary }) }),
    },
  ),
  inspections: route(
    'GET',
    'carrierData',
    '/company/:dotNumber/inspections',
    { params: DotNumberParams, querystring: InspectionsQuery },
    { 200: InspectionsPage },
  ),
  /** The carrier's crashes, newest first (issue 56). */
  crashes: route(
    'GET',
    'carrierData',
    '/company/:dotNumber/crashes',
    { params: DotNumberParams, querystring: CrashesQuery },
    { 200: CrashesPage },
  ),
  /** The carrier's violations counted per BASIC category (issue 56). */
  violationCounts: route(
    'GET',
    'carrierData',
    '/company/:dotNumber/violation-counts',
    { params: DotNumberParams, querystring: ViolationCountsQuery },
    { 200: z.object({ data: ViolationCounts }) },
  ),
  /** The carrier's operating authorities, revocations and the vetting verdict (L&I files, issue 18). */
  authority: route(
    'GET',
    'carrierData',
    '/company/:dotNumber/authority',
    { params: DotNumberParams },
    { 200: z.object({ data: z.looseObject({ dot_number: z.number(), as_of: z.string().nullable() }) }) },
  ),
  /** The carrier's insurance filings, BI&PD required versus on file (L&I files, issue 18). */
  insurance: route(
    'GET',
    'carrierData',
    '/company/:dotNumber/insurance',
    { params: DotNumberParams },
    { 200: z.object({ data: z.looseObject({ dot_number: z.number(), as_of: z.string().nullable() }) }) },
  ),
  /** Zero or one record: the carrier with that DOT number. */
  search: route(
    'GET',
    'carrierData',
    '/search',
    { querystring: CarrierSearchQuery },
    {
      200: z.object({ data: z.array(CarrierRecord) }),
    },
  ),
};

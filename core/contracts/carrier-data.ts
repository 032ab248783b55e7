// The carrier-data API the spec treats as a third-party service (public-side section 7), served
// from our own FMCSA store (docs/decisions/007-carrier-data-api.md).
import { z } from 'zod';
import { dotNumber, DotNumberParams, wholeNumber } from '../input.ts';
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

/** One roadside inspection as stored. */
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
});

export const InspectionsPage = z.object({
  data: z.array(Inspection),
  page: z.number(),
  per_page: z.number(),
  total: z.number(),
});

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

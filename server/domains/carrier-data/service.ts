import { formatMcNumber } from '../companies/company-view.ts';
import { CARGO_TYPES } from '../../../core/cargo.ts';
import type { CarrierRecord, SafetyDetail, SafetySummary } from '../../../core/contracts/carrier-data.ts';
import {
  NATIONAL_OOS_AVERAGES,
  SAFETY_DETAIL_PAGE_SIZE,
  SAFETY_WINDOW_MONTHS,
} from '../../../core/safety.ts';
import type { Selectable } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { DataDates } from '../../../core/record-facts.ts';
import type { CompaniesTable } from '../../db/schema.ts';
import type { CarrierDataRepo } from './repo.ts';

type ActivityCounts = Awaited<ReturnType<CarrierDataRepo['inspectionsPerStateAndCrashes']>>;

type Company = Selectable<CompaniesTable>;
type InspectionTotals = Awaited<ReturnType<CarrierDataRepo['inspectionTotals']>>;
type CrashTotals = Awaited<ReturnType<CarrierDataRepo['crashTotals']>>;

/** How many months of inspections the heat map counts. */
export const HEAT_MAP_MONTHS = 12;

/** The ISO day `months` calendar months before `today` (UTC), clamped to the month's last day. */
export function isoDayMonthsBefore(today: Date, months: number): string {
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth() - months;
  const lastDayOfTarget = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(today.getUTCDate(), lastDayOfTarget);
  return new Date(Date.UTC(year, month, day)).toISOString().slice(0, 10);
}

/**
 * A percentage with two decimals; null when nothing was inspected, as SAFER leaves the rate blank
 * (a 0 would read as a spotless record).
 */
function percent(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part / whole) * 10_000) / 100;
}

/** The safety summary of a carrier from its inspection and crash totals over the safety window. */
function safetySummaryOf(
  company: Company,
  inspections: InspectionTotals,
  crashes: CrashTotals,
  dates: DataDates,
): SafetySummary {
  return {
    dot_number: company.dot_number,
    total_inspections: inspections.inspections,
    total_violations: inspections.violations,
    total_oos_violations: inspections.oos_violations,
    driver_oos_rate: percent(inspections.driver_oos_inspections, inspections.driver_inspections),
    driver_inspections: inspections.driver_inspections,
    vehicle_oos_rate: percent(inspections.vehicle_oos_inspections, inspections.vehicle_inspections),
    vehicle_inspections: inspections.vehicle_inspections,
    total_crashes: crashes.crashes,
    crashes_with_fatalities: crashes.fatal,
    crashes_with_injuries: crashes.injury,
    crashes_with_tow_away: crashes.tow_away,
    window_months: SAFETY_WINDOW_MONTHS,
    updated_at: company.updated_at,
    // The newest day the imported inspection and crash files describe.
    inspections_through: dates.inspections_through,
    crashes_through: dates.crashes_through,
    national_averages: { ...NATIONAL_OOS_AVERAGES },
  };
}

/** Which page of a carrier's inspections and of its crashes a safety detail shows, and their size. */
export interface SafetyDetailPages {
  inspectionsPage: number;
  crashesPage: number;
  perPage?: number;
}

/** A page's items and where it is. */
function pageOf<T>(data: T[], page: number, perPage: number, total: number) {
  return { data, page, per_page: perPage, total };
}

/** The carrier record of the spec's carrier-data search (fleet, drivers, mileage, cargo flags). */
function carrierRecordOf(company: Company, dates: DataDates): CarrierRecord {
  const authorised = new Set(company.cargo_codes ? company.cargo_codes.split(';') : []);
  const cargoFlags = Object.fromEntries(
    CARGO_TYPES.map(([code]) => [`crgo_${code.toLowerCase()}`, authorised.has(code) ? 'X' : '']),
  );
  return {
    dot_number: company.dot_number,
    legal_name: company.name,
    dba_name: company.dba_name,
    mc_number: formatMcNumber(company.mc_number),
    status_code: company.status_code,
    carrier_operation: company.carrier_operation,
    phy_street: company.phy_street,
    phy_city: company.phy_city,
    phy_state: company.phy_state,
    phy_zip: company.phy_zip,
    phy_country: company.phy_country,
    power_units: company.power_units,
    truck_units: company.truck_units,
    total_drivers: company.total_drivers,
    total_cdl: company.total_cdl,
    mcs150_mileage: company.mcs150_mileage === null ? null : Number(company.mcs150_mileage),
    mcs150_mileage_year: company.mcs150_mileage_year,
    mcs150_date: company.mcs150_date,
    business_org_desc: company.business_org_desc,
    safety_rating: company.safety_rating,
    ...cargoFlags,
    crgo_cargoothr_desc: company.cargo_other_desc,
    census_as_of: dates.census_as_of,
  };
}

/** A safety detail's pages as read, without their totals (safetyDetailPages). */
type SafetyDetailRows = Awaited<ReturnType<CarrierDataService['safetyDetailPages']>>;

/** A safety detail's pages with the totals they page through. */
export function safetyDetailOf(
  detail: SafetyDetailRows,
  pages: SafetyDetailPages,
  totals: { inspections: number; crashes: number },
  dates: DataDates,
): SafetyDetail {
  return {
    since: detail.since,
    violations_through: dates.violations_through,
    by_basic: detail.byBasic,
    inspections: pageOf(detail.inspections, pages.inspectionsPage, detail.perPage, totals.inspections),
    crashes: pageOf(detail.crashes, pages.crashesPage, detail.perPage, totals.crashes),
  };
}

/** At most this many state groups in all (a few hundred bytes each): a bound on memory, whatever is viewed. */
const KEPT_STATE_GROUPS = 100_000;
const ACTIVITY_COUNTS_TTL_MS = 15 * 60 * 1000;

export function createCarrierDataService(repo: CarrierDataRepo, clock: () => Date = () => new Date()) {
  /**
   * A profile's inspection and crash counts, kept for the profiles viewed most
   * (docs/decisions/056-profile-activity-counts-kept.md). Counting the largest fleets' inspections is
   * the costliest read of a profile page, and its answer changes only when the importer loads new
   * inspections or crashes (it records each import) or the day moves the 24-month window; both are in
   * the key (profileFacts), so every instance answers what the database holds. The time to live bounds
   * what an import killed before it recorded itself could leave behind.
   */
  const activityCounts = new LRUCache<string, ActivityCounts>({
    maxSize: KEPT_STATE_GROUPS,
    sizeCalculation: (counts) => counts.perState.length + 1,
    ttl: ACTIVITY_COUNTS_TTL_MS,
  });
  /**
   * The pages of a carrier's safety detail over the safety window, in two queries, without their
   * totals: the profile has them from its safety summary (safetyDetail counts them).
   */
  async function safetyDetailPages(dotNumber: number, pages: SafetyDetailPages) {
    const since = isoDayMonthsBefore(clock(), SAFETY_WINDOW_MONTHS);
    const perPage = pages.perPage ?? SAFETY_DETAIL_PAGE_SIZE;
    const [inspections, { crashes, byBasic }] = await Promise.all([
      repo.inspectionsWithViolations(dotNumber, since, perPage, (pages.inspectionsPage - 1) * perPage),
      repo.crashesAndViolationCounts(dotNumber, since, perPage, (pages.crashesPage - 1) * perPage),
    ]);
    return { since, byBasic, inspections, crashes, perPage };
  }

  return {
    /** The newest import of each dataset (rows, finish time); the importer runs as its own process. */
    lastImports: () => repo.lastImports(),

    /** The safety summary over the last 24 months, or null for an unknown DOT number. */
    async safetySummary(dotNumber: number) {
      const company = await repo.findCompanyByDot(dotNumber);
      if (!company) return null;
      const since = isoDayMonthsBefore(clock(), SAFETY_WINDOW_MONTHS);
      const [inspections, crashes, dates] = await Promise.all([
        repo.inspectionTotals(dotNumber, since),
        repo.crashTotals(dotNumber, since),
        repo.dataDates(),
      ]);
      return safetySummaryOf(company, inspections, crashes, dates);
    },

    /**
     * One page of a carrier's inspections since `sinceMonths` ago, newest first, each with its
     * violations; null for an unknown carrier.
     */
    async inspections(dotNumber: number, options: { sinceMonths: number; page: number; perPage: number }) {
      const company = await repo.findCompanyByDot(dotNumber);
      if (!company) return null;
      const since = isoDayMonthsBefore(clock(), options.sinceMonths);
      const offset = (options.page - 1) * options.perPage;
      const [rows, total] = await Promise.all([
        repo.inspectionsWithViolations(dotNumber, since, options.perPage, offset),
        repo.countInspections(dotNumber, since),
      ]);
      return pageOf(rows, options.page, options.perPage, total);
    },

    /** One page of a carrier's crashes since `sinceMonths` ago, newest first; null for an unknown carrier. */
    async crashes(dotNumber: number, options: { sinceMonths: number; page: number; perPage: number }) {
      const company = await repo.findCompanyByDot(dotNumber);
      if (!company) return null;
      const since = isoDayMonthsBefore(clock(), options.sinceMonths);
      const offset = (options.page - 1) * options.perPage;
      const [rows, total] = await Promise.all([
        repo.crashes(dotNumber, since, options.perPage, offset),
        repo.countCrashes(dotNumber, since),
      ]);
      return pageOf(rows, options.page, options.perPage, total);
    },

    /** A carrier's violations per BASIC since `sinceMonths` ago; null for an unknown carrier. */
    async violationCounts(dotNumber: number, options: { sinceMonths: number }) {
      const company = await repo.findCompanyByDot(dotNumber);
      if (!company) return null;
      const since = isoDayMonthsBefore(clock(), options.sinceMonths);
      return { since, by_basic: await repo.violationCountsByBasic(dotNumber, since) };
    },

    safetyDetailPages,

    /**
     * The inspections with their violations, the crashes and the violation counts per BASIC behind a
     * carrier's safety summary (the 24-month window), as a profile shows them and a report records
     * them; null for an unknown carrier.
     */
    async safetyDetail(dotNumber: number, pages: SafetyDetailPages): Promise<SafetyDetail | null> {
      const company = await repo.findCompanyByDot(dotNumber);
      if (!company) return null;
      const since = isoDayMonthsBefore(clock(), SAFETY_WINDOW_MONTHS);
      const [detail, inspectionTotal, crashTotal, dates] = await Promise.all([
        safetyDetailPages(dotNumber, pages),
        repo.countInspections(dotNumber, since),
        repo.countCrashes(dotNumber, since),
        repo.dataDates(),
      ]);
      return safetyDetailOf(detail, pages, { inspections: inspectionTotal, crashes: crashTotal }, dates);
    },

    /**
     * What a profile's data blocks show of a company already read, in one read: the inspections per
     * state (the safety summary's totals and the heat map's counts) with the crash totals.
     * `activityImportedAt` is when inspections or crashes were last imported (companies repo,
     * findByDotWithDataDates): the counts read are kept until it or the day changes.
     */
    async profileFacts(company: Company, dates: DataDates, activityImportedAt: string | null) {
      const today = clock();
      const since = isoDayMonthsBefore(today, SAFETY_WINDOW_MONTHS);
      const heatMapSince = isoDayMonthsBefore(today, HEAT_MAP_MONTHS);
      const key = `${company.dot_number} ${since} ${heatMapSince} ${activityImportedAt}`;
      let counts = activityCounts.get(key);
      if (!counts) {
        counts = await repo.inspectionsPerStateAndCrashes(company.dot_number, since, heatMapSince);
        activityCounts.set(key, counts);
      }
      const { perState, crashes } = counts;
      const totals: InspectionTotals = {
        inspections: 0,
        violations: 0,
        oos_violations: 0,
        driver_inspections: 0,
        driver_oos_inspections: 0,
        vehicle_inspections: 0,
        vehicle_oos_inspections: 0,
      };
      for (const group of perState) {
        for (const key of Object.keys(totals) as (keyof InspectionTotals)[]) totals[key] += group[key];
      }
      return {
        safety: safetySummaryOf(company, totals, crashes, dates),
        carrier: carrierRecordOf(company, dates),
        // Only two-letter report states are states the heat map can show.
        inspectionStates: perState
          .filter((group) => group.report_state?.length === 2 && group.recent > 0)
          .map((group) => ({ state: group.report_state as string, count: group.recent })),
      };
    },

    /** How current the carrier data is, per kind of data (census, inspections, crashes). */
    dataDates: () => repo.dataDates(),

    /** The carrier record of the spec's carrier-data search (fleet, drivers, mileage, cargo flags). */
    async carrierRecord(dotNumber: number) {
      const [company, dates] = await Promise.all([repo.findCompanyByDot(dotNumber), repo.dataDates()]);
      if (!company) return null;
      return carrierRecordOf(company, dates);
    },
  };
}

export type CarrierDataService = ReturnType<typeof createCarrierDataService>;

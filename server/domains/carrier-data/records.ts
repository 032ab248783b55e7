/**
 * The normalised FMCSA records the importer produces and the carrier-data store keeps. Every file
 * format (Company Census, SMS census, MCMIS and SMS inspections and crashes; CSV or JSON spelling)
 * is mapped to these shapes before it is stored.
 */
import type { CargoCode } from '../../../core/cargo.ts';
import type { InspectionsTable, ViolationsTable } from '../../db/schema.ts';

/**
 * The largest DOT number the store keeps: the search's rank key holds a carrier's DOT number in 25
 * bits (server/domains/search/rank-key.ts), PostgreSQL's integer column 31. FMCSA's run to about 4.5
 * million; a larger one is a garbled row, which the importer skips.
 */
export const MAX_DOT_NUMBER = 2 ** 25 - 1;

/**
 * The census fields a Company Census record fills, by version: 2 added the cell phone, fax, mailing
 * address and safety rating date (migration 053). Stored with the row, so the record history can tell
 * a field not known yet from an empty one.
 */
export const CARRIER_FIELDS_VERSION = 2;

/**
 * One carrier from a census file. `dot_number` is always present; any other field is `undefined`
 * when the file format does not carry it (the SMS census has no cargo flags or dockets), so an
 * upsert from that format leaves what an earlier Company Census import stored. `null` means the file
 * carries the column and it is empty.
 */
export interface CarrierRecord {
  dot_number: number;
  legal_name?: string;
  dba_name?: string | null;
  /** Digits of the carrier's MC docket (prefix MC), e.g. '139446'; null when it has none. */
  mc_number?: string | null;
  email?: string | null;
  phone?: string | null;
  cell_phone?: string | null;
  fax?: string | null;
  phy_street?: string | null;
  phy_city?: string | null;
  /**
   * State, province or other jurisdiction code as published, upper case (jurisdictions.ts lists the
   * recognised ones; any other is kept too).
   */
  phy_state?: string | null;
  /** ZIP or postal code as published (`34604-1486`, `M5H 1J9`). */
  phy_zip?: string | null;
  phy_country?: string | null;
  /** Three-digit county FIPS code. */
  phy_cnty?: string | null;
  mail_street?: string | null;
  mail_city?: string | null;
  mail_state?: string | null;
  mail_zip?: string | null;
  mail_country?: string | null;
  power_units?: number | null;
  truck_units?: number | null;
  total_drivers?: number | null;
  total_cdl?: number | null;
  mcs150_mileage?: number | null;
  mcs150_mileage_year?: number | null;
  business_org_desc?: string | null;
  /** A interstate, B intrastate hazmat, C intrastate non-hazmat. */
  carrier_operation?: string | null;
  /** A active, I inactive. */
  status_code?: string | null;
  safety_rating?: string | null;
  /** ISO day of the safety rating. */
  safety_rating_date?: string | null;
  company_officer_1?: string | null;
  company_officer_2?: string | null;
  /** CARSHIP as published, `;`-separated letters (C carrier, S shipper, B broker, R registrant, F forwarder). */
  carship?: string | null;
  cargo_codes?: CargoCode[];
  cargo_other_desc?: string | null;
  /** ISO day of the last MCS-150 update. */
  mcs150_date?: string | null;
  /** ISO day the carrier was added to MCMIS. */
  add_date?: string | null;
  /** Hazmat carrier: HM_Ind (Company Census) or HM_FLAG (SMS census). */
  hm_flag?: boolean | null;
  /**
   * Passenger carrier: PC_FLAG (SMS census); the Company Census has no such column, so its
   * passengers cargo flag (CRGO_PASSENGERS) stands for it.
   */
  pc_flag?: boolean | null;
  /** PRIOR_REVOKE_FLAG: FMCSA links this carrier to a revoked one (Company Census). */
  prior_revoke_flag?: boolean | null;
  /** PRIOR_REVOKE_DOT_NUMBER: that revoked carrier. */
  prior_revoke_dot_number?: number | null;
  /** UNDELIV_PHY: mail to the physical address came back. */
  phy_undeliverable?: boolean | null;
  /** CARRIER_MAILING_UND_DATE, ISO day: mail to the mailing address was marked undeliverable. */
  mail_undeliverable_on?: string | null;
  /** CARRIER_FIELDS_VERSION when a Company Census record made this one. */
  census_fields_version?: number;
}

/**
 * One roadside inspection: stored as it is, so its shape is the table's (server/db/schema.ts). The
 * VINs are `undefined` from a file without them (MCMIS), so its upsert leaves those stored.
 */
export type InspectionRecord = Omit<InspectionsTable, 'vin' | 'vin2'> &
  Partial<Pick<InspectionsTable, 'vin' | 'vin2'>>;

/**
 * One violation cited in an inspection (SMS Input - Violation), joined to it by `inspection_id`; the
 * table's key is made from it when it is stored (table-rows.ts).
 */
export type ViolationRecord = Omit<ViolationsTable, 'violation_key' | 'oos'> & { oos: boolean };

/** One crash, counted once however many vehicles the file lists for it. */
export interface CrashRecord {
  /**
   * CRASH_ID (MCMIS crash file), or for the SMS crash file `STATE:REPORT_NUMBER` (states number their
   * reports independently, so the number alone may repeat across states).
   */
  crash_id: string;
  dot_number: number;
  /** ISO day. */
  report_date: string;
  report_state: string | null;
  fatalities: number;
  injuries: number;
  tow_away: boolean;
}

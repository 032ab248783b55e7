import type { Generated } from 'kysely';

/**
 * Table types for Kysely. Both dialects store flags as 0/1 integers and timestamps as ISO-8601 text
 * (docs/decisions/003-portable-column-types.md), so rows read the same on SQLite and PostgreSQL.
 */
export type Flag = 0 | 1;

export interface CompaniesTable {
  id: Generated<number>;
  dot_number: number;
  name: string;
  dba_name: string | null;
  mc_number: string | null;
  /** The FMCSA record's e-mail: for the claim flow only, never shown or searchable. */
  email: string | null;
  /**
   * The e-mail's domain when it is a host name and not a free-mail provider's (email-addresses.ts,
   * ownedDomain), else null: the carrier's website as the search indexes know it. Written with `email`.
   */
  web_domain: string | null;
  phone: string | null;
  phy_street: string | null;
  phy_city: string | null;
  phy_state: string | null;
  phy_zip: string | null;
  phy_country: string | null;
  phy_cnty: string | null;
  power_units: number | null;
  truck_units: number | null;
  total_drivers: number | null;
  total_cdl: number | null;
  mcs150_mileage: number | null;
  mcs150_mileage_year: number | null;
  business_org_desc: string | null;
  carrier_operation: string | null;
  status_code: string | null;
  safety_rating: string | null;
  company_officer_1: string | null;
  company_officer_2: string | null;
  carship: string | null;
  cargo_codes: string | null;
  cargo_other_desc: string | null;
  mcs150_date: string | null;
  add_date: string | null;
  /** Hazmat carrier (census HM_Ind / HM_FLAG); null until a census carrying it is imported. */
  hm_flag: Flag | null;
  /** Passenger carrier (SMS census PC_FLAG, Company Census CRGO_PASSENGERS). */
  pc_flag: Flag | null;
  latitude: number | null;
  longitude: number | null;
  claimed: Generated<Flag>;
  css: Generated<string>;
  /** The custom CSS sanitised and scoped to the profile, as saved (core/sanitize-css.ts): what pages serve. */
  scoped_css: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface UsersTable {
  id: Generated<number>;
  company_id: number;
  email: string;
  is_admin: Flag;
  is_active: Flag;
  /** Raised by every change of e-mail, role or status; tokens signed with an older value are refused. */
  session_version: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface ContentBlocksTable {
  id: Generated<number>;
  company_id: number;
  block_type: string;
  block_title: string;
  block_content: string;
  block_position: number;
  is_visible: Flag;
  hide_title: Flag;
  block_width: string;
  start_new_row: Flag;
  created_at: string;
  updated_at: string;
}

export interface AssetsTable {
  id: Generated<number>;
  company_id: number;
  block_id: number | null;
  storage_key: string;
  url: string;
  alt_text: string;
  type: string;
  content_type: string;
  byte_size: number;
  created_at: string;
  /** Pixel size of the stored original (one frame); null for images stored before migration 011. */
  width: number | null;
  height: number | null;
  /** JSON list of the stored copies (server/domains/media/variants.ts); '[]' for images stored before. */
  variants: Generated<string>;
}

export interface CapacityEntriesTable {
  id: Generated<number>;
  company_id: number;
  date: string;
  trailer: string;
  origin: string;
  destination: string;
  created_at: string;
  updated_at: string;
}

export interface RatingRequestsTable {
  id: string;
  company_id: number;
  reviewer_email: string;
  load_number: string;
  on_time_rating: number | null;
  communication_rating: number | null;
  service_rating: number | null;
  comment: string | null;
  created_at: string;
  completed_at: string | null;
}

export interface LoginTokensTable {
  id: Generated<number>;
  token_hash: string;
  kind: 'claim' | 'login' | 'user_login';
  company_id: number;
  user_id: number | null;
  email: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface OutboxMessagesTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: string;
}

/** Logged-out session tokens by id (jti), kept until they would have expired anyway. */
export interface RevokedSessionsTable {
  jti: string;
  expires_at: string;
}

export interface InspectionsTable {
  inspection_id: string;
  dot_number: number;
  insp_date: string;
  report_state: string | null;
  report_number: string | null;
  insp_level_id: number;
  viol_total: number;
  oos_total: number;
  driver_oos_total: number;
  vehicle_oos_total: number;
  hazmat_oos_total: number;
}

export interface CrashesTable {
  crash_id: string;
  dot_number: number;
  report_date: string;
  report_state: string | null;
  fatalities: number;
  injuries: number;
  tow_away: Flag;
}

/** One imported FMCSA file: which dataset, and the day its data describes (docs/decisions/024). */
export interface DataImportsTable {
  /** The importer's dataset kind: company_census, sms_census, mcmis_inspection, ... */
  dataset: string;
  /** The table the file's rows went to. */
  table_name: 'companies' | 'inspections' | 'crashes';
  /** The file's name (no directory). */
  file: string;
  /** ISO day the file describes: --as-of, the date in the file name, or the import day. */
  as_of: string;
  imported_rows: number;
  imported_at: string;
}

/** Secrets one deployment's instances share; on PostgreSQL the session secret ('session') when JWT_SECRET is unset. */
export interface DeploymentSecretsTable {
  name: string;
  value: string;
  created_at: string;
}

/** Secondary indexes a bulk load dropped and must build again (server/db/bulk-load.ts). */
export interface SuspendedIndexesTable {
  name: string;
  table_name: string;
  definition: string;
}

export interface Database {
  companies: CompaniesTable;
  users: UsersTable;
  content_blocks: ContentBlocksTable;
  assets: AssetsTable;
  capacity_entries: CapacityEntriesTable;
  rating_requests: RatingRequestsTable;
  login_tokens: LoginTokensTable;
  outbox_messages: OutboxMessagesTable;
  revoked_sessions: RevokedSessionsTable;
  inspections: InspectionsTable;
  crashes: CrashesTable;
  data_imports: DataImportsTable;
  deployment_secrets: DeploymentSecretsTable;
  suspended_indexes: SuspendedIndexesTable;
}

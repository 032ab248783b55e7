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
  cell_phone: string | null;
  fax: string | null;
  phy_street: string | null;
  phy_city: string | null;
  phy_state: string | null;
  phy_zip: string | null;
  phy_country: string | null;
  phy_cnty: string | null;
  mail_street: string | null;
  mail_city: string | null;
  mail_state: string | null;
  mail_zip: string | null;
  mail_country: string | null;
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
  safety_rating_date: string | null;
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
  /** The L&I vetting verdict says 'Authorized for hire' (core/authority.ts searchFlags); for search. */
  authorized_for_hire: Generated<Flag>;
  /** Insurance in force on L&I (core/authority.ts searchFlags); for search. */
  insurance_on_file: Generated<Flag>;
  latitude: number | null;
  longitude: number | null;
  claimed: Generated<Flag>;
  css: Generated<string>;
  /** The custom CSS sanitised and scoped to the profile, as saved (core/sanitize-css.ts): what pages serve. */
  scoped_css: Generated<string>;
  /**
   * The hash of the census record the row was last written from (cli/fmcsa/source-hash.ts); null
   * when written otherwise. PostgreSQL's bigint reads as text.
   */
  source_hash: number | string | null;
  /**
   * CARRIER_FIELDS_VERSION of the Company Census that last wrote the row (records.ts); null before
   * one did since migration 053, when its cell phone, fax, mailing address and rating date are unknown.
   */
  census_fields_version: number | null;
  /** PRIOR_REVOKE_FLAG: FMCSA links this carrier to a revoked one (migration 100). */
  prior_revoke_flag: Flag | null;
  /** PRIOR_REVOKE_DOT_NUMBER: the revoked carrier FMCSA links it to. */
  prior_revoke_dot_number: number | null;
  /** UNDELIV_PHY: mail to the physical address came back undeliverable. */
  phy_undeliverable: Flag | null;
  /** CARRIER_MAILING_UND_DATE: ISO day mail to the mailing address was marked undeliverable. */
  mail_undeliverable_on: string | null;
  /**
   * The risk signals that hold (carrier_signals), a bit per rule (core/signals.ts ruleBit); 0 for
   * none. Written by the signals' computation; read by the verdict and the search's filter.
   */
  risk_signals: Generated<Flag>;
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
  /** The registrable domain of reviewer_email (server/domains/mail/email-addresses.ts, reviewerDomain). */
  reviewer_domain: Generated<string>;
  /** Whether the submitted rating counts in the averages (docs/decisions/093); decided on submission. */
  counted: Generated<Flag>;
}

export interface LoginTokensTable {
  id: Generated<number>;
  token_hash: string;
  kind: 'claim' | 'login' | 'user_login';
  company_id: number;
  user_id: number | null;
  email: string;
  /**
   * Set when the link is sent, to the sending time plus the link's lifetime: until then the row holds
   * a hash of a secret nobody has and expires_at equals created_at, so a queued link cannot be used.
   */
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** A message waiting to be sent, sent, or given up on (server/domains/mail/queue.ts). */
export interface MailQueueTable {
  id: Generated<number>;
  kind:
    | 'claim'
    | 'login'
    | 'user_login'
    | 'rating_request'
    | 'watcher_login'
    | 'alert'
    | 'digest'
    | 'owner_notice';
  to_address: string;
  subject: string;
  /**
   * JSON of the message's text without its link: { intro, action, notes }; or, for a message made
   * whole when queued (alerts, owner notices), its { text, html }.
   */
  content: string;
  /** JSON of extra headers (List-Unsubscribe), or null. */
  headers: string | null;
  /** The link; for a login token the link without the token, which is made at sending. */
  link: string;
  login_token_id: number | null;
  /** A watcher's sign-in link (migration 090), activated at sending like login_token_id. */
  watcher_login_token_id: Generated<number | null>;
  status: 'queued' | 'sending' | 'sent' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: string;
  /** While 'sending': when a worker that died mid-send loses its claim on the message. */
  lease_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface OutboxMessagesTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  /** JSON of the extra headers the message carried (List-Unsubscribe), or null. */
  headers: string | null;
  created_at: string;
}

/** Logged-out session tokens by id (jti), kept until they would have expired anyway. */
export interface RevokedSessionsTable {
  jti: string;
  expires_at: string;
}

/** One roadside inspection (the importer's InspectionRecord, server/domains/carrier-data/records.ts). */
export interface InspectionsTable {
  /** INSPECTION_ID (MCMIS) or Unique_ID (SMS). */
  inspection_id: string;
  dot_number: number;
  /** ISO day. */
  insp_date: string;
  /** Jurisdiction where the inspection happened, as reported (may be a Canadian province). */
  report_state: string | null;
  report_number: string | null;
  /** As published: 1 to 6, 99 (MCMIS), or a newer CVSA level. */
  insp_level_id: number;
  viol_total: number;
  oos_total: number;
  driver_oos_total: number;
  vehicle_oos_total: number;
  hazmat_oos_total: number;
  /** The inspected units' VINs (SMS Input - Inspection only; null from the MCMIS file). */
  vin: string | null;
  vin2: string | null;
}

/** One violation cited in an inspection (SMS Input - Violation). */
export interface ViolationsTable {
  /** `inspection_id|unit|viol_code`: a code cited twice on one unit counts once, as SMS counts it. */
  violation_key: string;
  inspection_id: string;
  dot_number: number;
  /** ISO day of the inspection. */
  insp_date: string;
  viol_code: string;
  /** The BASIC the violation counts toward, as published ('Vehicle Maint.', 'HOS Compliance'). */
  basic: string | null;
  /** Section_Desc: what the regulation section requires. */
  description: string | null;
  /** Viol_Unit: 'D' the driver, a number the vehicle unit. */
  unit: string | null;
  oos: Flag;
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
  /** The table the file's rows went to (an L&I file: the table of its main rows). */
  table_name:
    | 'companies'
    | 'inspections'
    | 'crashes'
    | 'violations'
    | 'li_dockets'
    | 'li_insurance'
    | 'li_authority_events'
    | 'li_revocations'
    | 'oos_orders';
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

/** PostgreSQL only: uploaded media, each file a run of chunks (migration 015). */
export interface MediaChunksTable {
  key: string;
  part: number;
  data: Buffer;
}

/** An L&I docket (canonical 'MC139446') and what the L&I Carrier file says of it (migration 014). */
export interface LiDocketsTable {
  docket: string;
  dot_number: number | null;
  legal_name: string | null;
  dba_name: string | null;
  bipd_required_dollars: number | null;
  bipd_on_file_dollars: number | null;
  cargo_required: Flag | null;
  cargo_on_file: Flag | null;
  bond_required: Flag | null;
  bond_on_file: Flag | null;
  updated_at: string;
}

/** One authority of a docket; `status` as the files publish it, before revocations apply. */
export interface LiAuthoritiesTable {
  /** 'MC139446|common|motus' */
  authority_key: string;
  docket: string;
  kind: 'common' | 'contract' | 'broker';
  status: 'Active' | 'Inactive' | 'Pending' | 'Revocation pending';
  description: string | null;
  /** Which system said it (migration 057): the newest status by `status_on` wins when read. */
  source: LiSource | null;
  /** ISO day the status describes: its file's day (legacy: at most the freeze, 2026-05-14). */
  status_on: string | null;
  updated_at: string;
}

export type LiSource = 'legacy' | 'motus';

/** An AuthHist row: an action on an authority (GRANTED, REINSTATED, ...) and its final action. */
export interface LiAuthorityEventsTable {
  event_key: string;
  docket: string;
  kind: 'common' | 'contract' | 'broker' | null;
  action: string;
  action_on: string | null;
  final_action: string | null;
  final_on: string | null;
  /** Motus AuthHist rows hold the status after the change in `final_action` (migration 057). */
  source: LiSource | null;
}

/** An insurance filing (Insur, ActPendInsur, Motus Insur/InsHist). */
export interface LiInsuranceTable {
  /** 'MC139446|BI&PD primary|POLICY-1|INSURER|2026-01-01' (li-records.ts filingKey, migration 057) */
  filing_key: string;
  docket: string;
  kind: 'BI&PD primary' | 'BI&PD excess' | 'cargo' | 'surety bond' | 'trust fund';
  form_code: string | null;
  insurer: string | null;
  policy_number: string | null;
  amount_dollars: number | null;
  effective_on: string | null;
  cancellation_effective_on: string | null;
  ended_by: 'replaced' | 'name change' | 'transferred' | null;
  updated_at: string;
}

/** A carrier out-of-service order (migration 057): 'DOT|ordered_on|REASON'. */
export interface OosOrdersTable {
  order_key: string;
  dot_number: number;
  ordered_on: string | null;
  reason: string | null;
  status: string | null;
  rescinded_on: string | null;
  legal_name: string | null;
  updated_at: string;
}

/** The last day the search flags were recomputed for dates that passed ('flags'). */
export interface LiCalendarTable {
  name: string;
  through_on: string;
}

/**
 * A carrier's judgement as the last import left it (migration 133, docs/decisions/175): what the
 * watchlist page shows of its verdict (core/authority.ts judgementOf), trusted while the census
 * facts it was judged with stand, no L&I flags are due and the day is before `holds_until`.
 */
export interface CarrierJudgementsTable {
  dot_number: number;
  /** The census columns it was judged with (CENSUS_JOIN_COLUMNS but the DOT number), as JSON. */
  census_facts: string;
  headline: string;
  level: string;
  insurance: string;
  /** ISO day it was judged for. */
  judged_on: string;
  /** The first day after `judged_on` that a stored date of the carrier's record falls on; null for none. */
  holds_until: string | null;
}

/** How far the judging of census changes got ('census': companies rows written up to `through_at`). */
export interface CarrierJudgementsStateTable {
  name: string;
  through_at: string;
}

/** A revocation (legacy Revocation, Motus RevokeSuspend). */
export interface LiRevocationsTable {
  revocation_key: string;
  docket: string;
  kind: 'common' | 'contract' | 'broker' | null;
  type: string;
  served_on: string | null;
  effective_on: string | null;
}

/** Dockets whose carriers' search flags an import has still to recompute. */
export interface LiFlagsDueTable {
  docket: string;
}

/** Carriers an L&I row took a docket from (a trigger on li_dockets notes them): their flags are due too. */
export interface LiCarriersDueTable {
  dot_number: number;
}

/** Secondary indexes a bulk load dropped and must build again (server/db/bulk-load.ts). */
export interface SuspendedIndexesTable {
  name: string;
  table_name: string;
  definition: string;
}

/** One change an import observed in a carrier's record (migration 047, core/history.ts). */
export interface RecordHistoryEventsTable {
  id: Generated<number>;
  /** The event's identity (server/domains/history/repo.ts historyEventKey): written once. */
  event_key: string;
  dot_number: number;
  kind: string;
  event: string;
  subject: string | null;
  value_before: string | null;
  value_after: string | null;
  effective_on: string | null;
  first_seen_on: string;
  source: string;
}

/** One portal dataset's sync state (cli/sync): the version imported and when it was last found current. */
export interface SyncDatasetsTable {
  /** The portal's dataset id, e.g. az4n-8mr2. */
  dataset_id: string;
  /** The portal's rowsUpdatedAt (Unix seconds) of the data imported. */
  rows_updated_at: number;
  /** ISO time the last successful sync of the dataset finished. */
  synced_at: string;
}

/** The lease one sync holds at a time (server/domains/sync/repo.ts). */
export interface SyncLeaseTable {
  name: string;
  /** host:pid:random of the holding process. */
  holder: string;
  expires_at: string;
}

/** A vetting report as made (issue 56, migration 075): never updated, deleted when it expires. */
export interface VettingReportsTable {
  /** Random and unguessable: the permanent link's key. */
  id: string;
  dot_number: number;
  legal_name: string;
  /** The verdict's headline when it was made. */
  verdict: string;
  /** ISO time the report was made. */
  made_at: string;
  expires_at: string;
  /** The canonical JSON the PDF was rendered from, as embedded in it. */
  content: string;
  content_sha256: string;
  pdf: Buffer;
  pdf_sha256: string;
}

/** A person who vets carriers (migration 090): separate from the owners' users, one per address. */
export interface WatcherAccountsTable {
  id: Generated<number>;
  /** Lower-case. */
  email: string;
  /** Raised to end every session of the account; tokens signed with an older value are refused. */
  session_version: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A named list of carriers an account watches; names are unique per account. */
export interface WatchlistsTable {
  id: Generated<number>;
  account_id: number;
  name: string;
  created_at: string;
  updated_at: string;
}

export interface WatchlistCarriersTable {
  watchlist_id: number;
  dot_number: number;
  added_at: string;
}

/** An API key of a watcher account: only its SHA-256 is kept; the key is shown once. */
export interface ApiKeysTable {
  id: Generated<number>;
  account_id: number;
  name: string;
  key_hash: string;
  /** The key's first characters, to tell keys apart. */
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** A watcher's sign-in link (like login_tokens: secret and expiry set when the message is sent). */
export interface WatcherLoginTokensTable {
  id: Generated<number>;
  token_hash: string;
  email: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** One alert: a change of a carrier on a watchlist (server/domains/alerts), once per list and source. */
export interface WatchAlertsTable {
  id: Generated<number>;
  watchlist_id: number;
  account_id: number;
  dot_number: number;
  /** 'e:{history event id}', 'i:{inspection id}' or 'c:{crash id}'. */
  source_key: string;
  severity: 'severe' | 'digest';
  /** A history kind, or 'inspection' / 'crash'. */
  kind: string;
  event: string;
  subject: string | null;
  value_before: string | null;
  value_after: string | null;
  /** ISO day the change is shown under. */
  day: string;
  created_at: string;
  /** 1 while a digest alert waits for the daily digest. */
  digest_pending: Generated<Flag>;
}

/** How far the alert computation ('alerts': last event id) and the digest ('digest': last day) went. */
export interface AlertProgressTable {
  name: 'alerts' | 'digest';
  last_event_id: Generated<number>;
  last_day: string | null;
}

/** An inspection or crash the alert computation has seen, kept while it is within the late window. */
export interface AlertSeenRecordsTable {
  source_key: string;
  day: string;
}

/** A watcher account's alert e-mail settings; an account without a row gets every e-mail. */
export interface AlertSettingsTable {
  account_id: number;
  severe_email: Flag;
  digest_email: Flag;
  unsubscribe_token: string;
  updated_at: string;
}

/** A watchlist's Atom feed: the SHA-256 of its secret URL token. */
export interface WatchlistFeedsTable {
  watchlist_id: number;
  token_hash: string;
  created_at: string;
}

/** A watcher account's webhook endpoint (Standard Webhooks). */
export interface WebhookEndpointsTable {
  id: Generated<number>;
  account_id: number;
  url: string;
  /** whsec_{base64}: signs every delivery. */
  secret: string;
  created_at: string;
}

/** One alert to deliver to one endpoint, with its attempts. */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  endpoint_id: number;
  account_id: number;
  alert_id: number;
  message_id: string;
  status: 'queued' | 'sending' | 'delivered' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: string;
  lease_until: string | null;
  last_attempt_at: string | null;
  response_status: number | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
}

/** One normalised contact detail, officer or inspected VIN of a carrier (core/contact-keys.ts). */
export interface CarrierLinkKeysTable {
  kind: LinkKind;
  key: string;
  dot_number: number;
}

export type LinkKind = 'phone' | 'email' | 'email_domain' | 'address' | 'officer' | 'vin';

/** A link key more than one carrier holds, and how many do. */
export interface SharedLinkKeysTable {
  kind: LinkKind;
  key: string;
  carriers: number;
}

/** A risk signal that holds for a carrier (server/domains/signals, core/signals.ts). */
export interface CarrierSignalsTable {
  dot_number: number;
  rule: string;
  /** ISO day the signal rests on (a grant, a change, a revocation), when it has one. */
  rests_on: string | null;
  /** A figure the rule counted (cancellations, power units), as text. */
  detail: string | null;
}

/** How far a computation got: 'link_keys', the companies rows written up to `through_at` (ISO time). */
export interface SignalsStateTable {
  name: string;
  through_at: string;
  /** The rules' fingerprint the signals were computed with ('signals' row, migration 125). */
  version: string | null;
}

/** A carrier whose signals the next build computes again (migration 125). */
export interface SignalsDueTable {
  dot_number: number;
  /** 1 when its linked carriers are due with it: what they see of it may have changed (migration 135). */
  linked: Generated<number>;
}

/** A carrier the last build of links and signals saw inactive (migration 135). */
export interface SignalsInactiveTable {
  dot_number: number;
}

/** A link key whose holders changed since the shared keys were counted (migration 125). */
export interface ChangedLinkKeysTable {
  kind: LinkKind;
  key: string;
}

/** The signals of the rules a daily build computes whole, compared with the stored ones (migration 125). */
export type CarrierSignalsNextTable = CarrierSignalsTable;

/** The VIN keys of today's window, compared with the stored ones (migration 125). */
export interface VinLinkKeysNextTable {
  key: string;
  dot_number: number;
}

/** A claimed carrier's reply on a rating or a signal about it (migration 105). */
export interface CarrierRepliesTable {
  dot_number: number;
  subject_kind: 'rating' | 'signal';
  /** A rating's request id (never shown) or a signal's rule. */
  subject_key: string;
  body: string;
  author_user_id: number;
  created_at: string;
  updated_at: string;
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
  mail_queue: MailQueueTable;
  revoked_sessions: RevokedSessionsTable;
  inspections: InspectionsTable;
  crashes: CrashesTable;
  violations: ViolationsTable;
  data_imports: DataImportsTable;
  deployment_secrets: DeploymentSecretsTable;
  media_chunks: MediaChunksTable;
  li_dockets: LiDocketsTable;
  li_authorities: LiAuthoritiesTable;
  li_authority_events: LiAuthorityEventsTable;
  li_insurance: LiInsuranceTable;
  li_revocations: LiRevocationsTable;
  li_flags_due: LiFlagsDueTable;
  li_carriers_due: LiCarriersDueTable;
  oos_orders: OosOrdersTable;
  li_calendar: LiCalendarTable;
  carrier_judgements: CarrierJudgementsTable;
  carrier_judgements_state: CarrierJudgementsStateTable;
  suspended_indexes: SuspendedIndexesTable;
  record_history_events: RecordHistoryEventsTable;
  sync_datasets: SyncDatasetsTable;
  sync_lease: SyncLeaseTable;
  vetting_reports: VettingReportsTable;
  watcher_accounts: WatcherAccountsTable;
  watchlists: WatchlistsTable;
  watchlist_carriers: WatchlistCarriersTable;
  api_keys: ApiKeysTable;
  watcher_login_tokens: WatcherLoginTokensTable;
  watch_alerts: WatchAlertsTable;
  alert_progress: AlertProgressTable;
  alert_settings: AlertSettingsTable;
  alert_seen_records: AlertSeenRecordsTable;
  watchlist_feeds: WatchlistFeedsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  carrier_link_keys: CarrierLinkKeysTable;
  shared_link_keys: SharedLinkKeysTable;
  carrier_signals: CarrierSignalsTable;
  signals_state: SignalsStateTable;
  signals_due: SignalsDueTable;
  signals_inactive: SignalsInactiveTable;
  changed_link_keys: ChangedLinkKeysTable;
  vin_link_keys_next: VinLinkKeysNextTable;
  carrier_signals_next: CarrierSignalsNextTable;
  carrier_replies: CarrierRepliesTable;
}

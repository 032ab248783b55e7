import { sql, type Kysely, type Selectable } from 'kysely';
import { compiledQuery } from '../../db/compiled-query.ts';
import type { Db } from '../../db/database.ts';
import { dialectOf, inValueList, valueList, valueRows } from '../../db/value-lists.ts';
import { LAST_DOT_NUMBER, markSignalsDue } from '../signals/repo.ts';
import type {
  CarrierJudgementsTable,
  CompaniesTable,
  LiAuthoritiesTable,
  LiAuthorityEventsTable,
  LiDocketsTable,
  LiInsuranceTable,
  LiRevocationsTable,
  OosOrdersTable,
} from '../../db/schema.ts';
import {
  canonicalDocket,
  docketLabel,
  LEGACY_LI_FROZEN_ON,
  joinCancellations,
  markReplacements,
  resolveAuthorityStatus,
  judgementOf,
  searchFlags,
  type Authority,
  type AuthorityKind,
  type AuthorityNeed,
  type AuthorityRecord,
  type InsuranceFiling,
  type Judgement,
  type PublishedAuthorityStatus,
  type Revocation,
  type SourceDates,
  type UsdotStatus,
} from '../../../core/authority.ts';

/** A carrier's L&I record and the census facts the verdict reads with it. */
export interface CarrierAuthority {
  dotNumber: number;
  usdotStatus: UsdotStatus;
  record: AuthorityRecord;
  /**
   * The first day after the day judged that a stored date of the record falls on (the dates the
   * calendar refresh follows): until then the verdict on it stays as judged. Null for none.
   */
  holdsUntil: string | null;
}

/** SQLite allows 32,766 bound parameters; the largest list here stays far below. */
const MAX_IN_LIST = 1_000;
/**
 * Carriers whose records are read together: a full watchlist in one batch of statements (on
 * PostgreSQL each is a round trip); their dockets, about one each, stay far below SQLite's bound.
 */
const RECORD_BATCH = 5_000;

/** AuthHist actions that (re)start an authority. */
const GRANTS = new Set(['GRANTED', 'REINSTATED']);

function authorityNeed(carrierOperation: string | null, carship: string | null): AuthorityNeed {
  if (carrierOperation === 'A' || (carship ?? '').split(';').includes('B')) return 'needed';
  if (carrierOperation === 'B' || carrierOperation === 'C') return 'not needed';
  return 'unknown';
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/** The canonical docket of a census MC number ('139446' -> 'MC139446'), null for none. */
export function censusDocket(mcNumber: string | null): string | null {
  return canonicalDocket(mcNumber ? `MC${mcNumber}` : null);
}

/** The L&I rows of some dockets, per table: what carriers' records are assembled from. */
export interface LiRows {
  docketRows: Pick<
    Selectable<LiDocketsTable>,
    'docket' | 'bipd_required_dollars' | 'bipd_on_file_dollars' | 'cargo_required' | 'bond_required'
  >[];
  authorityRows: Pick<
    Selectable<LiAuthoritiesTable>,
    'docket' | 'kind' | 'status' | 'description' | 'source' | 'status_on'
  >[];
  eventRows: Pick<
    Selectable<LiAuthorityEventsTable>,
    'docket' | 'kind' | 'action' | 'action_on' | 'final_action' | 'source'
  >[];
  insuranceRows: Omit<Selectable<LiInsuranceTable>, 'filing_key' | 'updated_at'>[];
  revocationRows: Omit<Selectable<LiRevocationsTable>, 'revocation_key'>[];
  oosRows: Pick<
    Selectable<OosOrdersTable>,
    'dot_number' | 'ordered_on' | 'reason' | 'status' | 'rescinded_on'
  >[];
  /** The newest as-of day of each imported dataset kind. */
  importDays: { dataset: string; as_of: string | null }[];
}

/** The dataset kinds of each source the panel dates (cli/fmcsa/types.ts DatasetKind). */
const SOURCE_DATASETS = {
  legacy: ['li_carrier', 'li_insur', 'li_actpendinsur', 'li_authhist', 'li_revocation', 'li_inshist'],
  motus: ['motus_carrier', 'motus_insur', 'motus_inshist', 'motus_revoke', 'motus_authhist'],
  outOfService: ['oos_orders'],
  census: ['company_census', 'sms_census'],
} as const;

export const DATED_DATASETS: readonly string[] = Object.values(SOURCE_DATASETS).flat();

/** How current each source is, from the newest import day of its datasets; legacy stops at its freeze. */
export function sourceDatesOf(importDays: LiRows['importDays']): SourceDates {
  const newest = (kinds: readonly string[]) =>
    importDays
      .filter((row) => kinds.includes(row.dataset) && row.as_of !== null)
      .map((row) => row.as_of as string)
      .sort()
      .at(-1) ?? null;
  const legacy = newest(SOURCE_DATASETS.legacy);
  return {
    legacy: legacy !== null && legacy > LEGACY_LI_FROZEN_ON ? LEGACY_LI_FROZEN_ON : legacy,
    motus: newest(SOURCE_DATASETS.motus),
    outOfService: newest(SOURCE_DATASETS.outOfService),
    census: newest(SOURCE_DATASETS.census),
  };
}

/** Motus AuthHist statuses after a change, as the published status they set. */
const MOTUS_STATUS: Record<string, PublishedAuthorityStatus> = {
  ACTIVE: 'Active',
  PENDING: 'Pending',
  INACTIVE: 'Inactive',
  WITHDRAWN: 'Inactive',
};

/**
 * An authority's published status on `today`, legacy and Motus combined: of the Carrier files'
 * statuses (each dated by its file, legacy at most by the freeze) and the Motus AuthHist changes dated
 * on or before today, the newest wins; on one day Motus wins, and a Carrier row wins over a change of
 * the same day (docs/decisions/099). Null when no source states one.
 */
export function combinedStatus(
  rows: readonly LiRows['authorityRows'][number][],
  changes: readonly LiRows['eventRows'][number][],
  today: string,
): LiRows['authorityRows'][number] | null {
  const rank = (source: string | null) => (source === 'motus' ? 1 : 0);
  let best: LiRows['authorityRows'][number] | null = null;
  for (const row of rows) {
    if (
      !best ||
      (row.status_on ?? '') > (best.status_on ?? '') ||
      ((row.status_on ?? '') === (best.status_on ?? '') && rank(row.source) > rank(best.source))
    )
      best = row;
  }
  for (const change of changes) {
    const status = MOTUS_STATUS[change.final_action ?? ''];
    if (change.source !== 'motus' || !status || change.action_on === null || change.action_on > today)
      continue;
    if (best && (best.status_on ?? '') >= change.action_on) continue;
    best = {
      docket: change.docket,
      kind: change.kind as AuthorityKind,
      status,
      description: best?.description ?? null,
      source: 'motus',
      status_on: change.action_on,
    };
  }
  return best;
}

/** The rows by docket, read once for every carrier of a batch. */
export function docketTables(rows: LiRows) {
  return {
    docketInfo: new Map(rows.docketRows.map((row) => [row.docket, row])),
    authoritiesOf: groupBy(rows.authorityRows, (row) => row.docket),
    eventsOf: groupBy(rows.eventRows, (row) => row.docket),
    insuranceOf: groupBy(rows.insuranceRows, (row) => row.docket),
    revocationsOf: groupBy(rows.revocationRows, (row) => row.docket),
    ordersOf: groupBy(rows.oosRows, (row) => String(row.dot_number)),
    sourceDates: sourceDatesOf(rows.importDays),
  };
}

type DocketTables = ReturnType<typeof docketTables>;

/** The census facts a carrier's record and verdict read. */
export type CensusFacts = Pick<
  Selectable<CompaniesTable>,
  'dot_number' | 'status_code' | 'carrier_operation' | 'carship'
>;

/**
 * One carrier's L&I record from the rows of the dockets it holds, on the ISO day `today`: the
 * authorities with revocations applied, the filings, the revocations and the BI&PD figures.
 */
export function carrierAuthorityOf(
  company: CensusFacts,
  dockets: Iterable<string>,
  { docketInfo, authoritiesOf, eventsOf, insuranceOf, revocationsOf, ordersOf, sourceDates }: DocketTables,
  today: string,
): CarrierAuthority {
  const held = [...dockets]
    .filter(
      (docket) =>
        docketInfo.has(docket) ||
        authoritiesOf.has(docket) ||
        insuranceOf.has(docket) ||
        revocationsOf.has(docket) ||
        eventsOf.has(docket),
    )
    .sort();
  const authorities: Authority[] = [];
  const insurance: InsuranceFiling[] = [];
  const revocations: Revocation[] = [];
  for (const docket of held) {
    const shown = docketLabel(docket);
    const docketRevocations: Revocation[] = (revocationsOf.get(docket) ?? []).map((row) => ({
      docket: shown,
      kind: row.kind,
      type: row.type,
      servedOn: row.served_on,
      effectiveOn: row.effective_on,
    }));
    revocations.push(...docketRevocations);
    const published = new Map<string, LiRows['authorityRows'][number]>();
    const stated = groupBy(authoritiesOf.get(docket) ?? [], (row) => row.kind);
    const changed = groupBy(eventsOf.get(docket) ?? [], (row) => row.kind ?? '');
    for (const kind of new Set([...stated.keys(), ...[...changed.keys()].filter((kind) => kind !== '')])) {
      const status = combinedStatus(stated.get(kind) ?? [], changed.get(kind) ?? [], today);
      if (status) published.set(kind, status);
    }
    // A docket known only from its revocations still shows the authority they revoked.
    for (const revocation of docketRevocations) {
      if (revocation.kind && !published.has(revocation.kind)) {
        published.set(revocation.kind, {
          docket,
          kind: revocation.kind,
          status: 'Inactive',
          description: null,
          source: null,
          status_on: null,
        });
      }
    }
    for (const row of published.values()) {
      const grantedOn =
        (eventsOf.get(docket) ?? [])
          .filter(
            (event) =>
              (event.kind === null || event.kind === row.kind) &&
              GRANTS.has(event.action.toUpperCase()) &&
              event.action_on !== null,
          )
          .map((event) => event.action_on as string)
          .sort()
          .at(-1) ?? null;
      const own = docketRevocations.filter(
        (revocation) => revocation.kind === null || revocation.kind === row.kind,
      );
      const { status, revokedOn } = resolveAuthorityStatus(row.status, grantedOn, own, today);
      authorities.push({
        docket: shown,
        kind: row.kind as AuthorityKind,
        status,
        grantedOn,
        revokedOn,
        description: row.description,
      });
    }
    for (const row of insuranceOf.get(docket) ?? []) {
      insurance.push({
        docket: shown,
        kind: row.kind,
        formCode: row.form_code,
        insurer: row.insurer,
        policyNumber: row.policy_number,
        amountDollars: row.amount_dollars,
        effectiveOn: row.effective_on,
        cancellationEffectiveOn: row.cancellation_effective_on,
        endedBy: row.ended_by,
      });
    }
  }
  const kindOrder: AuthorityKind[] = ['common', 'contract', 'broker'];
  authorities.sort(
    (a, b) => a.docket.localeCompare(b.docket) || kindOrder.indexOf(a.kind) - kindOrder.indexOf(b.kind),
  );
  insurance.sort((a, b) => (b.effectiveOn ?? '').localeCompare(a.effectiveOn ?? ''));
  const outOfServiceOrders = (ordersOf.get(String(company.dot_number)) ?? [])
    .map((row) => ({
      orderedOn: row.ordered_on,
      reason: row.reason,
      status: row.status,
      rescindedOn: row.rescinded_on,
    }))
    .sort((a, b) => (b.orderedOn ?? '').localeCompare(a.orderedOn ?? ''));
  revocations.sort((a, b) => (b.servedOn ?? '').localeCompare(a.servedOn ?? ''));
  const dates = [
    ...held.flatMap((docket) => [
      ...(insuranceOf.get(docket) ?? []).flatMap((row) => [row.effective_on, row.cancellation_effective_on]),
      ...(revocationsOf.get(docket) ?? []).map((row) => row.effective_on),
      ...(eventsOf.get(docket) ?? []).map((row) => row.action_on),
    ]),
    ...(ordersOf.get(String(company.dot_number)) ?? []).flatMap((row) => [row.ordered_on, row.rescinded_on]),
  ];
  let holdsUntil: string | null = null;
  for (const day of dates)
    if (day !== null && day > today && (holdsUntil === null || day < holdsUntil)) holdsUntil = day;
  const infos = held.map((docket) => docketInfo.get(docket)).filter((row) => row !== undefined);
  const largest = (values: (number | null)[]) =>
    values.some((value) => value !== null) ? Math.max(...values.map((value) => value ?? 0)) : null;
  const any = (values: (0 | 1 | null)[]) =>
    values.some((value) => value !== null) ? values.some((value) => value === 1) : null;
  return {
    dotNumber: company.dot_number,
    usdotStatus: company.status_code,
    record: {
      dockets: held.map(docketLabel),
      authorities,
      insurance: markReplacements(joinCancellations(insurance)),
      bipdRequiredDollars: largest(infos.map((row) => row.bipd_required_dollars)),
      bipdOnFileDollars: largest(infos.map((row) => row.bipd_on_file_dollars)),
      cargoRequired: any(infos.map((row) => row.cargo_required)),
      bondRequired: any(infos.map((row) => row.bond_required)),
      revocations,
      outOfServiceOrders,
      sourceDates,
      forHire: held.length > 0,
      authorityNeed: authorityNeed(company.carrier_operation, company.carship),
    },
    holdsUntil,
  };
}

/** The census columns a carrier's L&I record is joined (its MC docket) and judged by. */
export const CENSUS_JOIN_COLUMNS = [
  'dot_number',
  'mc_number',
  'status_code',
  'carrier_operation',
  'carship',
] as const;

export type CensusJoin = Pick<Selectable<CompaniesTable>, (typeof CENSUS_JOIN_COLUMNS)[number]>;

/** The columns of each L&I table a record is assembled from (LiRows). */
const DOCKET_COLUMNS = [
  'docket',
  'bipd_required_dollars',
  'bipd_on_file_dollars',
  'cargo_required',
  'bond_required',
] as const;
const AUTHORITY_COLUMNS = ['docket', 'kind', 'status', 'description', 'source', 'status_on'] as const;
const EVENT_COLUMNS = ['docket', 'kind', 'action', 'action_on', 'final_action', 'source'] as const;
const INSURANCE_COLUMNS = [
  'docket',
  'kind',
  'form_code',
  'insurer',
  'policy_number',
  'amount_dollars',
  'effective_on',
  'cancellation_effective_on',
  'ended_by',
] as const;
const REVOCATION_COLUMNS = ['docket', 'kind', 'type', 'served_on', 'effective_on'] as const;
const ORDER_COLUMNS = ['dot_number', 'ordered_on', 'reason', 'status', 'rescinded_on'] as const;

/**
 * The statements a batch of records is read with, one a table whatever the batch's size, each list
 * one parameter (db/value-lists.ts): compiled once for each database or transaction.
 */
function batchStatements(db: Db) {
  const dialect = dialectOf(db);
  const dots = (list: unknown) => inValueList(dialect, 'dot_number', list, 'integer');
  const dockets = (list: unknown) => inValueList(dialect, 'docket', list, 'text');
  return {
    dialect,
    census: compiledQuery(db, 1, (list: unknown) =>
      db.selectFrom('companies').select(CENSUS_JOIN_COLUMNS).where(dots(list)),
    ),
    censusOwners: compiledQuery(db, 1, (mcNumbers: unknown) =>
      db
        .selectFrom('companies')
        .select(['dot_number', 'mc_number'])
        .where(inValueList(dialect, 'mc_number', mcNumbers, 'text')),
    ),
    /** The dockets L&I gives the carriers, with the columns a record reads. */
    docketsOfCarriers: compiledQuery(db, 1, (list: unknown) =>
      db
        .selectFrom('li_dockets')
        .select([...DOCKET_COLUMNS, 'dot_number'])
        .where(dots(list)),
    ),
    dockets: compiledQuery(db, 1, (list: unknown) =>
      db
        .selectFrom('li_dockets')
        .select([...DOCKET_COLUMNS, 'dot_number'])
        .where(dockets(list)),
    ),
    authorities: compiledQuery(db, 1, (list: unknown) =>
      db.selectFrom('li_authorities').select(AUTHORITY_COLUMNS).where(dockets(list)),
    ),
    events: compiledQuery(db, 1, (list: unknown) =>
      db.selectFrom('li_authority_events').select(EVENT_COLUMNS).where(dockets(list)),
    ),
    insurance: compiledQuery(db, 1, (list: unknown) =>
      db.selectFrom('li_insurance').select(INSURANCE_COLUMNS).where(dockets(list)),
    ),
    revocations: compiledQuery(db, 1, (list: unknown) =>
      db.selectFrom('li_revocations').select(REVOCATION_COLUMNS).where(dockets(list)),
    ),
    orders: compiledQuery(db, 1, (list: unknown) =>
      db.selectFrom('oos_orders').select(ORDER_COLUMNS).where(dots(list)),
    ),
    judgements: compiledQuery(db, 1, (list: unknown) =>
      db
        .selectFrom('carrier_judgements')
        .select(['dot_number', 'census_facts', 'headline', 'level', 'insurance', 'judged_on', 'holds_until'])
        .where(dots(list)),
    ),
    anyFlagsDue: compiledQuery(db, 0, () =>
      db
        .selectFrom('li_flags_due')
        .select(sql<string>`1`.as('due'))
        .unionAll(db.selectFrom('li_carriers_due').select(sql<string>`1`.as('due')))
        .limit(1),
    ),
    importDays: compiledQuery(db, 0, () =>
      db
        .selectFrom('data_imports')
        .select((eb) => ['dataset', eb.fn.max('as_of').as('as_of')])
        .where('dataset', 'in', DATED_DATASETS)
        .groupBy('dataset'),
    ),
  };
}

/** `build`'s statements, built once for each database or transaction and kept while it lives. */
function keptPerDatabase<Statements>(build: (db: Db) => Statements): (db: Db) => Statements {
  const kept = new WeakMap<Db, Statements>();
  return (db) => {
    let found = kept.get(db);
    if (!found) kept.set(db, (found = build(db)));
    return found;
  };
}

const statements = keptPerDatabase(batchStatements);

/** The census carrier holding each of these MC dockets, by docket. */
async function censusOwners(db: Db, dockets: readonly string[]): Promise<Map<string, number>> {
  const mcDigits = dockets.filter((docket) => docket.startsWith('MC')).map((docket) => docket.slice(2));
  if (mcDigits.length === 0) return new Map();
  const read = statements(db);
  const rows = await read.censusOwners(valueList(read.dialect, mcDigits));
  return new Map(rows.map((row) => [`MC${row.mc_number}`, row.dot_number]));
}

/**
 * The census rows of carriers (CENSUS_JOIN_COLUMNS), RECORD_BATCH at a time; carriers the census
 * does not hold are left out.
 */
export async function censusJoins(db: Db, dotNumbers: readonly number[]): Promise<CensusJoin[]> {
  const read = statements(db);
  const companies: CensusJoin[] = [];
  for (let start = 0; start < dotNumbers.length; start += RECORD_BATCH) {
    companies.push(
      ...(await read.census(valueList(read.dialect, dotNumbers.slice(start, start + RECORD_BATCH)))),
    );
  }
  return companies;
}

/**
 * The L&I records of several carriers on the ISO day `today`, by DOT number; carriers the census
 * does not hold are left out.
 */
export async function authorityRecords(
  db: Db,
  dotNumbers: readonly number[],
  today: string,
): Promise<Map<number, CarrierAuthority>> {
  return authorityRecordsOf(db, await censusJoins(db, dotNumbers), today);
}

/**
 * The L&I records of census carriers already read (CENSUS_JOIN_COLUMNS), by DOT number, a batch of
 * RECORD_BATCH carriers a few statements. Dockets join first (the census's MC docket), then the DOT
 * the L&I files give a docket, unless the census gives that docket to another carrier (README of the
 * L&I data, "Join to the census").
 */
export async function authorityRecordsOf(
  db: Db,
  companies: readonly CensusJoin[],
  today: string,
): Promise<Map<number, CarrierAuthority>> {
  const result = new Map<number, CarrierAuthority>();
  for (let start = 0; start < companies.length; start += RECORD_BATCH) {
    const batch = companies.slice(start, start + RECORD_BATCH);
    for (const [dot, value] of await batchRecords(db, batch, today)) result.set(dot, value);
  }
  return result;
}

async function batchRecords(
  db: Db,
  companies: readonly CensusJoin[],
  today: string,
): Promise<Map<number, CarrierAuthority>> {
  const result = new Map<number, CarrierAuthority>();
  if (companies.length === 0) return result;
  const read = statements(db);
  const list = (values: readonly (number | string)[]) => valueList(read.dialect, values);
  const dots = companies.map((company) => company.dot_number);
  const docketsOf = new Map<number, Set<string>>();
  const censusDockets: string[] = [];
  for (const company of companies) {
    const census = censusDocket(company.mc_number);
    if (census) censusDockets.push(census);
    docketsOf.set(company.dot_number, new Set(census ? [census] : []));
  }
  // The dockets L&I gives the carriers, with their rows; then the rows of census dockets L&I gives
  // another DOT number or none (few: most census dockets are among the first).
  const byDot = await read.docketsOfCarriers(list(dots));
  const found = new Set(byDot.map((row) => row.docket));
  const unread = censusDockets.filter((docket) => !found.has(docket));
  // An MC docket the census gives another carrier stays with that carrier; a carrier's own census
  // docket needs no look-up.
  const others = byDot.filter((row) => !docketsOf.get(row.dot_number as number)?.has(row.docket));
  const [censusRows, ownerOf] = await Promise.all([
    unread.length === 0 ? [] : read.dockets(list(unread)),
    censusOwners(
      db,
      others.map((row) => row.docket),
    ),
  ]);
  const docketRows = [...byDot, ...censusRows];
  for (const row of others) {
    const owner = ownerOf.get(row.docket);
    if (owner !== undefined && owner !== row.dot_number) continue;
    docketsOf.get(row.dot_number as number)?.add(row.docket);
  }

  const held = new Set([...docketsOf.values()].flatMap((set) => [...set]));
  const dockets = list([...held]);
  // No query at all for no dockets.
  const inDockets = <T>(rows: () => Promise<T[]>) => (held.size === 0 ? Promise.resolve([] as T[]) : rows());
  const [authorityRows, eventRows, insuranceRows, revocationRows, oosRows, importDays] = await Promise.all([
    inDockets(() => read.authorities(dockets)),
    inDockets(() => read.events(dockets)),
    inDockets(() => read.insurance(dockets)),
    inDockets(() => read.revocations(dockets)),
    read.orders(list(dots)),
    read.importDays(),
  ]);
  const tables = docketTables({
    docketRows: docketRows.filter((row) => held.has(row.docket)),
    authorityRows,
    eventRows,
    insuranceRows,
    revocationRows,
    oosRows,
    importDays,
  });
  for (const company of companies) {
    const dockets = docketsOf.get(company.dot_number) ?? new Set<string>();
    result.set(company.dot_number, carrierAuthorityOf(company, dockets, tables, today));
  }
  return result;
}

/** One carrier's L&I record, or null when the census holds no carrier with that DOT number. */
export async function authorityRecord(
  db: Db,
  dotNumber: number,
  today: string,
): Promise<CarrierAuthority | null> {
  return (await authorityRecords(db, [dotNumber], today)).get(dotNumber) ?? null;
}

/**
 * Writes the two search flags of these carriers (companies.authorized_for_hire and
 * insurance_on_file) from the verdict on their L&I records: the one rule, core/authority.ts
 * searchFlags, so a filter never disagrees with the profile. Their L&I and out-of-service facts
 * changed or their dates came: their risk signals and their linked carriers' are due too. Their
 * judgements are stored with the flags (judgeCarriers).
 */
export async function refreshSearchFlags(
  db: Db,
  dotNumbers: readonly number[],
  today: string,
): Promise<void> {
  await markSignalsDue(db, dotNumbers);
  await judgeCarriers(db, await censusJoins(db, dotNumbers), today);
}

/** The census facts a judgement is judged with, as carrier_judgements.census_facts keeps them. */
const censusFactsOf = (company: CensusJoin) =>
  JSON.stringify([company.status_code, company.mc_number, company.carrier_operation, company.carship]);

/**
 * Judges census carriers on `today` from their L&I records: writes their search flags and stores
 * their judgements (core/authority.ts judgementOf, what the watchlist page shows), each only where
 * it changed.
 */
async function judgeCarriers(db: Db, companies: readonly CensusJoin[], today: string): Promise<void> {
  const records = await authorityRecordsOf(db, companies, today);
  const groups = new Map<string, number[]>();
  const judged: Record<keyof CarrierJudgementsTable, (string | number | null)[]> = {
    dot_number: [],
    census_facts: [],
    headline: [],
    level: [],
    insurance: [],
    judged_on: [],
    holds_until: [],
  };
  for (const company of companies) {
    const found = records.get(company.dot_number);
    if (!found) continue;
    const { dotNumber, usdotStatus, record, holdsUntil } = found;
    const flags = searchFlags(usdotStatus, record, today);
    const key = `${flags.authorizedForHire ? 1 : 0}${flags.insuranceOnFile ? 1 : 0}`;
    const list = groups.get(key);
    if (list) list.push(dotNumber);
    else groups.set(key, [dotNumber]);
    const judgement = judgementOf(usdotStatus, record, today);
    judged.dot_number.push(dotNumber);
    judged.census_facts.push(censusFactsOf(company));
    judged.headline.push(judgement.headline);
    judged.level.push(judgement.level);
    judged.insurance.push(judgement.insurance);
    judged.judged_on.push(today);
    judged.holds_until.push(holdsUntil);
  }
  for (const [key, dots] of groups) {
    const authorized = key[0] === '1' ? 1 : 0;
    const insured = key[1] === '1' ? 1 : 0;
    for (let start = 0; start < dots.length; start += MAX_IN_LIST) {
      await db
        .updateTable('companies')
        .set({ authorized_for_hire: authorized, insurance_on_file: insured })
        .where('dot_number', 'in', dots.slice(start, start + MAX_IN_LIST))
        .where((eb) =>
          eb.or([eb('authorized_for_hire', '!=', authorized), eb('insurance_on_file', '!=', insured)]),
        )
        .execute();
    }
  }
  if (judged.dot_number.length > 0) await storeJudgements(db, judged);
}

const JUDGEMENT_COLUMNS = [
  'dot_number',
  'census_facts',
  'headline',
  'level',
  'insurance',
  'judged_on',
  'holds_until',
] as const satisfies readonly (keyof CarrierJudgementsTable)[];

/**
 * Writes judgements, column by column, in one statement whatever their number (each column one
 * parameter, as db/value-lists.ts sends lists). A stored row that says the same and holds as long
 * is left as it is: it holds on the later day too (nothing of its record is dated in between).
 */
async function storeJudgements(
  db: Db,
  judged: Record<keyof CarrierJudgementsTable, (string | number | null)[]>,
): Promise<void> {
  const columns = sql.join(JUDGEMENT_COLUMNS.map((column) => sql.ref(column)));
  const rows =
    dialectOf(db) === 'postgres'
      ? sql`SELECT * FROM unnest(${sql.join(
          JUDGEMENT_COLUMNS.map(
            (column) => sql`${judged[column]}::${sql.raw(column === 'dot_number' ? 'integer' : 'text')}[]`,
          ),
        )})`
      : sql`SELECT ${sql.join(JUDGEMENT_COLUMNS.map((_, index) => sql.raw(`value ->> ${index}`)))}
          FROM json_each(${JSON.stringify(judged.dot_number.map((_, row) => JUDGEMENT_COLUMNS.map((column) => judged[column][row])))})
          WHERE true`;
  const changed = sql.join(
    JUDGEMENT_COLUMNS.filter((column) => column !== 'dot_number' && column !== 'judged_on').map(
      (column) => sql`carrier_judgements.${sql.ref(column)} IS DISTINCT FROM excluded.${sql.ref(column)}`,
    ),
    sql` OR `,
  );
  await sql`INSERT INTO carrier_judgements (${columns}) ${rows}
    ON CONFLICT (dot_number) DO UPDATE SET ${sql.join(
      JUDGEMENT_COLUMNS.filter((column) => column !== 'dot_number').map(
        (column) => sql`${sql.ref(column)} = excluded.${sql.ref(column)}`,
      ),
    )}
    WHERE ${changed} OR carrier_judgements.judged_on > excluded.judged_on`.execute(db);
}

/**
 * Whether a stored judgement is the one the live path would give on `today` (docs/decisions/175):
 * judged with the census facts the carrier has now, on or before today, and no stored date of its
 * record falls after that day up to today. The caller checks that no L&I flags are due.
 */
function judgementHolds(
  stored: Pick<CarrierJudgementsTable, 'census_facts' | 'judged_on' | 'holds_until'>,
  company: CensusJoin,
  today: string,
): boolean {
  return (
    stored.census_facts === censusFactsOf(company) &&
    stored.judged_on <= today &&
    (stored.holds_until === null || today < stored.holds_until)
  );
}

/**
 * The judgements of census carriers on `today`, by DOT number: the stored ones that hold, and the
 * rest judged live from their L&I records by the same function (judgementOf). While an import's
 * L&I flags are due, every carrier is judged live.
 */
export async function currentJudgements(
  db: Db,
  companies: readonly CensusJoin[],
  today: string,
): Promise<Map<number, Judgement>> {
  const result = new Map<number, Judgement>();
  if (companies.length === 0) return result;
  const read = statements(db);
  const [stored, due] = await Promise.all([
    read.judgements(
      valueList(
        read.dialect,
        companies.map((company) => company.dot_number),
      ),
    ),
    read.anyFlagsDue(),
  ]);
  const storedOf = new Map(due.length > 0 ? [] : stored.map((row) => [row.dot_number, row]));
  const unjudged: CensusJoin[] = [];
  for (const company of companies) {
    const row = storedOf.get(company.dot_number);
    if (row && judgementHolds(row, company, today)) {
      result.set(company.dot_number, {
        headline: row.headline as Judgement['headline'],
        level: row.level as Judgement['level'],
        insurance: row.insurance as Judgement['insurance'],
      });
    } else unjudged.push(company);
  }
  for (const [dot, { usdotStatus, record }] of await authorityRecordsOf(db, unjudged, today))
    result.set(dot, judgementOf(usdotStatus, record, today));
  return result;
}

/** Census carriers judged at a time when every carrier is (a store never judged). */
const JUDGED_PER_PAGE = RECORD_BATCH;

/**
 * Judges the carriers whose census row was written since the last call (their USDOT status, MC
 * number or operation may have changed, which no L&I file tells): those whose census facts differ
 * from their stored judgement's, and marks due the MC dockets they hold and held, so that the
 * carriers L&I gives those dockets are judged again too. The first call judges every carrier still
 * without a judgement. Returns how many carriers it judged.
 */
export async function judgeCensusChanges(db: Db, today: string): Promise<number> {
  const state = await db
    .selectFrom('carrier_judgements_state')
    .select('through_at')
    .where('name', '=', 'census')
    .executeTakeFirst();
  let judged = 0;
  let through = state?.through_at ?? '';
  const read = statements(db);
  const judgedWith = async (dots: readonly number[]) =>
    new Map(
      (await read.judgements(valueList(read.dialect, dots))).map((row) => [row.dot_number, row.census_facts]),
    );
  if (!state) {
    // Through the newest row written before it began; a page of DOT numbers at a time through the
    // primary key, judging those without a judgement.
    const newest = await db
      .selectFrom('companies')
      .select((eb) => eb.fn.max('updated_at').as('at'))
      .executeTakeFirst();
    through = newest?.at ?? '';
    for (let after = 0; ;) {
      const page = await db
        .selectFrom('companies')
        .select(CENSUS_JOIN_COLUMNS)
        .where('dot_number', '>', after)
        .orderBy('dot_number')
        .limit(JUDGED_PER_PAGE)
        .execute();
      if (page.length === 0) break;
      const stored = await judgedWith(page.map((row) => row.dot_number));
      const unjudged = page.filter((row) => !stored.has(row.dot_number));
      await judgeCarriers(db, unjudged, today);
      judged += unjudged.length;
      after = (page.at(-1) as CensusJoin).dot_number;
    }
  } else {
    // After every DOT number written at `through` itself: the last call read those.
    let after = { updated_at: through, dot_number: LAST_DOT_NUMBER };
    for (;;) {
      const page = await db
        .selectFrom('companies')
        .select([...CENSUS_JOIN_COLUMNS, 'updated_at'])
        .where(sql<boolean>`(updated_at, dot_number) > (${after.updated_at}, ${after.dot_number})`)
        .orderBy('updated_at')
        .orderBy('dot_number')
        .limit(MAX_IN_LIST)
        .execute();
      if (page.length === 0) break;
      const stored = await judgedWith(page.map((row) => row.dot_number));
      const changed = page.filter((row) => stored.get(row.dot_number) !== censusFactsOf(row));
      // The MC docket a carrier held before goes back to the carrier L&I gives it (batchRecords).
      const dockets = changed.flatMap((row) => {
        const before = stored.get(row.dot_number);
        const heldBefore = before === undefined ? null : (JSON.parse(before) as (string | null)[])[1];
        return [censusDocket(row.mc_number), censusDocket(heldBefore ?? null)].filter(
          (docket) => docket !== null,
        );
      });
      await markFlagsDue(db, dockets);
      await judgeCarriers(db, changed, today);
      judged += changed.length;
      const last = page.at(-1) as (typeof page)[number];
      after = { updated_at: last.updated_at, dot_number: last.dot_number };
      through = last.updated_at;
    }
  }
  await db
    .insertInto('carrier_judgements_state')
    .values({ name: 'census', through_at: through })
    .onConflict((oc) => oc.column('name').doUpdateSet({ through_at: through }))
    .execute();
  return judged;
}

/** The carriers a docket belongs to: the DOT its L&I rows give it and the census carrier holding it. */
async function carriersOfDockets(db: Db, dockets: readonly string[]): Promise<number[]> {
  if (dockets.length === 0) return [];
  const fromLi = await db
    .selectFrom('li_dockets')
    .select('dot_number')
    .where('docket', 'in', dockets)
    .where('dot_number', 'is not', null)
    .execute();
  const fromCensus = (await censusOwners(db, dockets)).values();
  return [...new Set([...fromLi.map((row) => row.dot_number as number), ...fromCensus])];
}

/**
 * The carrier each docket's history events belong to: the census carrier holding the MC docket, else
 * the DOT the batch gives it (`known`), else the one the store's L&I rows give it.
 */
export async function dotsOfDockets(
  db: Db,
  dockets: readonly string[],
  known: ReadonlyMap<string, number>,
): Promise<Map<string, number>> {
  const result = new Map<string, number>();
  for (let start = 0; start < dockets.length; start += MAX_IN_LIST) {
    const part = dockets.slice(start, start + MAX_IN_LIST);
    const unknown = part.filter((docket) => !known.has(docket));
    const stored =
      unknown.length === 0
        ? []
        : await db
            .selectFrom('li_dockets')
            .select(['docket', 'dot_number'])
            .where('docket', 'in', unknown)
            .where('dot_number', 'is not', null)
            .execute();
    for (const row of stored) result.set(row.docket, row.dot_number as number);
    for (const docket of part) {
      const dot = known.get(docket);
      if (dot !== undefined) result.set(docket, dot);
    }
    for (const [docket, dot] of await censusOwners(db, part)) result.set(docket, dot);
  }
  return result;
}

/** The L&I tables a batch writes. */
export const LI_TABLES = [
  'li_dockets',
  'li_authorities',
  'li_authority_events',
  'li_insurance',
  'li_revocations',
] as const;
export type LiTable = (typeof LI_TABLES)[number];

/** Which of these tables hold no row: before a file, those its rows are all new to. */
export async function emptyTables(db: Db, tables: readonly LiTable[]): Promise<Set<LiTable>> {
  const found = await Promise.all(
    tables.map((table) => db.selectFrom(table).select('docket').limit(1).executeTakeFirst()),
  );
  return new Set(tables.filter((_, index) => found[index] === undefined));
}

/**
 * The statements an L&I batch writes with, each list one parameter (db/value-lists.ts): one
 * statement a batch whatever its size, compiled once for each database (a list of bound parameters
 * was a new statement to plan every thousand keys).
 */
function writerStatements(db: Db) {
  const dialect = dialectOf(db);
  const listed = (column: string, list: unknown) => inValueList(dialect, column, list, 'text');
  return {
    dialect,
    removeAuthorities: compiledQuery(db, 1, (list: unknown) =>
      db.deleteFrom('li_authorities').where(listed('authority_key', list)),
    ),
    removeFilings: compiledQuery(db, 1, (list: unknown) =>
      db.deleteFrom('li_insurance').where(listed('filing_key', list)),
    ),
    // A filing with a cancellation date stays: it shows as cancelled.
    removeOpenFilings: compiledQuery(db, 1, (list: unknown) =>
      db
        .deleteFrom('li_insurance')
        .where(listed('docket', list))
        .where('cancellation_effective_on', 'is', null),
    ),
    markFlagsDue: compiledQuery(db, 1, (list: unknown) =>
      db
        .insertInto('li_flags_due')
        .columns(['docket'])
        .expression(
          db
            .selectFrom(valueRows(dialect, list, 'text') as never)
            .select(sql<string>`value`.as('docket'))
            // SQLite reads ON CONFLICT after a bare FROM as a join's ON.
            .where(sql<boolean>`true`),
        )
        .onConflict((oc) => oc.column('docket').doNothing()),
    ),
  };
}

const writer = keptPerDatabase(writerStatements);

/** Removes authorities, filings by key, and the filings without a cancellation date of dockets. */
export async function removeLiRows(
  db: Db,
  removed: { authorities: readonly string[]; filings: readonly string[]; openFilingsOf: readonly string[] },
): Promise<void> {
  const write = writer(db);
  const list = (values: readonly string[]) => valueList(write.dialect, values);
  if (removed.authorities.length > 0) await write.removeAuthorities(list(removed.authorities));
  if (removed.filings.length > 0) await write.removeFilings(list(removed.filings));
  if (removed.openFilingsOf.length > 0) await write.removeOpenFilings(list(removed.openFilingsOf));
}

/** Some columns of the stored rows of `table` with these keys, by key. */
export async function storedByKeys(
  db: Db,
  table: 'li_insurance' | 'li_authorities' | 'oos_orders',
  key: 'filing_key' | 'authority_key' | 'order_key',
  keys: readonly string[],
  columns: readonly string[],
): Promise<Map<string, Record<string, unknown>>> {
  const result = new Map<string, Record<string, unknown>>();
  if (keys.length === 0) return result;
  const dialect = dialectOf(db);
  const untyped = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const rows = await untyped
    .selectFrom(table)
    .select([key, ...columns])
    .where(inValueList(dialect, key, valueList(dialect, keys), 'text'))
    .execute();
  for (const row of rows) result.set(row[key] as string, row);
  return result;
}

/** Notes dockets whose carriers' flags must be recomputed (refreshDueSearchFlags does it). */
export async function markFlagsDue(db: Db, dockets: Iterable<string>): Promise<void> {
  const unique = [...new Set(dockets)];
  if (unique.length === 0) return;
  const write = writer(db);
  await write.markFlagsDue(valueList(write.dialect, unique));
}

/**
 * Recomputes the flags of every carrier whose dockets are due, a page of dockets at a time (the
 * due list lives in a table, so memory stays bounded at any file size). Returns the dockets done.
 */
export async function refreshDueSearchFlags(db: Db, today: string): Promise<number> {
  let done = 0;
  for (;;) {
    const page = (
      await db.selectFrom('li_flags_due').select('docket').orderBy('docket').limit(MAX_IN_LIST).execute()
    ).map((row) => row.docket);
    if (page.length === 0) break;
    await refreshSearchFlags(db, await carriersOfDockets(db, page), today);
    await db.deleteFrom('li_flags_due').where('docket', 'in', page).execute();
    done += page.length;
  }
  // The carriers L&I rows took a docket from, which the dockets' rows no longer name.
  for (;;) {
    const page = (
      await db
        .selectFrom('li_carriers_due')
        .select('dot_number')
        .orderBy('dot_number')
        .limit(MAX_IN_LIST)
        .execute()
    ).map((row) => row.dot_number);
    if (page.length === 0) return done;
    await refreshSearchFlags(db, page, today);
    await db.deleteFrom('li_carriers_due').where('dot_number', 'in', page).execute();
  }
}

/** The day after an ISO day. */
const nextDay = (isoDay: string) =>
  new Date(Date.parse(`${isoDay}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The search flags follow the calendar (docs/decisions/099): a filing whose effective day arrives, a
 * cancellation, a revocation, a Motus status change or an out-of-service order taking effect changes
 * a verdict without any import. This recomputes the flags of the carriers with such a day after the
 * last day done (`li_calendar`) and up to `today`, once a day (the importer and the daily sync call
 * it; a second call the same day finds nothing). The first call starts from the newest import day.
 * Returns how many dockets and out-of-service carriers it recomputed.
 */
export async function refreshCalendarFlags(db: Db, today: string): Promise<number> {
  const done = await db
    .selectFrom('li_calendar')
    .select('through_on')
    .where('name', '=', 'flags')
    .executeTakeFirst();
  const newestImport = await db
    .selectFrom('data_imports')
    .select((eb) => eb.fn.max('imported_at').as('at'))
    .executeTakeFirst();
  const since = done?.through_on ?? newestImport?.at?.slice(0, 10) ?? today;
  if (done && since >= today) return 0;
  let carriers = 0;
  if (since < today) {
    const from = nextDay(since);
    const inRange = <T extends string>(column: T) => [column, from, today] as const;
    const dockets = new Set<string>();
    const dated = [
      ['li_insurance', 'effective_on'],
      ['li_insurance', 'cancellation_effective_on'],
      ['li_revocations', 'effective_on'],
      ['li_authority_events', 'action_on'],
    ] as const;
    for (const [table, column] of dated) {
      const [name, low, high] = inRange(column);
      const rows = await db
        .selectFrom(table)
        .select('docket')
        .distinct()
        .where(name, '>=', low)
        .where(name, '<=', high)
        .execute();
      for (const row of rows) dockets.add(row.docket);
    }
    await markFlagsDue(db, dockets);
    carriers += await refreshDueSearchFlags(db, today);
    const orders = await db
      .selectFrom('oos_orders')
      .select('dot_number')
      .distinct()
      .where((eb) =>
        eb.or([
          eb.and([eb('ordered_on', '>=', from), eb('ordered_on', '<=', today)]),
          eb.and([eb('rescinded_on', '>=', from), eb('rescinded_on', '<=', today)]),
        ]),
      )
      .execute();
    const dots = orders.map((row) => row.dot_number);
    await refreshSearchFlags(db, dots, today);
    carriers += dots.length;
  }
  await db
    .insertInto('li_calendar')
    .values({ name: 'flags', through_on: today })
    .onConflict((oc) => oc.column('name').doUpdateSet({ through_on: today }))
    .execute();
  return carriers;
}

/**
 * The flags an import run leaves to recompute: the carriers of the dockets its files touched
 * (li_flags_due) and those whose dated filings, orders or changes took effect since the last run,
 * each carrier once however many files touched it (docs/decisions/107).
 */
export async function refreshFlagsAfterImports(db: Db, today: string): Promise<void> {
  // The calendar marks its dockets due and recomputes all due ones; on a day it has done already it
  // returns at once, and the second pass finds what the imports left.
  await refreshCalendarFlags(db, today);
  await refreshDueSearchFlags(db, today);
  // Then the census changes (on a store never judged, every carrier the L&I dockets left), and the
  // carriers of the dockets they marked due.
  await judgeCensusChanges(db, today);
  await refreshDueSearchFlags(db, today);
}

import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type {
  CompaniesTable,
  LiAuthoritiesTable,
  LiAuthorityEventsTable,
  LiDocketsTable,
  LiInsuranceTable,
  LiRevocationsTable,
} from '../../db/schema.ts';
import {
  canonicalDocket,
  docketLabel,
  resolveAuthorityStatus,
  searchFlags,
  type Authority,
  type AuthorityKind,
  type AuthorityNeed,
  type AuthorityRecord,
  type InsuranceFiling,
  type Revocation,
  type UsdotStatus,
} from '../../../core/authority.ts';

/** A carrier's L&I record and the census facts the verdict reads with it. */
export interface CarrierAuthority {
  dotNumber: number;
  usdotStatus: UsdotStatus;
  record: AuthorityRecord;
}

/** SQLite allows 32,766 bound parameters; the largest list here stays far below. */
const MAX_IN_LIST = 1_000;

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
  authorityRows: Pick<Selectable<LiAuthoritiesTable>, 'docket' | 'kind' | 'status' | 'description'>[];
  eventRows: Pick<Selectable<LiAuthorityEventsTable>, 'docket' | 'kind' | 'action' | 'action_on'>[];
  insuranceRows: Omit<Selectable<LiInsuranceTable>, 'filing_key' | 'updated_at'>[];
  revocationRows: Omit<Selectable<LiRevocationsTable>, 'revocation_key'>[];
}

/** The rows by docket, read once for every carrier of a batch. */
export function docketTables(rows: LiRows) {
  return {
    docketInfo: new Map(rows.docketRows.map((row) => [row.docket, row])),
    authoritiesOf: groupBy(rows.authorityRows, (row) => row.docket),
    eventsOf: groupBy(rows.eventRows, (row) => row.docket),
    insuranceOf: groupBy(rows.insuranceRows, (row) => row.docket),
    revocationsOf: groupBy(rows.revocationRows, (row) => row.docket),
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
  { docketInfo, authoritiesOf, eventsOf, insuranceOf, revocationsOf }: DocketTables,
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
    const published = new Map((authoritiesOf.get(docket) ?? []).map((row) => [row.kind, row]));
    // A docket known only from its revocations still shows the authority they revoked.
    for (const revocation of docketRevocations) {
      if (revocation.kind && !published.has(revocation.kind)) {
        published.set(revocation.kind, {
          docket,
          kind: revocation.kind,
          status: 'Inactive',
          description: null,
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
      });
    }
  }
  const kindOrder: AuthorityKind[] = ['common', 'contract', 'broker'];
  authorities.sort(
    (a, b) => a.docket.localeCompare(b.docket) || kindOrder.indexOf(a.kind) - kindOrder.indexOf(b.kind),
  );
  insurance.sort((a, b) => (b.effectiveOn ?? '').localeCompare(a.effectiveOn ?? ''));
  revocations.sort((a, b) => (b.servedOn ?? '').localeCompare(a.servedOn ?? ''));
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
      insurance,
      bipdRequiredDollars: largest(infos.map((row) => row.bipd_required_dollars)),
      bipdOnFileDollars: largest(infos.map((row) => row.bipd_on_file_dollars)),
      cargoRequired: any(infos.map((row) => row.cargo_required)),
      bondRequired: any(infos.map((row) => row.bond_required)),
      revocations,
      forHire: held.length > 0,
      authorityNeed: authorityNeed(company.carrier_operation, company.carship),
    },
  };
}

/**
 * The L&I records of several carriers on the ISO day `today`, by DOT number; carriers the census
 * does not hold are left out. Dockets join first (the census's MC docket), then the DOT the L&I
 * files give a docket, unless the census gives that docket to another carrier (README of the L&I
 * data, "Join to the census").
 */
export async function authorityRecords(
  db: Db,
  dotNumbers: readonly number[],
  today: string,
): Promise<Map<number, CarrierAuthority>> {
  const result = new Map<number, CarrierAuthority>();
  if (dotNumbers.length === 0) return result;
  if (dotNumbers.length > MAX_IN_LIST) {
    for (let start = 0; start < dotNumbers.length; start += MAX_IN_LIST) {
      const part = await authorityRecords(db, dotNumbers.slice(start, start + MAX_IN_LIST), today);
      for (const [dot, value] of part) result.set(dot, value);
    }
    return result;
  }
  const companies = await db
    .selectFrom('companies')
    .select(['dot_number', 'mc_number', 'status_code', 'carrier_operation', 'carship'])
    .where('dot_number', 'in', dotNumbers)
    .execute();
  if (companies.length === 0) return result;

  const docketsOf = new Map<number, Set<string>>();
  for (const company of companies) {
    const census = censusDocket(company.mc_number);
    docketsOf.set(company.dot_number, new Set(census ? [census] : []));
  }
  const byDot = await db
    .selectFrom('li_dockets')
    .select(['docket', 'dot_number'])
    .where(
      'dot_number',
      'in',
      companies.map((company) => company.dot_number),
    )
    .execute();
  // An MC docket the census gives another carrier stays with that carrier.
  const mcDigits = byDot.filter((row) => row.docket.startsWith('MC')).map((row) => row.docket.slice(2));
  const censusOwners =
    mcDigits.length === 0
      ? []
      : await db
          .selectFrom('companies')
          .select(['dot_number', 'mc_number'])
          .where('mc_number', 'in', mcDigits)
          .execute();
  const ownerOf = new Map(censusOwners.map((row) => [`MC${row.mc_number}`, row.dot_number]));
  for (const row of byDot) {
    const owner = ownerOf.get(row.docket);
    if (owner !== undefined && owner !== row.dot_number) continue;
    docketsOf.get(row.dot_number as number)?.add(row.docket);
  }

  const dockets = [...new Set([...docketsOf.values()].flatMap((set) => [...set]))];
  // No query at all for no dockets: `in ()` is not SQL.
  const inDockets = <T>(rows: () => Promise<T[]>) =>
    dockets.length === 0 ? Promise.resolve([] as T[]) : rows();
  const [docketRows, authorityRows, eventRows, insuranceRows, revocationRows] = await Promise.all([
    inDockets(() => db.selectFrom('li_dockets').selectAll().where('docket', 'in', dockets).execute()),
    inDockets(() => db.selectFrom('li_authorities').selectAll().where('docket', 'in', dockets).execute()),
    inDockets(() =>
      db.selectFrom('li_authority_events').selectAll().where('docket', 'in', dockets).execute(),
    ),
    inDockets(() => db.selectFrom('li_insurance').selectAll().where('docket', 'in', dockets).execute()),
    inDockets(() => db.selectFrom('li_revocations').selectAll().where('docket', 'in', dockets).execute()),
  ]);
  const tables = docketTables({ docketRows, authorityRows, eventRows, insuranceRows, revocationRows });
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
 * searchFlags, so a filter never disagrees with the profile.
 */
export async function refreshSearchFlags(
  db: Db,
  dotNumbers: readonly number[],
  today: string,
): Promise<void> {
  const records = await authorityRecords(db, dotNumbers, today);
  const groups = new Map<string, number[]>();
  for (const { dotNumber, usdotStatus, record } of records.values()) {
    const flags = searchFlags(usdotStatus, record, today);
    const key = `${flags.authorizedForHire ? 1 : 0}${flags.insuranceOnFile ? 1 : 0}`;
    const list = groups.get(key);
    if (list) list.push(dotNumber);
    else groups.set(key, [dotNumber]);
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
  const mcDigits = dockets.filter((docket) => docket.startsWith('MC')).map((docket) => docket.slice(2));
  const fromCensus =
    mcDigits.length === 0
      ? []
      : await db.selectFrom('companies').select('dot_number').where('mc_number', 'in', mcDigits).execute();
  return [...new Set([...fromLi, ...fromCensus].map((row) => row.dot_number as number))];
}

/** Notes dockets whose carriers' flags must be recomputed (refreshDueSearchFlags does it). */
export async function markFlagsDue(db: Db, dockets: Iterable<string>): Promise<void> {
  const unique = [...new Set(dockets)];
  for (let start = 0; start < unique.length; start += MAX_IN_LIST) {
    await db
      .insertInto('li_flags_due')
      .values(unique.slice(start, start + MAX_IN_LIST).map((docket) => ({ docket })))
      .onConflict((oc) => oc.column('docket').doNothing())
      .execute();
  }
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
    if (page.length === 0) return done;
    await refreshSearchFlags(db, await carriersOfDockets(db, page), today);
    await db.deleteFrom('li_flags_due').where('docket', 'in', page).execute();
    done += page.length;
  }
}

// A carrier's operating authority, insurance on file and revocations, from FMCSA's Licensing &
// Insurance (L&I) files, and the one vetting verdict computed from them (issue 18,
// docs/decisions/035-authority-insurance-verdict.md). Isomorphic: the server, the importer and the
// pages share these types and the pure verdict.
import { SIGNAL_RULES, strongRulesOf } from './signals.ts';
import { formatLongIsoDay } from './format.ts';
import type { InsuranceState } from './watchlists.ts';

/** The three kinds of operating authority a docket may hold. */
export type AuthorityKind = 'common' | 'contract' | 'broker';

/** An authority's status as the profile names it. */
export type AuthorityStatus = 'Active' | 'Inactive' | 'Pending' | 'Revocation pending' | 'Revoked';

/** What the L&I files say of an authority before revocations are applied (stored per docket and kind). */
export type PublishedAuthorityStatus = Exclude<AuthorityStatus, 'Revoked'>;

export interface Authority {
  /** The docket the authority is issued under, as shown: 'MC-139446', 'FF-58485', 'MX-1234'. */
  docket: string;
  kind: AuthorityKind;
  status: AuthorityStatus;
  /** ISO day the authority was last granted or reinstated (AuthHist), null when unknown. */
  grantedOn: string | null;
  /** ISO day of the executed revocation when status is 'Revoked', else null. */
  revokedOn: string | null;
  /** The authority's type as published by Motus ('Motor Carrier of Property (Except Household Goods)'), else null. */
  description: string | null;
}

export type InsuranceKind = 'BI&PD primary' | 'BI&PD excess' | 'cargo' | 'surety bond' | 'trust fund';

export interface InsuranceFiling {
  docket: string;
  kind: InsuranceKind;
  /** FMCSA form: '91X', '82', '34', '84' (BMC-84), '85' (BMC-85) ... */
  formCode: string | null;
  insurer: string | null;
  policyNumber: string | null;
  /** The filing's maximum coverage in US dollars (BI&PD only; FMCSA publishes 0 for the others), else null. */
  amountDollars: number | null;
  effectiveOn: string | null;
  /** ISO day the cancellation takes effect: in the future 'Cancellation pending', past 'Cancelled'. */
  cancellationEffectiveOn: string | null;
  /**
   * How the filing left the record, when it did so without lapsing: 'replaced' (InsHist TERM/REPL,
   * or another filing of its kind took effect by its cancellation day), a name change, a transfer.
   */
  endedBy: FilingEnd | null;
}

export type FilingEnd = 'replaced' | 'name change' | 'transferred';

/** A carrier out-of-service order (FMCSA's OUT OF SERVICE ORDERS dataset). */
export interface OutOfServiceOrder {
  /** ISO day the order took effect. */
  orderedOn: string | null;
  reason: string | null;
  /** As published ('ACTIVE', 'RESCINDED' ...), null when the file says nothing. */
  status: string | null;
  /** ISO day the order was rescinded, null while it stands. */
  rescindedOn: string | null;
}

/** How current each source of the record is: ISO days, null for a source never imported. */
export interface SourceDates {
  /** The newest legacy L&I file's day, never later than the legacy freeze (LEGACY_LI_FROZEN_ON). */
  legacy: string | null;
  motus: string | null;
  outOfService: string | null;
  census: string | null;
}

/** FMCSA retired legacy L&I on this day: its files are a frozen archive since (docs/decisions/099). */
export const LEGACY_LI_FROZEN_ON = '2026-05-14';

export interface Revocation {
  docket: string;
  /** The authority the revocation is about; null when the file does not say. */
  kind: AuthorityKind | null;
  /** As published: 'INVOLUNTARY REVOCATION', 'VOLUNTARY REVOCATION', 'Operating Authority Involuntary Suspension Notice' ... */
  type: string;
  /** ISO day the first revocation letter was served. */
  servedOn: string | null;
  /** ISO day the revocation takes (or took) effect; voluntary revocations often have none. */
  effectiveOn: string | null;
}

/**
 * Whether the census says the carrier needs for-hire authority: interstate carriers and brokers do;
 * intrastate carriers (census operation B or C) do not. 'unknown' when the census does not say.
 */
export type AuthorityNeed = 'needed' | 'not needed' | 'unknown';

/** A carrier's L&I record as the profile, the API and the verdict read it. */
export interface AuthorityRecord {
  /** Every docket joined to the carrier (docket first, then DOT), as shown, sorted. */
  dockets: string[];
  authorities: Authority[];
  /** Filings on file, pending cancellation or cancelled, newest effective first. */
  insurance: InsuranceFiling[];
  /** BI&PD coverage FMCSA requires of the carrier, in dollars; null when no L&I Carrier row says. */
  bipdRequiredDollars: number | null;
  /** BI&PD coverage on file as the L&I Carrier row totals it, in dollars; null when no row says. */
  bipdOnFileDollars: number | null;
  cargoRequired: boolean | null;
  bondRequired: boolean | null;
  revocations: Revocation[];
  /** The carrier's out-of-service orders, newest first, rescinded ones included. */
  outOfServiceOrders: OutOfServiceOrder[];
  sourceDates: SourceDates;
  /** False when the carrier holds no docket in L&I: it has no for-hire authority on file. */
  forHire: boolean;
  authorityNeed: AuthorityNeed;
}

export const AUTHORITY_KIND_LABEL: Record<AuthorityKind, string> = {
  common: 'Common',
  contract: 'Contract',
  broker: 'Broker',
};

/** 'MC', 'FF' and 'MX' dockets, each a prefix and a number. */
export const DOCKET_PREFIXES = ['MC', 'FF', 'MX'] as const;
export type DocketPrefix = (typeof DOCKET_PREFIXES)[number];

/**
 * The canonical key of a docket as stored: prefix + number without leading zeros ('MC080890',
 * 'MC-1426065', 'mc 0000139446' -> 'MC80890', 'MC1426065', 'MC139446'); null when it is not one.
 */
export function canonicalDocket(text: string | null | undefined): string | null {
  const match = /^\s*(MC|FF|MX)[\s-]*0*(\d{1,10})\s*$/i.exec(text ?? '');
  if (!match || Number(match[2]) === 0) return null;
  return `${(match[1] as string).toUpperCase()}${match[2]}`;
}

/** A canonical docket as pages show it: 'MC139446' -> 'MC-139446'. */
export function docketLabel(canonical: string): string {
  return `${canonical.slice(0, 2)}-${canonical.slice(2)}`;
}

export type FilingStanding =
  'Not yet in force' | 'On file' | 'Cancellation pending' | 'Cancelled' | 'Replaced';

/**
 * A filing's standing on the ISO day `today`, from its dates alone: a filing whose effective day is
 * still to come is not yet in force, and a cancellation or replacement counts from its own day.
 */
export function filingStanding(filing: InsuranceFiling, today: string): FilingStanding {
  const ends = filing.cancellationEffectiveOn;
  if (startsAfter(filing, today)) return 'Not yet in force';
  if (filing.endedBy !== null && (ends === null || ends <= today)) return 'Replaced';
  if (!ends) return 'On file';
  if (ends > today) return filing.endedBy === null ? 'Cancellation pending' : 'On file';
  return 'Cancelled';
}

/**
 * The day a filing starts covering, when its file says so: ActPendInsur gives a filing being cancelled
 * the cancellation's day as its effective day too, which is no start.
 */
function startOf(filing: InsuranceFiling): string | null {
  const { effectiveOn: start, cancellationEffectiveOn: ends } = filing;
  return start !== null && (ends === null || start < ends) ? start : null;
}

const startsAfter = (filing: InsuranceFiling, today: string) => (startOf(filing) ?? today) > today;

/** Filings that cover the carrier on `today`: in effect and not yet cancelled or replaced. */
export function filingsInForce(record: AuthorityRecord, today: string): InsuranceFiling[] {
  return record.insurance.filter((filing) => {
    const standing = filingStanding(filing, today);
    return standing === 'On file' || standing === 'Cancellation pending';
  });
}

const sameFiling = (a: InsuranceFiling, b: InsuranceFiling) =>
  a.docket === b.docket &&
  a.kind === b.kind &&
  a.policyNumber === b.policyNumber &&
  (a.insurer ?? '').toUpperCase() === (b.insurer ?? '').toUpperCase();

/**
 * One filing seen twice: the Insur file lists it from its real start without a cancellation, while
 * ActPendInsur lists its cancellation with the cancellation's day as effective day. Stored apart (their
 * effective days differ), they are one filing: the listing from its start takes the cancellation.
 */
export function joinCancellations(filings: readonly InsuranceFiling[]): InsuranceFiling[] {
  const cancellations = filings.filter(
    (filing) => filing.cancellationEffectiveOn !== null && startOf(filing) === null,
  );
  const joined = new Set<InsuranceFiling>();
  const result = filings.map((filing) => {
    if (filing.cancellationEffectiveOn !== null || filing.endedBy !== null || filing.effectiveOn === null)
      return filing;
    const start = filing.effectiveOn;
    const cancellation = cancellations.find(
      (other) => sameFiling(filing, other) && (other.cancellationEffectiveOn as string) > start,
    );
    if (!cancellation) return filing;
    joined.add(cancellation);
    return {
      ...filing,
      cancellationEffectiveOn: cancellation.cancellationEffectiveOn,
      endedBy: cancellation.endedBy,
    };
  });
  return result.filter((filing) => !joined.has(filing));
}

/**
 * Marks as replaced each cancelled filing that another filing of its docket and kind takes over from
 * by its cancellation day: FMCSA cancels the outgoing filing and files its successor (often the same
 * policy number with another insurer) effective the same day. Both are kept (docs/decisions/099).
 */
export function markReplacements(filings: readonly InsuranceFiling[]): InsuranceFiling[] {
  return filings.map((filing) => {
    const ends = filing.cancellationEffectiveOn;
    if (filing.endedBy !== null || ends === null) return filing;
    const start = startOf(filing);
    // Its successor starts after it did and by its end; without a known start, on its end day.
    const successor = filings.some((other) => {
      const from = startOf(other);
      return (
        other !== filing &&
        other.docket === filing.docket &&
        other.kind === filing.kind &&
        from !== null &&
        (start === null ? from === ends : from > start && from <= ends) &&
        (other.cancellationEffectiveOn === null || other.cancellationEffectiveOn > ends)
      );
    });
    return successor ? { ...filing, endedBy: 'replaced' } : filing;
  });
}

/** An order status that says the order no longer stands, whatever its dates say. */
export const statusRescinds = (status: string | null) => /RESCIND|INACTIVE|LIFTED/i.test(status ?? '');

/** An order in force on `today`: issued by then and not rescinded by then. */
export function orderInForce(order: OutOfServiceOrder, today: string): boolean {
  if (order.orderedOn !== null && order.orderedOn > today) return false;
  if (order.rescindedOn !== null && order.rescindedOn <= today) return false;
  return !statusRescinds(order.status);
}

/** 'A' on the census: the USDOT number is active. Anything else (I, or none) is not. */
export type UsdotStatus = string | null;

export const VERDICT_LEVELS = ['authorized', 'warning', 'review', 'not authorized', 'not needed'] as const;
export type VerdictLevel = (typeof VERDICT_LEVELS)[number];

/** The verdicts' headlines, as the watchlist page's filter lists them. */
export const VERDICT_HEADLINES = [
  'Authorized for hire',
  'Not authorized for hire',
  'No for-hire authority needed',
  'Out of service',
  'Review before booking',
] as const;

export interface Verdict {
  headline: (typeof VERDICT_HEADLINES)[number];
  /**
   * 'authorized': nothing to flag; 'warning': authorized but a reason needs a look; 'review': a strong
   * risk signal holds (core/signals.ts).
   */
  level: VerdictLevel;
  /** Why, most serious first, in the words the profile shows. */
  reasons: string[];
}

const isBipd = (filing: InsuranceFiling) => filing.kind === 'BI&PD primary' || filing.kind === 'BI&PD excess';
const isBrokerSecurity = (filing: InsuranceFiling) =>
  filing.kind === 'surety bond' || filing.kind === 'trust fund';

/** The L&I Carrier row's BI&PD on file, when no BI&PD filing of the carrier was imported. */
const carrierRowStandsIn = (record: AuthorityRecord) =>
  (record.bipdOnFileDollars ?? 0) > 0 && !record.insurance.some(isBipd);

/**
 * The vetting verdict on the ISO day `today` (docs/decisions/035): authorized for hire when the
 * USDOT number is active, at least one authority is active (or has a revocation still pending) and
 * the security that authority needs is in force — BI&PD for a carrier authority, a BMC-84 bond or
 * BMC-85 trust fund for a broker. Pending cancellations and pending revocations keep the carrier
 * authorized with a warning. A carrier with no docket at all has no for-hire authority on file,
 * which intrastate carriers do not need. An out-of-service order in force makes it 'Out of service'.
 */
export function vettingVerdict(usdotStatus: UsdotStatus, record: AuthorityRecord, today: string): Verdict {
  const verdict = authorityVerdict(usdotStatus, record, today);
  // An out-of-service order stops the carrier whatever its authority says: its date and reason first.
  const orders = record.outOfServiceOrders.filter((order) => orderInForce(order, today));
  if (orders.length === 0) return verdict;
  const reasons = orders.map(
    (order) =>
      `Out-of-service order${order.orderedOn ? ` ${formatLongIsoDay(order.orderedOn)}` : ''}` +
      (order.reason ? `: ${order.reason}` : ''),
  );
  const others = verdict.level === 'not authorized' ? verdict.reasons : [];
  return { headline: 'Out of service', level: 'not authorized', reasons: [...reasons, ...others] };
}

/** A strong risk signal sends a carrier that may be booked to review; one that may not keeps its verdict. */
const underReview = (level: VerdictLevel, riskSignals: number) =>
  strongRulesOf(riskSignals).length > 0 && level !== 'not authorized';

/**
 * The verdict with the carrier's risk signals (companies.risk_signals): a strong one turns a carrier
 * that may be booked into 'Review before booking', the signals first among the reasons. A carrier
 * that may not be booked keeps its verdict: that says more.
 */
export function reviewedVerdict(verdict: Verdict, riskSignals: number): Verdict {
  if (!underReview(verdict.level, riskSignals)) return verdict;
  return {
    headline: 'Review before booking',
    level: 'review',
    reasons: [
      ...strongRulesOf(riskSignals).map((rule) => SIGNAL_RULES[rule].title),
      verdict.headline,
      ...verdict.reasons,
    ],
  };
}

/** Insurance in force in one word, from the filings in force: on file, on file but being cancelled, or none. */
export function insuranceState(record: AuthorityRecord, inForce: readonly InsuranceFiling[]): InsuranceState {
  if (inForce.length === 0) return record.bipdOnFileDollars ? 'On file' : 'None in force';
  return inForce.every((filing) => filing.cancellationEffectiveOn !== null)
    ? 'Cancellation pending'
    : 'On file';
}

/**
 * What the watchlist page shows of a carrier's verdict before its risk signals are applied: the
 * verdict's headline and level and the insurance in force. Stored per carrier after each import
 * (docs/decisions/175) and computed live by this same function where no stored one holds.
 */
export interface Judgement {
  headline: Verdict['headline'];
  level: VerdictLevel;
  insurance: InsuranceState;
}

export function judgementOf(usdotStatus: UsdotStatus, record: AuthorityRecord, today: string): Judgement {
  const { headline, level } = vettingVerdict(usdotStatus, record, today);
  return { headline, level, insurance: insuranceState(record, filingsInForce(record, today)) };
}

/** A judgement with the carrier's risk signals, as reviewedVerdict treats a verdict. */
export function reviewedJudgement(judgement: Judgement, riskSignals: number): Judgement {
  if (!underReview(judgement.level, riskSignals)) return judgement;
  return { ...judgement, headline: 'Review before booking', level: 'review' };
}

function authorityVerdict(usdotStatus: UsdotStatus, record: AuthorityRecord, today: string): Verdict {
  const usdotActive = usdotStatus === 'A';
  const blocking: string[] = [];
  const warnings: string[] = [];
  if (!usdotActive) blocking.push('USDOT inactive');

  if (!record.forHire || record.authorities.length === 0) {
    if (record.authorityNeed === 'not needed' && usdotActive) {
      return {
        headline: 'No for-hire authority needed',
        level: 'not needed',
        reasons: [
          'No for-hire authority on file',
          'Intrastate carriers need no interstate operating authority',
        ],
      };
    }
    return {
      headline: 'Not authorized for hire',
      level: 'not authorized',
      reasons: [...blocking, 'No for-hire authority on file'],
    };
  }

  const inForce = filingsInForce(record, today);
  const live = record.authorities.filter(
    (authority) => authority.status === 'Active' || authority.status === 'Revocation pending',
  );
  const carrierLive = live.filter((authority) => authority.kind !== 'broker');
  const brokerLive = live.filter((authority) => authority.kind === 'broker');
  const bipdInForce = inForce.some(isBipd);
  const securityInForce = inForce.some(isBrokerSecurity);
  // An authority counts only with the security it needs; the L&I Carrier row's own BI&PD total
  // stands in only when no BI&PD filing was imported (the filings carry the dates the total lacks).
  const bipdCovered = bipdInForce || carrierRowStandsIn(record);
  const authorized =
    usdotActive && ((carrierLive.length > 0 && bipdCovered) || (brokerLive.length > 0 && securityInForce));

  const revoked = record.authorities
    .filter((authority) => authority.status === 'Revoked' && authority.revokedOn)
    .map((authority) => authority.revokedOn as string)
    .sort();
  const latestRevocation = revoked.at(-1);
  if (latestRevocation && live.length === 0)
    blocking.push(`Authority revoked ${formatLongIsoDay(latestRevocation)}`);
  if (live.length === 0) {
    if (record.authorities.some((authority) => authority.status === 'Pending')) {
      blocking.push('Authority application pending');
    } else if (!latestRevocation) blocking.push('Authority inactive');
  } else {
    if (carrierLive.length > 0 && !bipdCovered) blocking.push('No BI&PD insurance on file');
    if (brokerLive.length > 0 && carrierLive.length === 0 && !securityInForce) {
      blocking.push('No broker surety bond or trust fund on file');
    }
  }
  // A revocation or suspension whose effective day is still to come is pending whatever the status
  // says (Motus has no 'revocation pending' status, only the notice).
  for (const authority of live) {
    const pending = record.revocations
      .filter(
        (revocation) =>
          revocation.docket === authority.docket &&
          (revocation.kind === null || revocation.kind === authority.kind) &&
          revocation.effectiveOn !== null &&
          revocation.effectiveOn > today,
      )
      .map((revocation) => revocation.effectiveOn as string)
      .sort()[0];
    if (!pending && authority.status !== 'Revocation pending') continue;
    const reason = pending
      ? `Authority revocation pending ${formatLongIsoDay(pending)}`
      : 'Authority revocation pending';
    if (!warnings.includes(reason)) warnings.push(reason);
  }
  const pendingCancellations = inForce
    .filter((filing) => filingStanding(filing, today) === 'Cancellation pending')
    .map((filing) => filing.cancellationEffectiveOn as string)
    .sort();
  for (const day of pendingCancellations) {
    const reason = `Insurance cancellation pending ${formatLongIsoDay(day)}`;
    if (!warnings.includes(reason)) warnings.push(reason);
  }

  if (!authorized) return { headline: 'Not authorized for hire', level: 'not authorized', reasons: blocking };
  return {
    headline: 'Authorized for hire',
    level: warnings.length > 0 ? 'warning' : 'authorized',
    reasons: warnings,
  };
}

/**
 * The two flags each carrier row keeps for search (authorized_for_hire, insurance_on_file),
 * computed from the verdict so the filters and the profile never disagree.
 */
export function searchFlags(
  usdotStatus: UsdotStatus,
  record: AuthorityRecord,
  today: string,
): { authorizedForHire: boolean; insuranceOnFile: boolean } {
  return {
    authorizedForHire: vettingVerdict(usdotStatus, record, today).headline === 'Authorized for hire',
    insuranceOnFile: filingsInForce(record, today).length > 0 || carrierRowStandsIn(record),
  };
}

/**
 * An authority's status once revocations are applied: an authority the files call inactive is
 * 'Revoked' when its latest executed revocation (effective on or before `today`) comes after its
 * last grant. Discontinued revocations are not stored, so they never count.
 */
export function resolveAuthorityStatus(
  published: PublishedAuthorityStatus,
  grantedOn: string | null,
  revocations: readonly Revocation[],
  today: string,
): { status: AuthorityStatus; revokedOn: string | null } {
  if (published !== 'Inactive') return { status: published, revokedOn: null };
  const executed = revocations
    .map((revocation) => revocation.effectiveOn)
    .filter((day): day is string => day !== null && day <= today)
    .sort()
    .at(-1);
  if (executed && (!grantedOn || executed >= grantedOn)) return { status: 'Revoked', revokedOn: executed };
  return { status: 'Inactive', revokedOn: null };
}

/** A carrier's L&I record with the verdict on it, as of `today`. */
export interface CarrierVetting {
  record: AuthorityRecord;
  verdict: Verdict;
  /** The ISO day the verdict was computed for (filings and revocations are judged against it). */
  today: string;
}

/**
 * One row of an L&I file as the importer hands it to the store: what it says about one docket.
 * Every part is optional; a row fills the parts its file carries (docs/decisions/035).
 */
import type {
  AuthorityKind,
  FilingEnd,
  InsuranceKind,
  PublishedAuthorityStatus,
} from '../../../core/authority.ts';

export interface LiDocketFacts {
  legal_name: string | null;
  dba_name: string | null;
  bipd_required_dollars: number | null;
  bipd_on_file_dollars: number | null;
  cargo_required: 0 | 1 | null;
  cargo_on_file: 0 | 1 | null;
  bond_required: 0 | 1 | null;
  bond_on_file: 0 | 1 | null;
}

export interface LiFiling {
  kind: InsuranceKind;
  form_code: string | null;
  insurer: string | null;
  policy_number: string | null;
  amount_dollars: number | null;
  effective_on: string | null;
  /** Undefined when the file carries no cancellation date (Insur): a stored one is kept. */
  cancellation_effective_on?: string | null;
  /** InsHist: the filing left without lapsing (replaced, name change, transfer) on its cancellation day. */
  ended_by?: FilingEnd;
}

export interface LiRecord {
  /** Canonical docket: 'MC139446'. */
  docket: string;
  /** Null for `00000000` or a file without DOT numbers (Insur). */
  dot: number | null;
  facts?: LiDocketFacts;
  /** Status null: the docket holds no authority of that kind (any stored one is removed). */
  authorities?: {
    kind: AuthorityKind;
    status: PublishedAuthorityStatus | null;
    description: string | null;
  }[];
  filing?: LiFiling;
  /** A daily Insur file's blank row: the docket's filings are gone (those without a cancellation date). */
  filingsRemoved?: true;
  event?: {
    kind: AuthorityKind | null;
    sub_number: string | null;
    action: string;
    action_on: string | null;
    final_action: string | null;
    final_on: string | null;
  };
  revocation?: {
    kind: AuthorityKind | null;
    type: string;
    served_on: string | null;
    effective_on: string | null;
  };
}

/**
 * A filing's identity: docket, kind, policy number, insurer and effective day, never the policy number
 * alone (docs/decisions/099): FMCSA cancels a filing and files its replacement under the same policy
 * number with another insurer, effective the cancellation day, and both must stay. Migration 057
 * rekeys stored rows with the same spelling.
 */
export const filingKey = (
  docket: string,
  filing: Pick<LiFiling, 'kind' | 'policy_number' | 'insurer' | 'effective_on'>,
) =>
  [
    docket,
    filing.kind,
    filing.policy_number ?? '',
    (filing.insurer ?? '').toUpperCase(),
    filing.effective_on ?? '',
  ].join('|');

/** A carrier out-of-service order as the importer hands it to the store. */
export interface OosRecord {
  dot: number;
  ordered_on: string | null;
  reason: string | null;
  status: string | null;
  rescinded_on: string | null;
  legal_name: string | null;
}

/** An order's identity: the carrier, its day and its reason (the file has no order number). */
export const orderKey = (order: Pick<OosRecord, 'dot' | 'ordered_on' | 'reason'>) =>
  [order.dot, order.ordered_on ?? '', (order.reason ?? '').toUpperCase()].join('|');

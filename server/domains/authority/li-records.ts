/**
 * One row of an L&I file as the importer hands it to the store: what it says about one docket.
 * Every part is optional; a row fills the parts its file carries (docs/decisions/035).
 */
import type { AuthorityKind, InsuranceKind, PublishedAuthorityStatus } from '../../../core/authority.ts';

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
  /** A filing that left the record without lapsing (replaced, name change): removed. */
  filingRemoved?: { kind: InsuranceKind; policy_number: string | null };
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

export const filingKey = (docket: string, kind: InsuranceKind, policy: string | null) =>
  `${docket}|${kind}|${policy ?? ''}`;

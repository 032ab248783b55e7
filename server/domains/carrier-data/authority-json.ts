import { filingStanding, orderInForce, type SourceDates } from '../../../core/authority.ts';
import type { CarrierVetting } from '../authority/service.ts';

// The carrier-data API's L&I answers (issue 18): a carrier's record in the API's snake_case, with
// the day it was judged on ('as_of': a filing's cancellation is pending until that day passes).

/** GET /company/{dot}/authority: the verdict, the authorities and the revocations. */
export function authorityJson(dotNumber: number, { record, verdict, today }: CarrierVetting) {
  return {
    dot_number: dotNumber,
    as_of: today,
    verdict: { headline: verdict.headline, level: verdict.level, reasons: verdict.reasons },
    for_hire: record.forHire,
    authority_need: record.authorityNeed,
    dockets: record.dockets,
    authorities: record.authorities.map((authority) => ({
      docket: authority.docket,
      authority: authority.kind,
      status: authority.status,
      granted_on: authority.grantedOn,
      revoked_on: authority.revokedOn,
      description: authority.description,
    })),
    revocations: record.revocations.map((revocation) => ({
      docket: revocation.docket,
      authority: revocation.kind,
      type: revocation.type,
      served_on: revocation.servedOn,
      effective_on: revocation.effectiveOn,
    })),
    out_of_service_orders: record.outOfServiceOrders.map((order) => ({
      ordered_on: order.orderedOn,
      reason: order.reason,
      status: order.status,
      rescinded_on: order.rescindedOn,
      in_force: orderInForce(order, today),
    })),
    sources: sourcesJson(record.sourceDates),
  };
}

/** How current each source is: legacy L&I (frozen since 2026-05-14), Motus, out-of-service orders, census. */
function sourcesJson(dates: SourceDates) {
  return {
    legacy_li_as_of: dates.legacy,
    motus_as_of: dates.motus,
    out_of_service_orders_as_of: dates.outOfService,
    census_as_of: dates.census,
  };
}

/** GET /company/{dot}/insurance: BI&PD required versus on file, and every filing with its standing. */
export function insuranceJson(dotNumber: number, { record, today }: CarrierVetting) {
  return {
    dot_number: dotNumber,
    as_of: today,
    sources: sourcesJson(record.sourceDates),
    bipd_required_dollars: record.bipdRequiredDollars,
    bipd_on_file_dollars: record.bipdOnFileDollars,
    cargo_required: record.cargoRequired,
    bond_required: record.bondRequired,
    filings: record.insurance.map((filing) => ({
      docket: filing.docket,
      kind: filing.kind,
      form_code: filing.formCode,
      insurer: filing.insurer,
      policy_number: filing.policyNumber,
      amount_dollars: filing.amountDollars,
      effective_on: filing.effectiveOn,
      cancellation_effective_on: filing.cancellationEffectiveOn,
      ended_by: filing.endedBy,
      standing: filingStanding(filing, today),
    })),
  };
}

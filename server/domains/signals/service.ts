import type { CarrierSignals, LinkedCarrier } from '../../../core/contracts/signals.ts';
import { replyOf } from '../../../core/replies.ts';
import {
  CONTACT_LINK_KINDS,
  LINK_BOUND,
  LINK_KINDS,
  LINKED_STATUSES,
  RISK_SIGNALS_PATH,
  SIGNAL_RULES,
  SIGNAL_RULE_NAMES,
  signalFactText,
  signalRuleHref,
  type LinkKindName,
  type SignalRuleName,
} from '../../../core/signals.ts';
import type { Db } from '../../db/database.ts';
import { readConnections, type CarrierConnections, type LinkedCarrier as LinkRow } from './repo.ts';

/** Which of a carrier's links each rule rests on. */
const RULE_LINKS: Partial<Record<SignalRuleName, (link: LinkRow) => boolean>> = {
  shares_contact_with_troubled: (link) => CONTACT_LINK_KINDS.includes(link.kind) && link.status !== 'active',
  successor_of_revoked: (link) =>
    link.kind === 'prior_revocation' ||
    ((link.kind === 'officer' || link.kind === 'address') && link.status === 'revoked'),
  shared_vehicles: (link) => link.kind === 'vin',
};

/** The links, one entry per linked carrier with every kind it shares, in LINK_KINDS order. */
function byCarrier(links: readonly LinkRow[]): LinkedCarrier[] {
  const carriers = new Map<number, LinkedCarrier>();
  const order = Object.keys(LINK_KINDS) as LinkKindName[];
  for (const link of links) {
    const found = carriers.get(link.dot_number);
    if (found) {
      if (!found.links.includes(link.kind)) found.links.push(link.kind);
      continue;
    }
    carriers.set(link.dot_number, {
      dot_number: link.dot_number,
      name: link.name,
      links: [link.kind],
      status: link.status,
      status_label: LINKED_STATUSES[link.status],
      url: `/profile/${link.dot_number}`,
    });
  }
  return [...carriers.values()]
    .map((carrier) => ({
      ...carrier,
      links: carrier.links.sort((a, b) => order.indexOf(a) - order.indexOf(b)),
    }))
    .sort((a, b) => a.dot_number - b.dot_number);
}

/** The API's and the block's answer from the stored signals and links. */
export function carrierSignalsOf(dotNumber: number, connections: CarrierConnections): CarrierSignals {
  const known = connections.signals.filter((signal) => Object.hasOwn(SIGNAL_RULES, signal.rule));
  const signals = known
    .sort(
      (a, b) =>
        SIGNAL_RULE_NAMES.indexOf(a.rule as SignalRuleName) -
        SIGNAL_RULE_NAMES.indexOf(b.rule as SignalRuleName),
    )
    .map((signal) => {
      const rule = signal.rule as SignalRuleName;
      const restsOnLink = RULE_LINKS[rule];
      return {
        rule,
        title: SIGNAL_RULES[rule].title,
        strong: SIGNAL_RULES[rule].strong,
        rests_on_fields: SIGNAL_RULES[rule].restsOn,
        rests_on: signal.rests_on,
        detail: signal.detail,
        fact: signalFactText(rule, signal.rests_on, signal.detail),
        rule_url: signalRuleHref(rule),
        linked_carriers: restsOnLink ? byCarrier(connections.links.filter(restsOnLink)) : [],
        reply: signal.reply && replyOf(signal.reply),
      };
    });
  return {
    dot_number: dotNumber,
    signals,
    linked_carriers: byCarrier(connections.links),
    common_values: connections.common.map((value) => ({
      kind: value.kind,
      label: LINK_KINDS[value.kind],
      carriers: value.carriers,
    })),
    link_bound: LINK_BOUND,
    rules_url: RISK_SIGNALS_PATH,
  };
}

/** A carrier's risk signals and connected carriers (issue 55), judged on the server's day. */
export function createSignalsService(db: Db, clock: () => Date) {
  return {
    /** Of a company row already read (the profile page): one query. */
    async companySignals(company: { dot_number: number }): Promise<CarrierSignals> {
      const today = clock().toISOString().slice(0, 10);
      return carrierSignalsOf(company.dot_number, await readConnections(db, company.dot_number, today));
    },

    /** Null when the census holds no carrier with that DOT number; one query either way. */
    async carrierSignals(dotNumber: number): Promise<CarrierSignals | null> {
      const today = clock().toISOString().slice(0, 10);
      const connections = await readConnections(db, dotNumber, today);
      return connections.found ? carrierSignalsOf(dotNumber, connections) : null;
    },
  };
}

export type SignalsService = ReturnType<typeof createSignalsService>;

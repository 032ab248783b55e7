/**
 * Risk signals (issue 55): each a named rule on the public record, stated with its limits on the
 * public rules page (RISK_SIGNALS_PATH) and linked from every signal shown. There is no score: a
 * signal holds or it does not, and the page shows what it rests on.
 */
import { formatLongIsoDay } from './format.ts';

/** The public page that states every rule and its limits. */
export const RISK_SIGNALS_PATH = '/resources/risk-signals';

/**
 * At most this many carriers may share a contact detail, officer or vehicle for it to link them: a
 * value more carriers hold is a registered agent's address, a dispatch service's phone or a leasing
 * pool, which says nothing of who is behind each one (docs/decisions/130-carrier-link-bound.md).
 */
export const LINK_BOUND = 8;

/** Days a grant or a contact change stays recent. */
export const RECENT_DAYS = 90;
/** Months of inspections and insurance cancellations a rule looks at. */
export const WINDOW_MONTHS = 24;
/** Cancellations in the window (other than a policy replaced by another) that make 'several'. */
export const SEVERAL_CANCELLATIONS = 2;
/** Power units from which a fleet with no inspection in the window is unusual. */
export const IDLE_FLEET_UNITS = 10;

export const LINK_KINDS = {
  phone: 'Phone number',
  email: 'E-mail address',
  email_domain: 'E-mail domain',
  address: 'Physical address',
  officer: 'Officer',
  vin: 'Vehicle (VIN)',
  prior_revocation: "FMCSA's prior-revocation link",
} as const;
export type LinkKindName = keyof typeof LINK_KINDS;

/** The link kinds that are contact details (the first rule reads these). */
export const CONTACT_LINK_KINDS: readonly LinkKindName[] = ['phone', 'email', 'email_domain', 'address'];

export const LINKED_STATUSES = {
  out_of_service: 'Out of service',
  revoked: 'Authority revoked',
  inactive: 'USDOT inactive',
  active: 'Active',
} as const;
export type LinkedStatus = keyof typeof LINKED_STATUSES;

export interface SignalRule {
  title: string;
  /** A strong signal turns the verdict to 'Review before booking'. */
  strong: boolean;
  /** The fields and dates it rests on. */
  restsOn: string;
  /** When it holds. */
  rule: string;
  /** What it cannot tell. */
  limits: string;
}

export const SIGNAL_RULES = {
  shares_contact_with_troubled: {
    title: 'Shares contact details with carriers that are out of service, revoked or inactive',
    strong: true,
    restsOn:
      'Census phone, cell phone, fax, e-mail and physical address of both carriers; their USDOT status, out-of-service orders and L&I revocations',
    rule: `Another carrier holds the same normalised phone number, e-mail address, company e-mail domain or physical address, and that carrier is under an out-of-service order, has its authority revoked or its USDOT number inactive. A value more than ${LINK_BOUND} carriers hold links nobody.`,
    limits:
      'Family businesses, a carrier that closed one DOT number and opened another honestly, and shared offices hold the same details. Free-mail domains never link.',
  },
  successor_of_revoked: {
    title: 'Likely successor of a revoked carrier',
    strong: true,
    restsOn:
      "FMCSA's PRIOR_REVOKE_FLAG and PRIOR_REVOKE_DOT_NUMBER; or the census officers, physical address and date added, and the other carrier's L&I revocation date",
    rule: 'FMCSA links the carrier to a revoked one, or the carrier shares an officer and its physical address with a carrier whose authority was revoked, and was added after that revocation.',
    limits:
      'A new owner may buy a revoked carrier’s premises; officer names are compared as written, so two people of one name look alike.',
  },
  shared_vehicles: {
    title: 'Vehicles also inspected under another carrier',
    strong: false,
    restsOn: `VIN and VIN2 of the roadside inspections of the last ${WINDOW_MONTHS} months`,
    rule: `A vehicle inspected under this DOT number was also inspected under another one in the last ${WINDOW_MONTHS} months.`,
    limits:
      'Leased and sold vehicles change carriers lawfully; a mistyped VIN can match another vehicle. Only 17-character VINs count.',
  },
  new_authority: {
    title: `Authority granted fewer than ${RECENT_DAYS} days ago`,
    strong: false,
    restsOn: 'L&I authority history: the latest GRANTED or REINSTATED action date',
    rule: `The carrier's operating authority was granted or reinstated fewer than ${RECENT_DAYS} days ago.`,
    limits: 'Every carrier starts new; this says only that its record is short.',
  },
  contact_changed: {
    title: `Contact details changed in the last ${RECENT_DAYS} days`,
    strong: false,
    restsOn:
      'The record history: changes of phone, cell phone, fax, e-mail, physical or mailing address, by effective or first-seen date',
    rule: `A census refresh found the phone, cell phone, fax, e-mail or an address changed fewer than ${RECENT_DAYS} days ago.`,
    limits:
      'Carriers move and change numbers; a change is seen only when CarrierPage imports the census, so the date may be late.',
  },
  insurance_cancellations: {
    title: `Several insurance cancellations in ${WINDOW_MONTHS} months`,
    strong: false,
    restsOn:
      'L&I insurance filings: cancellation effective dates, and whether another policy replaced the filing',
    rule: `At least ${SEVERAL_CANCELLATIONS} filings of the carrier were cancelled in the last ${WINDOW_MONTHS} months without being replaced.`,
    limits: 'Switching insurers may show as a cancellation when the files do not say a policy replaced it.',
  },
  po_box_or_undeliverable: {
    title: 'PO box as physical address, or mail undeliverable',
    strong: false,
    restsOn: 'Census physical address, UNDELIV_PHY and CARRIER_MAILING_UND_DATE',
    rule: 'The physical address on the census is a post office box, or FMCSA marks mail to the carrier as undeliverable.',
    limits: 'Rural carriers may receive mail only at a box; an undeliverable mark can be old.',
  },
  idle_fleet: {
    title: `Many power units, no inspection in ${WINDOW_MONTHS} months`,
    strong: false,
    restsOn: `Census power units, USDOT status and date added; roadside inspections of the last ${WINDOW_MONTHS} months`,
    rule: `An active carrier added more than ${WINDOW_MONTHS} months ago reports at least ${IDLE_FLEET_UNITS} power units and had no roadside inspection in the last ${WINDOW_MONTHS} months.`,
    limits:
      'Fleets that run locally or in states that inspect little may go uninspected; the power units are as the carrier declared them.',
  },
} as const satisfies Record<string, SignalRule>;

export type SignalRuleName = keyof typeof SIGNAL_RULES;
export const SIGNAL_RULE_NAMES = Object.keys(SIGNAL_RULES) as SignalRuleName[];

/**
 * The rules that hold for a carrier as one integer kept on its row (companies.risk_signals): bit i
 * for SIGNAL_RULE_NAMES[i], so a new rule goes last. The verdict and the search's filter read it
 * without reading the signals.
 */
export function ruleBit(rule: SignalRuleName): number {
  return 2 ** SIGNAL_RULE_NAMES.indexOf(rule);
}

/** The rules of a risk_signals value, in SIGNAL_RULE_NAMES order. */
export function rulesOf(riskSignals: number): SignalRuleName[] {
  return SIGNAL_RULE_NAMES.filter((rule) => Math.floor(riskSignals / ruleBit(rule)) % 2 === 1);
}

/** The strong rules among them: any makes the verdict 'Review before booking'. */
export function strongRulesOf(riskSignals: number): SignalRuleName[] {
  return rulesOf(riskSignals).filter((rule) => SIGNAL_RULES[rule].strong);
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** A stored signal's facts in words: what it counted and the day it rests on. */
export function signalFactText(rule: SignalRuleName, restsOn: string | null, detail: string | null): string {
  const day = restsOn ? formatLongIsoDay(restsOn) : null;
  const count = Number(detail ?? 0);
  switch (rule) {
    case 'shares_contact_with_troubled':
      return `${plural(count, 'carrier', 'carriers')} out of service, revoked or inactive ${count === 1 ? 'shares' : 'share'} its contact details`;
    case 'successor_of_revoked':
      return detail
        ? `Follows USDOT ${detail}${day ? `, revoked ${day}` : ''}`
        : 'FMCSA marks a prior revocation';
    case 'shared_vehicles':
      return `${plural(count, 'vehicle', 'vehicles')} also inspected under another carrier`;
    case 'new_authority':
      return `Authority granted ${day ?? 'recently'}`;
    case 'contact_changed':
      return `Contact details changed ${day ?? 'recently'}`;
    case 'insurance_cancellations':
      return `${plural(count, 'cancellation', 'cancellations')}, the latest ${day ?? 'recently'}`;
    case 'po_box_or_undeliverable':
      return detail === 'po_box'
        ? 'The physical address is a post office box'
        : `Mail marked undeliverable${day ? ` ${day}` : ''}`;
    case 'idle_fleet':
      return `${plural(count, 'power unit', 'power units')}, no inspection in ${WINDOW_MONTHS} months`;
  }
}

/** A rule's anchor on the rules page. */
export function signalRuleHref(rule: SignalRuleName): string {
  return `${RISK_SIGNALS_PATH}#${rule.replaceAll('_', '-')}`;
}

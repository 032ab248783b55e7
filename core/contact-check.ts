// The contact check (issue 55): what a broker pastes from an offer, read as one kind of contact
// detail, and the answer's wording. Pure, so the check page and the API say the same.
import { normaliseEmail, normalisePhone } from './contact-keys.ts';
import { nameKey } from './search-words.ts';

export type ContactKind = 'phone' | 'email' | 'mc' | 'dot';

/** A pasted detail as the check looks it up: a key of carrier_link_keys (phone, e-mail) or a number. */
export type ContactValue = { kind: ContactKind; key: string };

/** What the offer claims to be: a DOT or MC number, or a name. */
export type ClaimedCarrier =
  { kind: 'dot' | 'mc'; number: number } | { kind: 'name'; key: string; text: string };

/** The longest text either field takes; pasted offers hold nothing longer. */
export const CONTACT_INPUT_MAX_LENGTH = 200;

/** How many carriers an answer names; a detail shared by more is said to be shared by that many. */
export const HOLDERS_SHOWN = 10;

/** Checks a client may run in the limit's window, and the window (server/http/contact-check-limit.ts). */
export const CONTACT_CHECKS_PER_WINDOW = 30;
export const CONTACT_CHECK_WINDOW_MINUTES = 60;

const CONTACT_LABELS: Record<ContactKind, string> = {
  phone: 'phone number',
  email: 'e-mail address',
  mc: 'MC number',
  dot: 'DOT number',
};

export const contactLabel = (kind: ContactKind) => CONTACT_LABELS[kind];

export const CONTACT_MISSING = 'Enter a phone number, e-mail address, MC or DOT number from the offer.';
export const CONTACT_UNREADABLE =
  'Enter one phone number, e-mail address, MC number (MC 123456) or DOT number (digits only).';
export const EMAIL_UNREADABLE = 'Enter a whole e-mail address, such as name@example.com.';
export const PHONE_UNREADABLE = 'Enter a ten-digit US phone number, such as (214) 555-0101.';
export const CLAIM_UNREADABLE = 'Enter the DOT number, MC number or name the offer claims to be.';
const TOO_LONG = `can be at most ${CONTACT_INPUT_MAX_LENGTH} characters`;

const MC_NUMBER = /^MC\s*[-#:]?\s*0*(\d{1,8})$/i;
const DOT_NUMBER = /^(?:US\s*)?DOT\s*[-#:]?\s*(?:NUMBER\s*)?0*(\d{1,9})$/i;

/**
 * A pasted detail read as one kind, or the problem with it. An e-mail is the whole address (lower
 * case); a phone its ten digits; an MC or DOT number its digits. Plain digits are a DOT number up to
 * nine of them, a phone number from ten.
 */
export function readContact(raw: string): ContactValue | { problem: string } {
  const text = raw.trim();
  if (!text) return { problem: CONTACT_MISSING };
  if (text.length > CONTACT_INPUT_MAX_LENGTH) return { problem: `The detail ${TOO_LONG}.` };
  if (text.includes('@')) {
    const email = normaliseEmail(text);
    return email ? { kind: 'email', key: email } : { problem: EMAIL_UNREADABLE };
  }
  const mc = MC_NUMBER.exec(text);
  if (mc) return { kind: 'mc', key: String(Number(mc[1])) };
  const dot = DOT_NUMBER.exec(text) ?? /^0*(\d{1,9})$/.exec(text);
  if (dot && Number(dot[1]) > 0) return { kind: 'dot', key: String(Number(dot[1])) };
  if (/^[\d\s().+-]+$/.test(text)) {
    const phone = normalisePhone(text);
    return phone ? { kind: 'phone', key: phone } : { problem: PHONE_UNREADABLE };
  }
  return { problem: CONTACT_UNREADABLE };
}

/** Legal-form words a name in an offer may have or leave out. */
const LEGAL_FORM_WORDS = new Set([
  'llc',
  'inc',
  'corp',
  'corporation',
  'co',
  'company',
  'ltd',
  'lp',
  'llp',
  'pllc',
]);

/** A carrier name as the check compares it: its search words without legal-form words. */
export function claimNameKey(name: string): string {
  // 'L.L.C.' is 'LLC', 'J&B' is 'J and B'.
  return nameKey(name.replace(/\./g, '').replace(/&/g, ' and '))
    .split(' ')
    .filter((word) => word && !LEGAL_FORM_WORDS.has(word))
    .join(' ');
}

/** What the offer claims to be (null when the field is empty), or the problem with it. */
export function readClaim(raw: string): ClaimedCarrier | null | { problem: string } {
  const text = raw.trim();
  if (!text) return null;
  if (text.length > CONTACT_INPUT_MAX_LENGTH) return { problem: `The claimed carrier ${TOO_LONG}.` };
  const mc = MC_NUMBER.exec(text);
  if (mc) return { kind: 'mc', number: Number(mc[1]) };
  const dot = DOT_NUMBER.exec(text) ?? /^0*(\d{1,9})$/.exec(text);
  if (dot && Number(dot[1]) > 0) return { kind: 'dot', number: Number(dot[1]) };
  const key = claimNameKey(text);
  return key ? { kind: 'name', key, text } : { problem: CLAIM_UNREADABLE };
}

/** The refusal past the limit, with the wait rounded up to whole minutes. */
export function contactCheckLimitText(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `You have run ${CONTACT_CHECKS_PER_WINDOW} contact checks in the last ${CONTACT_CHECK_WINDOW_MINUTES} minutes, the most we answer for one connection. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

export interface CheckedCarrier {
  dot_number: number;
  name: string;
  dba_name: string | null;
}

export type CheckVerdict = 'match' | 'mismatch' | 'not_on_record' | 'claimed_unknown' | null;

const carrierText = (carrier: CheckedCarrier) => `${carrier.name} (USDOT ${carrier.dot_number})`;

function listText(carriers: CheckedCarrier[], more: number): string {
  const names = carriers.map(carrierText);
  if (more > 0) names.push(`${more} more ${more === 1 ? 'carrier' : 'carriers'}`);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

function claimText(claim: ClaimedCarrier, claimed: CheckedCarrier | null): string {
  if (claimed) return carrierText(claimed);
  return claim.kind === 'name'
    ? `a carrier named “${claim.text}”`
    : `${claim.kind.toUpperCase()} ${claim.number}`;
}

/**
 * The verdict and the sentence of an answer. `holders` are the carriers whose FMCSA record holds the
 * detail (the first HOLDERS_SHOWN, `more` the rest); `claimed` is the carrier the offer's DOT or MC
 * number names, when it names one that exists.
 */
export function checkAnswer(input: {
  kind: ContactKind;
  holders: CheckedCarrier[];
  more: number;
  claim: ClaimedCarrier | null;
  claimed: CheckedCarrier | null;
}): { verdict: CheckVerdict; summary: string } {
  const { kind, holders, more, claim, claimed } = input;
  const label = contactLabel(kind);
  if (holders.length === 0) {
    const none =
      kind === 'dot' || kind === 'mc'
        ? `No carrier on FMCSA records has this ${label}.`
        : `No carrier’s FMCSA record holds this ${label}.`;
    const tie = claim ? ' It cannot be tied to the carrier the offer names.' : '';
    return { verdict: 'not_on_record', summary: `${none}${tie}` };
  }
  const onRecord = `this ${label} is on the FMCSA record of`;
  if (!claim)
    return { verdict: null, summary: `This ${label} is on the FMCSA record of ${listText(holders, more)}.` };
  if (claim.kind !== 'name' && !claimed) {
    return {
      verdict: 'claimed_unknown',
      summary: `We found no carrier with the ${claim.kind.toUpperCase()} number the offer names (${claim.number}); ${onRecord} ${listText(holders, more)}.`,
    };
  }
  const matching = holders.filter((holder) =>
    claim.kind === 'name'
      ? [holder.name, holder.dba_name].some((name) => name !== null && claimNameKey(name) === claim.key)
      : holder.dot_number === claimed?.dot_number,
  );
  if (matching.length > 0) {
    const others = holders.filter((holder) => !matching.includes(holder));
    const also = others.length + more > 0 ? ` It is also on the record of ${listText(others, more)}.` : '';
    return {
      verdict: 'match',
      summary: `Matches the carrier the offer names: ${onRecord} ${listText(matching, 0)}.${also}`,
    };
  }
  return {
    verdict: 'mismatch',
    summary: `Does not match: ${onRecord} ${listText(holders, more)} only, not of ${claimText(claim, claimed)}.`,
  };
}

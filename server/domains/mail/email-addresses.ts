/**
 * What CarrierPage knows about e-mail addresses: when a field holds one plain address (and nothing a
 * mail header could read as several), which domains belong to free-mail
 * providers (the free-email-domains-list package, about 96,000 domains), which domain an address
 * shows its owner controls, and when two addresses reach the same mailbox. The one place for this
 * knowledge: the search index's website column (a carrier's FMCSA e-mail's domain) and the rating
 * requests' self-rating checks both use it. Server and importer only: the list is about 2 MB, so no
 * browser bundle may import this module.
 */
import { DOMAINS as FREE_MAIL_DOMAINS } from 'free-email-domains-list';
import { getDomain } from 'tldts-icann';
import isEmail from 'validator/lib/isEmail.js';

/**
 * One plain address, nothing else: printable ASCII without spaces, quotes, commas, semicolons or angle
 * brackets (so no list, no display name, no quoted local part, no header break), then validator's
 * syntax check with a top-level domain and no IP-literal domain.
 */
export function isSingleAddress(value: string): boolean {
  if (value.length > 254 || !/^[\x21-\x7e]+$/.test(value) || /[",;<>()[\]\\]/.test(value)) return false;
  return isEmail(value, {
    allow_display_name: false,
    allow_utf8_local_part: false,
    allow_ip_domain: false,
    require_tld: true,
  });
}

/**
 * The address in an e-mail field of an FMCSA record, lower-cased, when the field holds exactly one
 * syntactically valid address (surrounding blanks aside); null for anything else: empty, several
 * addresses, a display name, garbage. The record itself stays as published: this is applied where the
 * address is used.
 */
export function fmcsaAddress(field: string | null | undefined): string | null {
  const value = field?.trim() ?? '';
  return isSingleAddress(value) ? value.toLowerCase() : null;
}

/** The part after the '@' of an address with exactly one, lower case, without a trailing dot; '' otherwise. */
export function emailDomain(address: string): string {
  const at = address.indexOf('@');
  if (at < 1 || address.indexOf('@', at + 1) >= 0) return '';
  return address
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, '');
}

/** A domain of a free-mail provider (gmail.com, yahoo.com, comcast.net, …): shared by unrelated people. */
export function isFreeMailDomain(domain: string): boolean {
  return FREE_MAIL_DOMAINS.has(domain.toLowerCase());
}

/**
 * A host name: labels of letters, digits and inner hyphens, and a top-level domain of letters (or an
 * internationalised one, xn--…). A regular expression rather than validator's isFQDN, which costs
 * about half a second more per million census rows.
 */
const HOST_NAME =
  /^(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+(?:\p{L}{2,63}|xn--[a-z0-9-]{1,59})$/u;

/**
 * The domain an address shows its owner controls: its domain when that is a host name (at least two
 * labels, a top-level domain of letters) and not a free-mail provider's; null otherwise. For a carrier's
 * FMCSA e-mail this is its website as far as CarrierPage knows it: the search index stores it (never
 * the address), and rating requests refuse reviewers at it.
 */
export function ownedDomain(address: string | null | undefined): string | null {
  if (!address) return null;
  const domain = emailDomain(address);
  if (!domain || isFreeMailDomain(domain) || domain.length > 253) return null;
  return HOST_NAME.test(domain) ? domain : null;
}

/**
 * The domain a reviewer's address belongs to, as the counted-ratings rule groups reviewers
 * (docs/decisions/093): the registrable domain by the public suffix list's ICANN section, so
 * mail.acme.com, sales.acme.com and acme.com are one (and acme.co.uk is not co.uk); the address's
 * domain when it has none.
 */
export function reviewerDomain(address: string): string {
  const domain = emailDomain(address);
  return getDomain(domain) ?? domain;
}

/** True when `domain` is `owned` or one of its subdomains (mail.acme.com is acme.com's). */
export function isWithinDomain(domain: string, owned: string): boolean {
  return domain === owned || domain.endsWith(`.${owned}`);
}

/**
 * Providers whose several domains are one namespace of mailboxes: an address at any of them reaches
 * the same account as at the first one (Gmail; iCloud names are unique across its three domains;
 * Proton's personal addresses work at each of its domains).
 */
const SAME_MAILBOX_DOMAINS: Record<string, string> = {
  'googlemail.com': 'gmail.com',
  'me.com': 'icloud.com',
  'mac.com': 'icloud.com',
  'protonmail.com': 'proton.me',
  'protonmail.ch': 'proton.me',
  'pm.me': 'proton.me',
};

/** Characters a provider ignores in the part before the '@': Gmail ignores dots, Proton dots, hyphens and underscores. */
const IGNORED_LOCAL_CHARACTERS: Record<string, RegExp> = {
  'gmail.com': /\./g,
  'proton.me': /[.\-_]/g,
};

/**
 * The mailbox an address reaches, as a key for comparing addresses (never for sending): lower case;
 * without a '+tag' (plus-addressing, which Gmail, Outlook, iCloud, Proton, Fastmail and most mail
 * servers deliver to the untagged mailbox); without the characters the provider ignores; on the
 * provider's main domain. `John.Smith+acme@GoogleMail.com` and `johnsmith@gmail.com` have the same key.
 * Aliases a provider or a domain's owner set up themselves (catch-all domains, Outlook aliases,
 * Yahoo's disposable addresses) cannot be told from here.
 */
export function mailboxKey(address: string): string {
  const text = address.trim().toLowerCase();
  const at = text.lastIndexOf('@');
  if (at < 1) return text;
  const domainText = text.slice(at + 1).replace(/\.$/, '');
  const domain = SAME_MAILBOX_DOMAINS[domainText] ?? domainText;
  let local = text.slice(0, at);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const ignored = IGNORED_LOCAL_CHARACTERS[domain];
  if (ignored) local = local.replace(ignored, '') || local;
  return `${local}@${domain}`;
}

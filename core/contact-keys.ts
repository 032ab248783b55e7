/**
 * The normalised forms of a carrier's contact details that link carriers to each other (issue 55):
 * two records holding the same key share that detail. Pure and isomorphic: the importer builds the
 * stored keys with these (server/domains/signals), and a page may normalise what a user pastes the
 * same way before looking a key up. Each function returns null for a value that cannot be a key.
 */

/**
 * A US phone number as its ten NANP digits (a leading country code 1 dropped); null when it is not a
 * plausible number: another length, an area code or exchange starting with 0 or 1, or one digit
 * repeated (filler such as 0000000000 or 9999999999).
 */
export function normalisePhone(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let digits = raw.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(digits)) return null;
  if (/^(\d)\1{9}$/.test(digits)) return null;
  return digits;
}

/**
 * A whole e-mail address, trimmed and lower-cased; null unless it is one address: one '@' with a local
 * part before it and a domain of at least two labels after it, no blanks.
 */
export function normaliseEmail(raw: string | null | undefined): string | null {
  const address = raw?.trim().toLowerCase() ?? '';
  if (!/^[^\s@]+@[a-z0-9-]+(\.[a-z0-9-]+)+\.?$/.test(address)) return null;
  return address.replace(/\.$/, '');
}

/**
 * Free-mail providers' domains: an address there says nothing about which company holds it, so its
 * domain links nobody. The providers US carriers' FMCSA records use most; the server's own check of a
 * carrier's website domain (server/domains/mail/email-addresses.ts) reads a far longer list.
 */
export const FREE_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'ymail.com',
  'rocketmail.com',
  'hotmail.com',
  'outlook.com',
  'live.com',
  'msn.com',
  'aol.com',
  'aim.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'protonmail.com',
  'proton.me',
  'mail.com',
  'gmx.com',
  'gmx.us',
  'zoho.com',
  'yandex.com',
  'att.net',
  'sbcglobal.net',
  'bellsouth.net',
  'comcast.net',
  'verizon.net',
  'charter.net',
  'cox.net',
  'earthlink.net',
  'frontier.com',
  'frontiernet.net',
  'windstream.net',
  'centurylink.net',
  'juno.com',
  'netzero.net',
  'optonline.net',
  'roadrunner.com',
  'rr.com',
]);

/** The domain of an e-mail address when it is a company's, not a free-mail provider's; else null. */
export function emailCompanyDomain(email: string | null | undefined): string | null {
  const address = normaliseEmail(email);
  if (!address) return null;
  const domain = address.slice(address.indexOf('@') + 1);
  return FREE_MAIL_DOMAINS.has(domain) ? null : domain;
}

/** USPS street suffixes and unit words (Publication 28, the common ones) to their standard abbreviations. */
const STREET_WORDS: Readonly<Record<string, string>> = {
  ALLEY: 'ALY',
  AVENUE: 'AVE',
  AV: 'AVE',
  BOULEVARD: 'BLVD',
  CIRCLE: 'CIR',
  COURT: 'CT',
  CROSSING: 'XING',
  DRIVE: 'DR',
  EXPRESSWAY: 'EXPY',
  FREEWAY: 'FWY',
  HIGHWAY: 'HWY',
  LANE: 'LN',
  LOOP: 'LOOP',
  PARKWAY: 'PKWY',
  PLACE: 'PL',
  PLAZA: 'PLZ',
  POINT: 'PT',
  ROAD: 'RD',
  ROUTE: 'RTE',
  SQUARE: 'SQ',
  STREET: 'ST',
  STR: 'ST',
  TERRACE: 'TER',
  TRAIL: 'TRL',
  TURNPIKE: 'TPKE',
  WAY: 'WAY',
  NORTH: 'N',
  SOUTH: 'S',
  EAST: 'E',
  WEST: 'W',
  NORTHEAST: 'NE',
  NORTHWEST: 'NW',
  SOUTHEAST: 'SE',
  SOUTHWEST: 'SW',
  SUITE: 'STE',
  APARTMENT: 'APT',
  BUILDING: 'BLDG',
  FLOOR: 'FL',
  UNIT: 'UNIT',
  ROOM: 'RM',
};

/** The spellings of a post office box ('P.O. Box 12', 'POB 12', 'Post Office Box 12', 'Box 12'). */
const PO_BOX = /^(?:P\s*O\s*B(?:OX)?|POST\s+OFFICE\s+BOX|BOX)\b\s*#?\s*(\d\w*)/;

/** Upper case, punctuation to blanks (but not inside numbers such as 12-B), blanks collapsed. */
function plainStreet(street: string): string {
  return street
    .toUpperCase()
    .replace(/[.,;:'"]/g, ' ')
    .replace(/#/g, ' # ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether a street line is a post office box rather than a place. */
export function isPoBox(street: string | null | undefined): boolean {
  return street ? PO_BOX.test(plainStreet(street)) : false;
}

/**
 * A physical address as a key: the street upper-cased with USPS abbreviations (a post office box as
 * 'PO BOX n'), then the five-digit ZIP, e.g. '1770 NE FUSON RD|98311'. Null without a street or a
 * ZIP starting with five digits (a foreign postal code).
 */
export function normaliseAddress(
  street: string | null | undefined,
  zip: string | null | undefined,
): string | null {
  const zip5 = /^\s*(\d{5})(?:\s*-?\s*\d{4})?\s*$/.exec(zip ?? '')?.[1];
  if (!street || !zip5) return null;
  const plain = plainStreet(street);
  const box = PO_BOX.exec(plain);
  const normalised = box
    ? `PO BOX ${box[1]}`
    : plain
        .split(' ')
        .filter((word) => word !== '#')
        .map((word) => STREET_WORDS[word] ?? word)
        .join(' ');
  return normalised ? `${normalised}|${zip5}` : null;
}

/** Officer fields that name nobody. */
const NO_NAME = new Set(['NONE', 'NA', 'N A', 'OWNER', 'UNKNOWN', 'SAME', 'PRESIDENT', 'MANAGER']);

/** Titles and suffixes that do not tell two people apart. */
const NAME_NOISE = new Set(['MR', 'MRS', 'MS', 'DR', 'JR', 'SR', 'II', 'III', 'IV']);

/**
 * An officer's name as a key: upper case, letters only, titles and suffixes dropped, e.g. 'SHAUNA
 * WASHBURN'. Null for fewer than two words or a placeholder ('NONE', 'OWNER').
 */
export function normaliseOfficerName(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const plain = raw
    .toUpperCase()
    .replace(/[^A-Z\s]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (NO_NAME.has(plain)) return null;
  const words = plain.split(' ').filter((word) => word && !NAME_NOISE.has(word));
  return words.length >= 2 ? words.join(' ') : null;
}

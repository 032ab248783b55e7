/**
 * The jurisdictions FMCSA records use for an address or an inspection/crash report: US states and DC,
 * US territories, Canadian provinces and Mexican states. A code outside this list is still stored as
 * published (the importer counts it as an 'unrecognised jurisdiction'); the list decides only what
 * the search filter and the city pages accept, and what the import report flags.
 */
import { US_STATES } from './us-states.ts';

/** The 50 states and DC. */
const US = US_STATES.map(([code]) => code).join(' ');
/** Territories, freely associated states and military post codes (APO/FPO addresses). */
const US_OTHER = 'PR VI GU AS MP UM FM MH PW AA AE AP';
/** Canadian provinces and territories, with the older NF (Newfoundland) and PQ (Quebec) FMCSA still uses. */
const CANADA = 'AB BC MB NB NL NS NT NU ON PE QC SK YT NF PQ';
/**
 * Mexican states: FMCSA's codes (TA Tamaulipas, BN Baja California Norte, VC Veracruz...) and the other
 * spellings North American transport records use.
 */
const MEXICO = `AG BN BS CM CP CS CH CI CU CL DF CX DG EM GJ GT GR HG HI JA MC MH MX MR NA NL OA PU QE QT
  QA QR SL SI SO TA TB TM TL VC VE VZ VL YU YC ZT ZA`;

/** 1 at (first letter) * 26 + (second letter) for a known code: a lookup without hashing the string. */
const KNOWN = new Uint8Array(26 * 26);
for (const code of `${US} ${US_OTHER} ${CANADA} ${MEXICO}`.split(/\s+/)) {
  KNOWN[(code.charCodeAt(0) - 65) * 26 + code.charCodeAt(1) - 65] = 1;
}

/** Whether `code` (upper case) is a US state, DC, a US territory, a Canadian province or a Mexican state. */
export function isRecognisedJurisdiction(code: string): boolean {
  if (code.length !== 2) return false;
  const first = code.charCodeAt(0) - 65;
  const second = code.charCodeAt(1) - 65;
  return first >= 0 && first < 26 && second >= 0 && second < 26 && KNOWN[first * 26 + second] === 1;
}

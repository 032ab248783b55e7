/**
 * Two-letter codes a carrier address or an inspection/crash report may carry. Generous on purpose: a code
 * missing here drops a carrier row, a wrong code let through only shows an odd state.
 */
const US = `AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ
  NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY`;
/** Territories, freely associated states and military post codes (APO/FPO addresses). */
const US_OTHER = 'PR VI GU AS MP UM FM MH PW AA AE AP';
/** Canadian provinces and territories, with the older NF (Newfoundland) and PQ (Quebec). */
const CANADA = 'AB BC MB NB NL NS NT NU ON PE QC SK YT NF PQ';
/** Mexican states: the codes North American transport records use, which vary between systems. */
const MEXICO = `AG BN BS CM CP CS CH CI CU CL DF CX DG EM GJ GT GR HG HI JA MC MH MX MR NA NL OA PU QE QT
  QA QR SL SI SO TB TM TL VE VZ VL YU YC ZT ZA`;

/** 1 at (first letter) * 26 + (second letter) for a known code: a lookup without hashing the string. */
const KNOWN = new Uint8Array(26 * 26);
for (const code of `${US} ${US_OTHER} ${CANADA} ${MEXICO}`.split(/\s+/)) {
  KNOWN[(code.charCodeAt(0) - 65) * 26 + code.charCodeAt(1) - 65] = 1;
}

/** Whether `code` (upper case) is a known state, province or territory. */
export function isKnownState(code: string): boolean {
  if (code.length !== 2) return false;
  const first = code.charCodeAt(0) - 65;
  const second = code.charCodeAt(1) - 65;
  return first >= 0 && first < 26 && second >= 0 && second < 26 && KNOWN[first * 26 + second] === 1;
}

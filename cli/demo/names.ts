/**
 * Invented names, streets, phones and e-mails. Surnames are assembled from syllables so that no officer
 * is a real person; e-mail domains are all RFC 2606 reserved (`example.com`, `.net`, `.org`).
 */
import type { Rng } from './random.ts';
import { list, words } from './word-lists.ts';

const FIRST_NAMES = words(`
  JAMES JOHN ROBERT MICHAEL WILLIAM DAVID RICHARD JOSEPH THOMAS CHARLES CHRISTOPHER DANIEL MATTHEW
  ANTHONY MARK DONALD STEVEN PAUL ANDREW JOSHUA KEVIN BRIAN GEORGE TIMOTHY RONALD JASON EDWARD JEFFREY
  RYAN JACOB GARY NICHOLAS ERIC STEPHEN LARRY JUSTIN SCOTT BRANDON SAMUEL RAYMOND GREGORY FRANK
  PATRICK DENNIS JERRY TYLER AARON ADAM NATHAN HENRY DOUGLAS PETER KYLE WALTER KEITH CARL ROGER TERRY
  SEAN JESSE BILLY BRUCE WAYNE RANDY RUSSELL BOBBY DALE CURTIS TRAVIS MARY PATRICIA JENNIFER LINDA
  ELIZABETH BARBARA SUSAN JESSICA SARAH KAREN LISA NANCY SANDRA ASHLEY KIMBERLY DONNA MICHELLE CAROL
  AMANDA MELISSA STEPHANIE REBECCA LAURA ANGELA BRENDA PAMELA NICOLE CHRISTINE RACHEL JANET HEATHER
  DIANE JULIE KELLY TERESA TAMMY CARLOS LUIS MIGUEL JORGE PEDRO RAFAEL ALEJANDRO FERNANDO RICARDO
  EDUARDO ROSA CARMEN MARIA GURPREET HARJIT SUKHWINDER MANDEEP RAJ IVAN OLEG VIKTOR AHMED OMAR HASSAN
  ABDI TUAN MINH KWAME DARNELL ANDRE MARCUS
`);

const SURNAME_STARTS = words(`
  AB AL AN AR BAL BAR BEL BER BRAN BRO CAL CAR COR DAL DAR DEL DRUM EL FAL FAR FEN GAL GAR GOL HAL HAR
  HOL KAL KEL KIR LAN LAR LOR MAL MAR MOR NEL NOR PAL PEL QUIN RAD RAN ROS SAL SEL STAN TAL TOR VAL
  VAN WAL WEL WIN YAR ZAL
`);
const SURNAME_MIDDLES = ['A', 'E', 'I', 'O', 'EN', 'ER', 'IN', 'OL', 'AR'];
const SURNAME_ENDS = words(`
  BECK BERG BY DEN DORF FIELD FORD GARD HAM HART HOLT KIN LAND LEY LOW MAN MER MORE NER RICK SEN SON
  STAD STEAD TON VIK WELL WICK WOOD ZAK OV ESKI ELLI AS EZ
`);

/** Scenic or patriotic words that carriers like to name themselves after. */
const PLACE_WORDS = list(`
  BLUE RIDGE, RED RIVER, GREEN VALLEY, SILVER CREEK, IRON HILL, EAGLE ROCK, PINE CREST, CEDAR RUN,
  STONE BRIDGE, PRAIRIE WIND, TWIN OAKS, HIGH PLAINS, LAKESHORE, SUMMIT, CANYON, MESA, HARBOR,
  FRONTIER, HERITAGE, PATRIOT, LIBERTY, PIONEER, GRANITE, TIMBERLINE, CROSSROADS, MILESTONE, KEYSTONE,
  GATEWAY, NORTHERN LIGHTS, SOUTHERN STAR, MIDWEST, COASTAL, TRI-STATE, CORNERSTONE, BLACK HAWK,
  GOLDEN SPIKE, THUNDER RIDGE, SUNRISE, SUNSET, RIVERBEND, WILLOW CREEK, COPPER CANYON, SADDLEBACK,
  BIG SKY, OPEN ROAD, LONG HAUL, STEADY WHEEL, TRUE NORTH, FIRST MILE, WHITE PINE, BLACK DIAMOND,
  ROLLING HILLS, DOUBLE EAGLE
`);

const STREET_NAMES = words(`
  MAIN OAK PINE MAPLE CEDAR ELM WASHINGTON LAKE HILL PARK RIVER MILL CHURCH SPRING RIDGE INDUSTRIAL
  COMMERCE DEPOT FREIGHT RAILROAD CENTER MARKET UNION FRONT VALLEY HICKORY WALNUT JEFFERSON LINCOLN
  MADISON FRANKLIN BROADWAY 1ST 2ND 3RD 4TH 5TH 6TH 7TH 8TH 10TH 12TH 15TH 21ST
`);
const STREET_SUFFIXES = ['ST', 'AVE', 'RD', 'DR', 'LN', 'BLVD', 'WAY', 'PKWY', 'CT', 'HWY', 'PL'];
const DIRECTIONS = ['N', 'S', 'E', 'W', 'NE', 'NW', 'SE', 'SW'];

const ROLE_MAILBOXES = ['dispatch', 'info', 'office', 'safety', 'accounting', 'ops', 'admin', 'contact'];
const RESERVED_DOMAINS = ['example.com', 'example.net', 'example.org'];

export function inventSurname(rng: Rng): string {
  const middle = rng.chance(0.35) ? rng.pick(SURNAME_MIDDLES) : '';
  return rng.pick(SURNAME_STARTS) + middle + rng.pick(SURNAME_ENDS);
}

export interface PersonName {
  first: string;
  last: string;
  full: string;
}

export function personName(rng: Rng): PersonName {
  const first = rng.pick(FIRST_NAMES);
  const last = inventSurname(rng);
  const initial = rng.chance(0.3) ? ` ${letter(rng)}` : '';
  return { first, last, full: `${first}${initial} ${last}` };
}

export function placeWord(rng: Rng): string {
  return rng.pick(PLACE_WORDS);
}

export function letter(rng: Rng): string {
  return String.fromCharCode(65 + rng.int(0, 25));
}

/** Two or three initials as carriers write them: `J&R`, `JRK`, `A-1`, `D & M`. */
export function initials(rng: Rng): string {
  const style = rng.int(0, 3);
  if (style === 0) return `${letter(rng)}&${letter(rng)}`;
  if (style === 1) return `${letter(rng)}${letter(rng)}${letter(rng)}`;
  if (style === 2) return `${letter(rng)}-${rng.int(1, 9)}`;
  return `${letter(rng)} & ${letter(rng)}`;
}

/** A street address; some carry a suite after a comma, which the CSV has to quote. */
export function streetAddress(rng: Rng): string {
  const direction = rng.chance(0.25) ? `${rng.pick(DIRECTIONS)} ` : '';
  const number = rng.chance(0.7) ? rng.int(1, 9999) : rng.int(10000, 39999);
  let street: string;
  const kind = rng.next();
  if (kind < 0.06) street = `COUNTY ROAD ${rng.int(1, 400)}`;
  else if (kind < 0.1) street = `${rng.chance(0.5) ? 'US' : 'STATE'} HIGHWAY ${rng.int(1, 299)}`;
  else street = `${rng.pick(STREET_NAMES)} ${rng.pick(STREET_SUFFIXES)}`;
  const unitKind = rng.next();
  const unit =
    unitKind < 0.05 ? `, STE ${rng.int(1, 9) * 100}` : unitKind < 0.08 ? ` UNIT ${rng.int(1, 40)}` : '';
  return `${number} ${direction}${street}${unit}`;
}

export function poBox(rng: Rng): string {
  return `PO BOX ${rng.int(1, 9999)}`;
}

export function fourDigits(rng: Rng): string {
  return String(rng.int(0, 9999)).padStart(4, '0');
}

/** A 10-digit NANP number: area code and exchange start with 2-9, never N11 or the 555 exchange. */
export function phoneNumber(rng: Rng): string {
  const area = rng.int(2, 9) * 100 + rng.int(0, 8) * 10 + rng.int(0, 9);
  let exchange = rng.int(200, 999);
  if (exchange === 555 || exchange % 100 === 11) exchange = 320;
  return `${area}${exchange}${fourDigits(rng)}`;
}

/** Lower-case letters and digits of a business name's distinctive words, for an e-mail domain. */
function slug(words: string): string {
  return words
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '')
    .slice(0, 24);
}

/**
 * A mailbox at a domain made from the business name (when there is one) or a personal address; either
 * way under a reserved example domain.
 */
export function emailAddress(rng: Rng, business: string, owner: PersonName): string {
  const domain = rng.pick(RESERVED_DOMAINS);
  const businessSlug = slug(business);
  if (businessSlug && rng.chance(0.6)) return `${rng.pick(ROLE_MAILBOXES)}@${businessSlug}.${domain}`;
  const personal = `${owner.first.charAt(0)}${owner.last}`.toLowerCase();
  return `${personal}${rng.chance(0.5) ? rng.int(1, 99) : ''}@${domain}`;
}

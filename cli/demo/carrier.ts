/**
 * The census side of the demo model: one invented carrier per row of the Company Census File, with
 * the fields that the inspection and crash files repeat (name, address, docket, fleet).
 */
import { type Cargo, type CargoProfile, drawCargo, profileTables } from './cargo.ts';
import { type DemoCalendar, FIRST_DAY } from './dates.ts';
import type { Geography, Place, StateCode } from './geography.ts';
import {
  emailAddress,
  fourDigits,
  initials,
  inventSurname,
  letter,
  type PersonName,
  personName,
  phoneNumber,
  placeWord,
  poBox,
  streetAddress,
} from './names.ts';
import { type Rng, WeightedTable } from './random.ts';

/** DOT numbers in the real census run from a few thousand to about 4.4 million. */
const FIRST_DOT = 1000;
const LAST_DOT = 4_400_000;
/** MC dockets of the real census are 6-7 digits; older carriers hold the lower numbers. */
const FIRST_MC = 100_000;
const MC_SPAN = 1_600_000;

/**
 * How long ago carriers of a given DOT number were added, in years before today: DOT numbers are
 * handed out in sequence, and registrations have sped up (about a third of them in the last 8 years).
 */
const DOT_AGE_ANCHORS: readonly (readonly [number, number])[] = [
  [FIRST_DOT, 50],
  [500_000, 32],
  [1_000_000, 24],
  [2_000_000, 15],
  [3_000_000, 7.5],
  [3_600_000, 4.5],
  [4_000_000, 2.5],
  [LAST_DOT, 0],
];

export interface BusinessOrg {
  id: string;
  desc: string;
}

/** BUSINESS_ORG_ID 3 is CORPORATION in the real sample row; the other ids are our assumption. */
const SOLE_PROPRIETOR: BusinessOrg = { id: '1', desc: 'INDIVIDUAL/SOLE PROPRIETOR' };
const PARTNERSHIP: BusinessOrg = { id: '2', desc: 'PARTNERSHIP' };
const CORPORATION: BusinessOrg = { id: '3', desc: 'CORPORATION' };
const LLC: BusinessOrg = { id: '4', desc: 'LIMITED LIABILITY COMPANY' };
const ORGS = WeightedTable.of([
  [LLC, 38],
  [SOLE_PROPRIETOR, 30],
  [CORPORATION, 27],
  [PARTNERSHIP, 5],
]);

const CORPORATION_SUFFIXES = WeightedTable.of([
  [' INC', 50],
  [', INC', 15],
  [' CORP', 15],
  [' INC.', 10],
  [' CORPORATION', 8],
  [' INCORPORATED', 2],
]);
const LLC_SUFFIXES = WeightedTable.of([
  [' LLC', 75],
  [', LLC', 20],
  [' L.L.C.', 5],
]);

/** CARSHIP: C carrier, S shipper, B broker; brokers are about 5%. */
const CARSHIPS = WeightedTable.of([
  ['C', 85.5],
  ['C;S', 6],
  ['B', 3],
  ['C;B', 2],
  ['S', 1],
  ['C;S;B', 0.5],
]);

const CLASSDEFS = WeightedTable.of([
  ['AUTHORIZED FOR HIRE', 48],
  ['PRIVATE PROPERTY', 30],
  ['EXEMPT FOR HIRE', 7],
  ['AUTHORIZED FOR HIRE;PRIVATE PROPERTY', 4],
  ['PRIVATE PROPERTY;AUTHORIZED FOR HIRE', 3],
  ['AUTHORIZED FOR HIRE;EXEMPT FOR HIRE', 3],
  ['OTHER', 2],
  ['LOCAL GOVERNMENT', 1],
]);
/** Farms mostly haul their own goods or agricultural exempt loads. */
const FARM_CLASSDEFS = WeightedTable.of([
  ['PRIVATE PROPERTY', 45],
  ['EXEMPT FOR HIRE', 25],
  ['AUTHORIZED FOR HIRE', 20],
  ['AUTHORIZED FOR HIRE;EXEMPT FOR HIRE', 10],
]);

const OPERATIONS = WeightedTable.of([
  ['A', 80],
  ['C', 18],
  ['B', 2],
] as const);

const RATINGS = WeightedTable.of([
  ['S', 75],
  ['C', 18],
  ['U', 7],
] as const);

export interface Address {
  street: string;
  city: string;
  state: StateCode;
  /** Five digits or ZIP+4. */
  zip: string;
  county: string;
}

export interface Docket {
  prefix: 'MC' | 'FF' | 'MX';
  number: string;
  status: 'A' | 'I';
}

export interface Equipment {
  ownTruck: number;
  ownTract: number;
  ownTrail: number;
  trmTract: number;
  trmTrail: number;
  ownCoach: number;
  ownBus16: number;
  ownVan9to15: number;
}

export interface Drivers {
  total: number;
  cdl: number;
  interBeyond100: number;
  interWithin100: number;
  intraBeyond100: number;
  intraWithin100: number;
  avgLeasedPerMonth: number;
}

export interface DemoCarrier {
  dot: number;
  status: 'A' | 'I';
  operation: 'A' | 'B' | 'C';
  hazmat: boolean;
  addDay: number;
  mcs150Day: number;
  mileage: number;
  mileageYear: number;
  org: BusinessOrg;
  legalName: string;
  dbaName: string;
  officer1: string;
  officer2: string;
  email: string;
  phone: string;
  fax: string;
  cell: string;
  physical: Address;
  mailing: Address;
  carship: string;
  classdef: string;
  dockets: Docket[];
  profile: CargoProfile;
  cargo: Cargo;
  powerUnits: number;
  busUnits: number;
  equipment: Equipment;
  drivers: Drivers;
  safetyRating: '' | 'S' | 'C' | 'U';
  ratingDay: number;
}

/** Power units: half the carriers run one truck, a quarter two, then a Pareto tail up to a few thousand. */
export function drawPowerUnits(rng: Rng): number {
  const r = rng.next();
  if (r < 0.5) return 1;
  if (r < 0.75) return 2;
  return Math.min(6000, Math.floor(3 * (1 - rng.next()) ** (-1 / 1.2)));
}

/**
 * FLEETSIZE letter by power units. Our sources do not document the band edges; these keep the real
 * sample row's 18 power units in band H.
 */
export function fleetSizeCode(powerUnits: number): string {
  if (powerUnits <= 0) return '';
  if (powerUnits <= 5) return 'ABCDE'.charAt(powerUnits - 1);
  if (powerUnits <= 10) return 'F';
  if (powerUnits <= 15) return 'G';
  if (powerUnits <= 20) return 'H';
  if (powerUnits <= 50) return 'I';
  if (powerUnits <= 100) return 'J';
  if (powerUnits <= 500) return 'K';
  if (powerUnits <= 1000) return 'L';
  return 'M';
}

/** A number in the `i`-th of `count` equal slots of [first, first + span]: unique and rising with `i`. */
function slotNumber(rng: Rng, i: number, count: number, first: number, span: number): number {
  const stride = Math.max(1, span / count);
  const lo = first + Math.ceil(i * stride);
  const hi = first + Math.ceil((i + 1) * stride) - 1;
  return rng.int(lo, hi);
}

function yearsAgoForDot(dot: number): number {
  for (let i = 1; i < DOT_AGE_ANCHORS.length; i++) {
    const [dotHi, yearsHi] = DOT_AGE_ANCHORS[i] as readonly [number, number];
    if (dot <= dotHi) {
      const [dotLo, yearsLo] = DOT_AGE_ANCHORS[i - 1] as readonly [number, number];
      return yearsLo + ((dot - dotLo) / (dotHi - dotLo)) * (yearsHi - yearsLo);
    }
  }
  return 0;
}

function withZipPlus4(rng: Rng, zip: string): string {
  return rng.chance(0.25) ? `${zip}-${fourDigits(rng)}` : zip;
}

/** Authority mostly follows the carrier's own status. */
function docketStatus(rng: Rng, carrierStatus: 'A' | 'I'): 'A' | 'I' {
  if (carrierStatus === 'A') return rng.chance(0.9) ? 'A' : 'I';
  return rng.chance(0.95) ? 'I' : 'A';
}

export class CarrierModel {
  private readonly profiles = profileTables();

  constructor(
    private readonly count: number,
    private readonly calendar: DemoCalendar,
    private readonly geography: Geography,
  ) {}

  /** The `index`-th carrier of the file; its DOT and MC numbers rise with `index` and never repeat. */
  create(rng: Rng, index: number): DemoCarrier {
    const { calendar } = this;
    const dot = slotNumber(rng, index, this.count, FIRST_DOT, LAST_DOT - FIRST_DOT);
    const addDay = Math.min(
      calendar.today,
      Math.max(FIRST_DAY, Math.round(calendar.today - yearsAgoForDot(dot) * 365.25 + rng.int(-45, 45))),
    );
    const status = rng.chance(0.85) ? 'A' : 'I';
    const mcs150Day = this.mcs150Day(rng, addDay, status);

    const state = this.geography.pickState(rng);
    const place = this.geography.pickPlace(rng, state);
    const profile = (this.profiles.get(state) as WeightedTable<CargoProfile>).pick(rng);
    const carship = CARSHIPS.pick(rng);
    const hauls = carship.includes('C');
    const powerUnits = hauls ? drawPowerUnits(rng) : 0;
    const operation = hauls ? OPERATIONS.pick(rng) : 'A';
    const hazmat = operation === 'B' || (operation === 'A' && rng.chance(profile.hazmatChance));

    let org = ORGS.pick(rng);
    // Nobody runs a large fleet as a sole proprietor.
    if (org === SOLE_PROPRIETOR && powerUnits > 20) org = CORPORATION;
    const owner = personName(rng);
    const names = this.names(rng, org, profile, place.city, owner);

    const classdef = !hauls
      ? carship === 'S'
        ? 'PRIVATE PROPERTY'
        : 'AUTHORIZED FOR HIRE'
      : (profile.name === 'farm' ? FARM_CLASSDEFS : CLASSDEFS).pick(rng);
    const forHire = classdef.includes('AUTHORIZED FOR HIRE') || carship.includes('B');
    const dockets = this.dockets(rng, index, status, forHire);

    const physical: Address = {
      street: streetAddress(rng),
      city: place.city,
      state,
      zip: withZipPlus4(rng, place.zip),
      county: place.county,
    };
    const equipment = this.equipment(rng, profile, powerUnits);
    const drivers = this.drivers(rng, profile, operation, powerUnits);
    const rated = rng.chance(0.03 + 0.3 * Math.min(1, powerUnits / 50));
    const mileageYear = Math.max(calendar.year(addDay), calendar.year(mcs150Day) - 1);

    return {
      dot,
      status,
      operation,
      hazmat,
      addDay,
      mcs150Day,
      mileage: powerUnits * rng.int(80, 120) * 1000,
      mileageYear,
      org,
      legalName: names.legal,
      dbaName: names.dba,
      officer1: owner.full,
      officer2: this.secondOfficer(rng, org, owner),
      email: rng.chance(0.03) ? '' : emailAddress(rng, names.business, owner),
      phone: phoneNumber(rng),
      fax: rng.chance(0.25) ? phoneNumber(rng) : '',
      cell: rng.chance(0.45) ? phoneNumber(rng) : '',
      physical,
      mailing: this.mailing(rng, physical),
      carship,
      classdef,
      dockets,
      profile,
      cargo: hauls ? drawCargo(rng, profile) : { flags: 0, otherDescription: '' },
      powerUnits,
      busUnits: profile.passenger ? powerUnits : 0,
      equipment,
      drivers,
      safetyRating: rated ? RATINGS.pick(rng) : '',
      ratingDay: rated ? rng.int(addDay, calendar.today) : 0,
    };
  }

  /** MCS-150 updates are due every two years, so most active carriers filed within the last two. */
  private mcs150Day(rng: Rng, addDay: number, status: 'A' | 'I'): number {
    const { today } = this.calendar;
    const twoYearsAgo = today - 730;
    if (addDay >= twoYearsAgo || (status === 'A' && rng.chance(0.85))) {
      return rng.int(Math.max(addDay, twoYearsAgo), today);
    }
    return rng.int(addDay, Math.max(addDay, twoYearsAgo));
  }

  /** Legal and DBA names, and the brand (name without suffix) that a business e-mail domain uses. */
  private names(rng: Rng, org: BusinessOrg, profile: CargoProfile, city: string, owner: PersonName) {
    const noun = rng.pick(profile.nouns);
    const kind = rng.next();
    const brand =
      kind < 0.45 ? owner.last : kind < 0.75 ? placeWord(rng) : kind < 0.85 ? city : initials(rng);
    let legal: string;
    let dba = '';
    let business: string;
    if (org === SOLE_PROPRIETOR) {
      // A sole proprietor's legal name is the owner's own; the business may run under a DBA.
      legal = owner.full;
      if (rng.chance(0.45)) dba = `${brand} ${noun}`;
      business = dba;
    } else if (org === PARTNERSHIP) {
      const style = rng.int(0, 2);
      const partners = style === 0 ? `& ${inventSurname(rng)}` : style === 1 ? 'BROTHERS' : '& SONS';
      legal = `${owner.last} ${partners} ${noun}`;
      business = `${owner.last} ${noun}`;
    } else {
      legal = `${brand} ${noun}${(org === LLC ? LLC_SUFFIXES : CORPORATION_SUFFIXES).pick(rng)}`;
      business = `${brand} ${noun}`;
    }
    if (org !== SOLE_PROPRIETOR && rng.chance(0.1)) {
      // Some DBAs carry quotes (`BIG "J" HAULING`), which the CSV must escape.
      dba = rng.chance(0.05)
        ? `BIG "${letter(rng)}" ${noun}`
        : `${rng.chance(0.5) ? placeWord(rng) : city} ${noun}`;
    }
    return { legal, dba, business };
  }

  private secondOfficer(rng: Rng, org: BusinessOrg, owner: PersonName): string {
    if (org === SOLE_PROPRIETOR) return rng.chance(0.1) ? `${personName(rng).first} ${owner.last}` : '';
    return rng.chance(0.6) ? personName(rng).full : '';
  }

  /** For-hire carriers and brokers hold an MC docket; a few hold an FF or MX docket. */
  private dockets(rng: Rng, index: number, status: 'A' | 'I', forHire: boolean): Docket[] {
    const dockets: Docket[] = [];
    if (forHire) {
      const number = String(slotNumber(rng, index, this.count, FIRST_MC, MC_SPAN));
      dockets.push({ prefix: rng.chance(0.003) ? 'MX' : 'MC', number, status: docketStatus(rng, status) });
    }
    if (rng.chance(0.01)) {
      // Freight forwarder dockets are a series of their own; one number per carrier keeps them unique.
      dockets.push({ prefix: 'FF', number: String(FIRST_MC + index), status: docketStatus(rng, status) });
    }
    return dockets;
  }

  private mailing(rng: Rng, physical: Address): Address {
    const r = rng.next();
    if (r < 0.7) return physical;
    if (r < 0.85) return { ...physical, street: poBox(rng), zip: physical.zip.slice(0, 5) };
    const place: Place = this.geography.pickPlace(rng, physical.state);
    return {
      street: rng.chance(0.5) ? poBox(rng) : streetAddress(rng),
      city: place.city,
      state: physical.state,
      zip: withZipPlus4(rng, place.zip),
      county: place.county,
    };
  }

  private equipment(rng: Rng, profile: CargoProfile, powerUnits: number): Equipment {
    const equipment: Equipment = {
      ownTruck: 0,
      ownTract: 0,
      ownTrail: 0,
      trmTract: 0,
      trmTrail: 0,
      ownCoach: 0,
      ownBus16: 0,
      ownVan9to15: 0,
    };
    if (profile.passenger) {
      equipment.ownCoach = Math.round(powerUnits * rng.next() * 0.6);
      equipment.ownVan9to15 = Math.round((powerUnits - equipment.ownCoach) * rng.next());
      equipment.ownBus16 = powerUnits - equipment.ownCoach - equipment.ownVan9to15;
      return equipment;
    }
    const share = Math.min(1, Math.max(0, profile.tractorShare + (rng.next() - 0.5) * 0.4));
    const tractors = Math.round(powerUnits * share);
    const trucks = powerUnits - tractors;
    // Some fleets lease part of their tractors on a term lease instead of owning them.
    const leased = tractors >= 2 && rng.chance(0.12) ? rng.int(1, Math.ceil(tractors / 2)) : 0;
    equipment.ownTract = tractors - leased;
    equipment.trmTract = leased;
    equipment.ownTruck = trucks;
    equipment.ownTrail =
      Math.round(tractors * (1 + rng.next() * 1.5)) + (trucks > 0 && rng.chance(0.2) ? 1 : 0);
    equipment.trmTrail = leased > 0 && rng.chance(0.5) ? rng.int(1, leased) : 0;
    return equipment;
  }

  private drivers(rng: Rng, profile: CargoProfile, operation: 'A' | 'B' | 'C', powerUnits: number): Drivers {
    const total =
      powerUnits === 0 ? 0 : Math.max(1, Math.round(powerUnits * (0.7 + rng.next() * 0.8)) + rng.int(0, 1));
    const cdl = Math.min(total, Math.round(total * Math.min(1, profile.cdlShare + (rng.next() - 0.5) * 0.2)));
    const longHaul = Math.round(total * rng.next());
    const interstate = operation === 'A';
    return {
      total,
      cdl,
      interBeyond100: interstate ? longHaul : 0,
      interWithin100: interstate ? total - longHaul : 0,
      intraBeyond100: interstate ? 0 : longHaul,
      intraWithin100: interstate ? 0 : total - longHaul,
      avgLeasedPerMonth: total > 5 && rng.chance(0.1) ? rng.int(1, Math.ceil(total / 5)) : 0,
    };
  }
}

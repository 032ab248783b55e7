/**
 * Kinds of carrier ("profiles") with the cargo they haul, how they name themselves and what equipment
 * they run, so cargo flags come out correlated the way real census rows are (a reefer carrier hauls
 * produce, refrigerated food and meat; farm-state carriers haul grain and livestock).
 */
import { CARGO_TYPES, type CargoCode } from '../../core/cargo.ts';
import { STATE_CODES, type StateCode } from './geography.ts';
import { type Rng, WeightedTable } from './random.ts';
import { list } from './word-lists.ts';

export const CARGO_CODES: readonly CargoCode[] = CARGO_TYPES.map(([code]) => code);

const CARGO_BITS = new Map(CARGO_CODES.map((code, i) => [code, 1 << i]));

/** One bit per cargo flag, in file order. */
function cargoBit(code: CargoCode): number {
  return CARGO_BITS.get(code) as number;
}

export interface CargoProfile {
  name: string;
  /** Share of carriers of this kind nationally (relative weight). */
  weight: number;
  /** States where this kind is more common, and by what factor. */
  boost?: { states: readonly StateCode[]; factor: number };
  /** Words of the business name after the distinctive part ("SMITH TRUCKING"). */
  nouns: readonly string[];
  /** Cargo every carrier of the kind hauls. */
  core: readonly CargoCode[];
  /** One of these, when the kind has no single core cargo. */
  oneOf?: readonly CargoCode[];
  /** Further cargo with the probability a carrier hauls it. */
  extras: readonly (readonly [CargoCode, number])[];
  /** Share of power units that are tractors (the rest are straight trucks). */
  tractorShare: number;
  /** Share of drivers holding a CDL. */
  cdlShare: number;
  /** Chance an interstate carrier of the kind hauls placardable hazmat. */
  hazmatChance: number;
  /** Runs buses and vans rather than trucks. */
  passenger: boolean;
}

const FARM_STATES: readonly StateCode[] = ['IA', 'NE', 'KS', 'SD', 'ND', 'MN', 'MT', 'ID', 'WY'];
const OIL_STATES: readonly StateCode[] = ['TX', 'OK', 'ND', 'NM', 'LA', 'WY', 'AK'];
const TIMBER_STATES: readonly StateCode[] = ['OR', 'WA', 'ME', 'ID', 'MT', 'GA', 'AL', 'MS', 'WI', 'MI'];
const COAL_STATES: readonly StateCode[] = ['WV', 'KY', 'WY', 'PA', 'VA'];
const PRODUCE_STATES: readonly StateCode[] = ['CA', 'FL', 'AZ', 'WA', 'GA'];

export const CARGO_PROFILES: readonly CargoProfile[] = [
  {
    name: 'general',
    weight: 60,
    nouns: list(`TRUCKING, FREIGHT, TRANSPORT, LOGISTICS, EXPRESS, TRANSPORTATION, CARRIERS, FREIGHT LINES,
      TRUCK LINES, HAULING, ENTERPRISES, DELIVERY, CARTAGE, DRAYAGE`),
    core: ['GENFREIGHT'],
    extras: [
      ['BLDGMAT', 0.15],
      ['MACHLRG', 0.12],
      ['METALSHEET', 0.1],
      ['PAPERPROD', 0.1],
      ['BEVERAGES', 0.08],
      ['INTERMODAL', 0.06],
      ['DRYBULK', 0.05],
      ['COLDFOOD', 0.05],
      ['LOGPOLE', 0.04],
      ['MOTOVEH', 0.03],
      ['CHEM', 0.02],
      ['USMAIL', 0.01],
    ],
    tractorShare: 0.8,
    cdlShare: 0.9,
    hazmatChance: 0.03,
    passenger: false,
  },
  {
    name: 'reefer',
    weight: 10,
    boost: { states: PRODUCE_STATES, factor: 1.8 },
    nouns: list(`REFRIGERATED TRANSPORT, COLD CHAIN, PRODUCE EXPRESS, REEFER SERVICES, FRESH FREIGHT`),
    core: ['PRODUCE', 'COLDFOOD'],
    extras: [
      ['MEAT', 0.7],
      ['GENFREIGHT', 0.5],
      ['BEVERAGES', 0.3],
    ],
    tractorShare: 0.9,
    cdlShare: 0.95,
    hazmatChance: 0.005,
    passenger: false,
  },
  {
    name: 'movers',
    weight: 4,
    nouns: list(`MOVING & STORAGE, MOVERS, RELOCATION, VAN LINES`),
    core: ['HOUSEHOLD'],
    extras: [['GENFREIGHT', 0.3]],
    tractorShare: 0.2,
    cdlShare: 0.4,
    hazmatChance: 0,
    passenger: false,
  },
  {
    name: 'construction',
    weight: 8,
    nouns: list(`EXCAVATING, CONSTRUCTION, AGGREGATES, MATERIALS, DIRT WORKS, PAVING`),
    core: ['CONSTRUCT', 'BLDGMAT'],
    extras: [
      ['DRYBULK', 0.4],
      ['MACHLRG', 0.4],
      ['METALSHEET', 0.1],
      ['LOGPOLE', 0.1],
      ['GARBAGE', 0.1],
      ['WATERWELL', 0.05],
    ],
    tractorShare: 0.3,
    cdlShare: 0.85,
    hazmatChance: 0.01,
    passenger: false,
  },
  {
    name: 'farm',
    weight: 7,
    boost: { states: FARM_STATES, factor: 5 },
    nouns: list(`FARMS, CATTLE CO, GRAIN, AG SERVICES, LIVESTOCK, RANCH`),
    core: ['GRAINFEED'],
    extras: [
      ['LIVESTOCK', 0.6],
      ['FARMSUPP', 0.6],
      ['GENFREIGHT', 0.3],
      ['PRODUCE', 0.2],
      ['DRYBULK', 0.2],
    ],
    tractorShare: 0.7,
    cdlShare: 0.8,
    hazmatChance: 0.02,
    passenger: false,
  },
  {
    name: 'auto',
    weight: 3,
    nouns: list(`AUTO TRANSPORT, CAR HAULERS, TOWING, AUTO LOGISTICS`),
    core: ['MOTOVEH'],
    extras: [
      ['DRIVETOW', 0.6],
      ['GENFREIGHT', 0.2],
      ['MOBILEHOME', 0.1],
    ],
    tractorShare: 0.6,
    cdlShare: 0.7,
    hazmatChance: 0,
    passenger: false,
  },
  {
    name: 'tanker',
    weight: 3,
    boost: { states: OIL_STATES, factor: 4 },
    nouns: list(`TANK LINES, PETROLEUM, ENERGY SERVICES, FUEL TRANSPORT, OILFIELD SERVICES`),
    core: ['LIQGAS'],
    extras: [
      ['CHEM', 0.5],
      ['OILFIELD', 0.5],
      ['DRYBULK', 0.2],
    ],
    tractorShare: 0.8,
    cdlShare: 1,
    hazmatChance: 0.6,
    passenger: false,
  },
  {
    name: 'logging',
    weight: 2,
    boost: { states: TIMBER_STATES, factor: 5 },
    nouns: list(`LOGGING, TIMBER, FOREST PRODUCTS`),
    core: ['LOGPOLE'],
    extras: [
      ['BLDGMAT', 0.3],
      ['PAPERPROD', 0.2],
    ],
    tractorShare: 0.85,
    cdlShare: 0.95,
    hazmatChance: 0,
    passenger: false,
  },
  {
    name: 'passenger',
    weight: 1.5,
    nouns: list(`COACH, TOURS, CHARTER, BUS LINES, SHUTTLE`),
    core: ['PASSENGERS'],
    extras: [],
    tractorShare: 0,
    cdlShare: 0.8,
    hazmatChance: 0,
    passenger: true,
  },
  {
    name: 'specialty',
    weight: 1.5,
    nouns: list(`SERVICES, ENTERPRISES, HAULING, DISPOSAL, SOLUTIONS`),
    core: [],
    oneOf: ['GARBAGE', 'USMAIL', 'UTILITY', 'MOBILEHOME', 'WATERWELL', 'DRYBULK'],
    extras: [['GENFREIGHT', 0.2]],
    tractorShare: 0.4,
    cdlShare: 0.8,
    hazmatChance: 0.02,
    passenger: false,
  },
  {
    name: 'coal',
    weight: 0.3,
    boost: { states: COAL_STATES, factor: 15 },
    nouns: list(`COAL HAULING, MINING SERVICES, TRUCKING`),
    core: ['COALCOKE'],
    extras: [['DRYBULK', 0.4]],
    tractorShare: 0.6,
    cdlShare: 0.95,
    hazmatChance: 0,
    passenger: false,
  },
];

/** Free text of CRGO_CARGOOTHR_DESC; some contain commas so the CSV must quote them. */
const OTHER_CARGO = list(
  `ROOFING MATERIALS; PALLETS; HAY, STRAW; SCRAP METAL; TIRES; FURNITURE; BOATS; EMPTY CONTAINERS;
  RECYCLABLES; MULCH; FEED, SEED, FERTILIZER; SAND & GRAVEL; APPLIANCES; FIREWOOD; BEES; HOT SHOT LOADS`,
  ';',
);

export interface Cargo {
  /** Bit i set: CRGO_<CARGO_CODES[i]> is 'X'. */
  flags: number;
  otherDescription: string;
}

/** Per-state tables of carrier kinds (precomputed; a state's boosts change the mix). */
export function profileTables(): Map<StateCode, WeightedTable<CargoProfile>> {
  const tables = new Map<StateCode, WeightedTable<CargoProfile>>();
  for (const state of STATE_CODES) {
    const weights = CARGO_PROFILES.map(
      (profile) => profile.weight * (profile.boost?.states.includes(state) ? profile.boost.factor : 1),
    );
    tables.set(state, new WeightedTable(CARGO_PROFILES, weights));
  }
  return tables;
}

export function drawCargo(rng: Rng, profile: CargoProfile): Cargo {
  let flags = 0;
  for (const code of profile.core) flags |= cargoBit(code);
  if (profile.oneOf) flags |= cargoBit(rng.pick(profile.oneOf));
  for (const [code, probability] of profile.extras) if (rng.chance(probability)) flags |= cargoBit(code);
  let otherDescription = '';
  if (rng.chance(0.05)) {
    flags |= cargoBit('CARGOOTHR');
    if (rng.chance(0.7)) otherDescription = rng.pick(OTHER_CARGO);
  }
  return { flags, otherDescription };
}

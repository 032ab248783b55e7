import zipcodes from 'zipcodes';
import { type Rng, WeightedTable } from './random.ts';

/** 2020 Census resident population of the 50 states and DC: where carriers are registered. */
export const STATE_POPULATION_2020 = {
  AL: 5_024_279,
  AK: 733_391,
  AZ: 7_151_502,
  AR: 3_011_524,
  CA: 39_538_223,
  CO: 5_773_714,
  CT: 3_605_944,
  DE: 989_948,
  DC: 689_545,
  FL: 21_538_187,
  GA: 10_711_908,
  HI: 1_455_271,
  ID: 1_839_106,
  IL: 12_812_508,
  IN: 6_785_528,
  IA: 3_190_369,
  KS: 2_937_880,
  KY: 4_505_836,
  LA: 4_657_757,
  ME: 1_362_359,
  MD: 6_177_224,
  MA: 7_029_917,
  MI: 10_077_331,
  MN: 5_706_494,
  MS: 2_961_279,
  MO: 6_154_913,
  MT: 1_084_225,
  NE: 1_961_504,
  NV: 3_104_614,
  NH: 1_377_529,
  NJ: 9_288_994,
  NM: 2_117_522,
  NY: 20_201_249,
  NC: 10_439_388,
  ND: 779_094,
  OH: 11_799_448,
  OK: 3_959_353,
  OR: 4_237_256,
  PA: 13_002_700,
  RI: 1_097_379,
  SC: 5_118_425,
  SD: 886_667,
  TN: 6_910_840,
  TX: 29_145_505,
  UT: 3_271_616,
  VT: 643_077,
  VA: 8_631_393,
  WA: 7_705_281,
  WV: 1_793_716,
  WI: 5_893_718,
  WY: 576_851,
} as const;

export type StateCode = keyof typeof STATE_POPULATION_2020;
export const STATE_CODES = Object.keys(STATE_POPULATION_2020) as StateCode[];

/** The ten federal standard regions, which the census's PHY_OMC_REGION numbers follow (WA is 10). */
const FEDERAL_REGIONS: readonly (readonly StateCode[])[] = [
  ['CT', 'ME', 'MA', 'NH', 'RI', 'VT'],
  ['NJ', 'NY'],
  ['DE', 'DC', 'MD', 'PA', 'VA', 'WV'],
  ['AL', 'FL', 'GA', 'KY', 'MS', 'NC', 'SC', 'TN'],
  ['IL', 'IN', 'MI', 'MN', 'OH', 'WI'],
  ['AR', 'LA', 'NM', 'OK', 'TX'],
  ['IA', 'KS', 'MO', 'NE'],
  ['CO', 'MT', 'ND', 'SD', 'UT', 'WY'],
  ['AZ', 'CA', 'HI', 'NV'],
  ['AK', 'ID', 'OR', 'WA'],
];

const REGION_OF_STATE = new Map(
  FEDERAL_REGIONS.flatMap((states, i) => states.map((state) => [state as string, String(i + 1)] as const)),
);

/** The region number as text; empty for a Canadian province. */
export function federalRegion(state: string): string {
  return REGION_OF_STATE.get(state) ?? '';
}

/** Canadian provinces that show up as REPORT_STATE of US carriers' inspections, with border cities. */
const CANADIAN_CROSSINGS = {
  ON: ['WINDSOR', 'SARNIA', 'FORT ERIE', 'LONDON', 'TORONTO'],
  QC: ['LACOLLE', 'STANSTEAD', 'MONTREAL'],
} as const;

export interface Place {
  zip: string;
  city: string;
  state: StateCode;
  /** Three-digit county code; invented (the `zipcodes` data has no county) but stable per 3-digit ZIP area. */
  county: string;
}

export interface InspectionPlace {
  state: string;
  city: string;
  county: string;
}

function countyOf(zip: string): string {
  // FIPS county codes are odd numbers; one per 3-digit ZIP area keeps nearby ZIPs in the same county.
  return String(((Number(zip.slice(0, 3)) * 37) % 97) * 2 + 1).padStart(3, '0');
}

/** Miles between two states' ZIP centroids (equirectangular; fine for weighting neighbours). */
function distanceMiles(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const dx = (a.lon - b.lon) * Math.cos((((a.lat + b.lat) / 2) * Math.PI) / 180);
  const dy = a.lat - b.lat;
  return Math.sqrt(dx * dx + dy * dy) * 69;
}

/**
 * Precomputed pick tables: a state by population, a ZIP within the state, and the state of an
 * out-of-state inspection or crash (population weighted and strongly favouring nearby states).
 */
export class Geography {
  private readonly states = new WeightedTable(
    STATE_CODES,
    STATE_CODES.map((code) => STATE_POPULATION_2020[code]),
  );
  private readonly places = new Map<StateCode, Place[]>();
  private readonly awayStates = new Map<StateCode, WeightedTable<StateCode>>();

  constructor() {
    const sums = new Map<StateCode, { lat: number; lon: number; n: number }>();
    for (const code of STATE_CODES) {
      this.places.set(code, []);
      sums.set(code, { lat: 0, lon: 0, n: 0 });
    }
    for (const entry of Object.values(zipcodes.codes)) {
      const places = this.places.get(entry.state as StateCode);
      const sum = sums.get(entry.state as StateCode);
      if (!places || !sum || entry.country !== 'US' || !/^\d{5}$/.test(entry.zip)) continue;
      places.push({
        zip: entry.zip,
        city: entry.city.toUpperCase(),
        state: entry.state as StateCode,
        county: countyOf(entry.zip),
      });
      sum.lat += entry.latitude;
      sum.lon += entry.longitude;
      sum.n++;
    }
    const centroid = (code: StateCode) => {
      const sum = sums.get(code) as { lat: number; lon: number; n: number };
      return { lat: sum.lat / sum.n, lon: sum.lon / sum.n };
    };
    for (const home of STATE_CODES) {
      const others = STATE_CODES.filter((code) => code !== home);
      const weights = others.map(
        (code) => STATE_POPULATION_2020[code] / (distanceMiles(centroid(home), centroid(code)) + 100) ** 3,
      );
      this.awayStates.set(home, new WeightedTable(others, weights));
    }
  }

  pickState(rng: Rng): StateCode {
    return this.states.pick(rng);
  }

  /**
   * A uniformly random ZIP of the state. Cities are thereby weighted by how many ZIP codes they have,
   * our stand-in for their population (the `zipcodes` data carries no population).
   */
  pickPlace(rng: Rng, state: StateCode): Place {
    return rng.pick(this.places.get(state) as Place[]);
  }

  /** Another state, mostly a neighbour of `home`. */
  pickAwayState(rng: Rng, home: StateCode): StateCode {
    return (this.awayStates.get(home) as WeightedTable<StateCode>).pick(rng);
  }

  /** Where an inspection happens: a place in the state, or one of the Canadian crossings. */
  pickInspectionPlace(rng: Rng, state: StateCode | 'CANADA'): InspectionPlace {
    if (state === 'CANADA') {
      const province = rng.chance(0.6) ? 'ON' : 'QC';
      return { state: province, city: rng.pick(CANADIAN_CROSSINGS[province]), county: '' };
    }
    return this.pickPlace(rng, state);
  }
}

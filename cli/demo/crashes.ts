/**
 * MCMIS Crash File rows (all 59 columns). The real file has one row per vehicle, so a crash with two of
 * the carrier's vehicles is two rows with the same CRASH_ID, and the importer must count it once.
 */
import { MCMIS_CRASH_COLUMNS } from '../fmcsa/columns.ts';
import {
  carrierColumns,
  clockMinutes,
  dayInWindow,
  eventState,
  hhmm,
  paddedDot,
  roadExposure,
} from './activity.ts';
import type { DemoCarrier } from './carrier.ts';
import { ChunkIds } from './chunk-ids.ts';
import { csvField, RowLayout } from './csv.ts';
import type { DemoCalendar } from './dates.ts';
import type { Geography } from './geography.ts';
import { type Rng, WeightedTable } from './random.ts';

export const CRASHES_HEADER = MCMIS_CRASH_COLUMNS.join(',');

const FILLED = [
  'CHANGE_DATE',
  'CRASH_ID',
  'REPORT_STATE',
  'REPORT_NUMBER',
  'REPORT_DATE',
  'REPORT_TIME',
  'DOT_NUMBER',
  'CITY',
  'STATE',
  'COUNTY_CODE',
  'TRUCK_BUS_IND',
  'TRAFFICWAY_ID',
  'ACCESS_CONTROL_ID',
  'ROAD_SURFACE_CONDITION_ID',
  'WEATHER_CONDITION_ID',
  'LIGHT_CONDITION_ID',
  'VEHICLES_IN_ACCIDENT',
  'FATALITIES',
  'INJURIES',
  'TOW_AWAY',
  'FEDERAL_RECORDABLE',
  'TRANSACTION_DATE',
  'UPLOAD_DOT_NUMBER',
  'UPLOAD_DATE',
  'ADD_DATE',
  'CRASH_CARRIER_NAME',
  'CRASH_CARRIER_STREET',
  'CRASH_CARRIER_CITY',
  'CRASH_CARRIER_STATE',
  'CRASH_CARRIER_ZIP_CODE',
  'DOCKET_NUMBER',
  'CRASH_CARRIER_INTERSTATE',
  'REPORT_SEQ_NO',
  'VEHICLE_IDENTIFICATION_NUMBER',
  'VEHICLE_LICENSE_NUMBER',
  'VEHICLE_LIC_STATE',
  'VEHICLE_HAZMAT_PLACARD',
  'CARGO_BODY_TYPE_ID',
  'GVW_RATING_ID',
  'VEHICLE_CONFIGURATION_ID',
] as const;

/** Reportable crashes per power unit over 24 months; most small carriers have none. */
const CRASHES_PER_EXPOSURE = 0.075;
const INJURED = WeightedTable.of([
  [1, 60],
  [2, 25],
  [3, 15],
]);
/** Characters of a VIN (I, O and Q are never used). */
const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

function vin(rng: Rng): string {
  let out = '';
  for (let i = 0; i < 17; i++) out += VIN_CHARS.charAt(rng.int(0, VIN_CHARS.length - 1));
  return out;
}

export class CrashRows {
  private readonly layout = new RowLayout(MCMIS_CRASH_COLUMNS, FILLED, {
    constants: { HAZMAT_RELEASED: 'N', STATE_RECORDABLE: 'Y' },
  });
  /** A chunk has a few hundred crashes. */
  private readonly ids = new ChunkIds(1_200_000, 20_000);

  constructor(
    private readonly calendar: DemoCalendar,
    private readonly geography: Geography,
  ) {}

  startChunk(chunk: number): void {
    this.ids.startChunk(chunk);
  }

  /** Writes the carrier's crashes through `emit`, one row per involved vehicle; returns the crash count. */
  generate(rng: Rng, carrier: DemoCarrier, emit: (line: string) => void): number {
    const crashes = rng.poisson(CRASHES_PER_EXPOSURE * roadExposure(carrier));
    for (let n = 0; n < crashes; n++) this.crash(rng, carrier, emit);
    return crashes;
  }

  private crash(rng: Rng, carrier: DemoCarrier, emit: (line: string) => void): void {
    const { calendar, layout } = this;
    const s = layout.slot;
    layout.clear();
    const id = this.ids.take(rng);
    const day = dayInWindow(rng, calendar);
    const state = eventState(rng, this.geography, carrier, 0.7);
    const place = this.geography.pickPlace(rng, state);
    const ownVehicles = carrier.powerUnits >= 2 && rng.chance(0.06) ? 2 : 1;
    const fatalities = rng.chance(0.015) ? 1 + rng.geometric(0.2) : 0;
    const injuries = rng.chance(0.3) ? INJURED.pick(rng) : 0;
    // A crash is reportable for a death, an injury or a tow-away; nearly all the others were towed.
    const towAway = rng.chance(fatalities + injuries === 0 ? 0.9 : 0.15);

    layout.set(s.CHANGE_DATE, calendar.format(day + rng.int(5, 90)));
    layout.set(s.CRASH_ID, String(id));
    layout.set(s.REPORT_STATE, state);
    layout.set(s.REPORT_NUMBER, state + id.toString(36).toUpperCase().padStart(8, '0'));
    layout.set(s.REPORT_DATE, calendar.format(day));
    layout.set(s.REPORT_TIME, hhmm(clockMinutes(rng)));
    layout.set(s.DOT_NUMBER, String(carrier.dot));
    layout.set(s.CITY, csvField(place.city));
    layout.set(s.STATE, state);
    layout.set(s.COUNTY_CODE, place.county);
    layout.set(s.TRUCK_BUS_IND, carrier.profile.passenger ? 'B' : 'T');
    layout.set(s.TRAFFICWAY_ID, String(rng.int(1, 4)));
    layout.set(s.ACCESS_CONTROL_ID, String(rng.int(1, 3)));
    layout.set(s.ROAD_SURFACE_CONDITION_ID, rng.chance(0.75) ? '1' : String(rng.int(2, 5)));
    layout.set(s.WEATHER_CONDITION_ID, rng.chance(0.7) ? '1' : String(rng.int(2, 7)));
    layout.set(s.LIGHT_CONDITION_ID, rng.chance(0.7) ? '1' : String(rng.int(2, 5)));
    layout.set(s.VEHICLES_IN_ACCIDENT, String(ownVehicles + (rng.chance(0.3) ? 0 : rng.int(1, 3))));
    layout.set(s.FATALITIES, String(fatalities));
    layout.set(s.INJURIES, String(injuries));
    layout.set(s.TOW_AWAY, towAway ? 'Y' : 'N');
    layout.set(s.FEDERAL_RECORDABLE, fatalities + injuries > 0 || towAway ? 'Y' : 'N');
    const uploaded = calendar.format(day + rng.int(5, 60));
    layout.set(s.TRANSACTION_DATE, uploaded);
    layout.set(s.UPLOAD_DOT_NUMBER, paddedDot(carrier.dot));
    layout.set(s.UPLOAD_DATE, uploaded);
    layout.set(s.ADD_DATE, uploaded);
    const columns = carrierColumns(rng, carrier);
    layout.set(s.CRASH_CARRIER_NAME, columns.name);
    layout.set(s.CRASH_CARRIER_STREET, columns.street);
    layout.set(s.CRASH_CARRIER_CITY, columns.city);
    layout.set(s.CRASH_CARRIER_STATE, columns.state);
    layout.set(s.CRASH_CARRIER_ZIP_CODE, columns.zip);
    layout.set(s.DOCKET_NUMBER, columns.docket);
    layout.set(s.CRASH_CARRIER_INTERSTATE, columns.interstate);

    for (let vehicle = 1; vehicle <= ownVehicles; vehicle++) {
      layout.set(s.REPORT_SEQ_NO, String(vehicle));
      layout.set(s.VEHICLE_IDENTIFICATION_NUMBER, vin(rng));
      layout.set(s.VEHICLE_LICENSE_NUMBER, vin(rng).slice(0, 7));
      layout.set(s.VEHICLE_LIC_STATE, carrier.physical.state);
      layout.set(s.VEHICLE_HAZMAT_PLACARD, carrier.hazmat && rng.chance(0.3) ? 'Y' : 'N');
      layout.set(s.CARGO_BODY_TYPE_ID, String(rng.int(1, 12)));
      layout.set(s.GVW_RATING_ID, String(rng.int(1, 3)));
      layout.set(s.VEHICLE_CONFIGURATION_ID, String(rng.int(1, 10)));
      emit(layout.row());
    }
  }
}

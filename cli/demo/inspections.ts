/** MCMIS Vehicle Inspection File rows (all 63 columns) over the 24-month window. */
import { MCMIS_INSPECTION_COLUMNS } from '../fmcsa/columns.ts';
import {
  type CarrierColumns,
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
import { columnRange, csvField, RowLayout } from './csv.ts';
import type { DemoCalendar } from './dates.ts';
import { federalRegion, type Geography, type InspectionPlace } from './geography.ts';
import { type Rng, WeightedTable } from './random.ts';
import { emitViolations } from './violations.ts';

export const INSPECTIONS_HEADER = MCMIS_INSPECTION_COLUMNS.join(',');

const FILLED = [
  'CHANGE_DATE',
  'INSPECTION_ID',
  'DOT_NUMBER',
  'REPORT_STATE',
  'REPORT_NUMBER',
  'INSP_DATE',
  'INSP_START_TIME',
  'INSP_END_TIME',
  'REGION',
  'LOCATION_DESC',
  'COUNTY_CODE_STATE',
  'COUNTY_CODE',
  'INSP_LEVEL_ID',
  'INSP_FACILITY',
  'CARGO_TANK',
  'HAZMAT_PLACARD_REQ',
  'SIZE_WEIGHT_ENF',
  'TRAFFIC_ENF',
  'GROSS_COMB_VEH_WT',
  'VIOL_TOTAL',
  'OOS_TOTAL',
  'DRIVER_VIOL_TOTAL',
  'DRIVER_OOS_TOTAL',
  'VEHICLE_VIOL_TOTAL',
  'VEHICLE_OOS_TOTAL',
  'HAZMAT_VIOL_TOTAL',
  'HAZMAT_OOS_TOTAL',
  'TRANSACTION_DATE',
  'UPLOAD_DATE',
  'UPLOAD_DOT_NUMBER',
  'MCMIS_ADD_DATE',
  'INSP_CARRIER_NAME',
] as const;

const CONSTANTS = {
  ALCOHOL_CONTROL_SUB: 'N',
  DRUG_INTRDCTN_SEARCH: 'N',
  DRUG_INTRDCTN_ARRESTS: '0',
  LOCAL_ENF_JURISDICTION: 'N',
  PEN_CEN_MATCH: 'Y',
  POST_ACC_IND: 'N',
};

/** The carrier's name, address, docket and interstate flag: the same on each of its inspections. */
const CARRIER_BLOCK = ['INSP_CARRIER_NAME', 'INSP_INTERSTATE'] as const;
const carrierBlock = new RowLayout(columnRange(MCMIS_INSPECTION_COLUMNS, ...CARRIER_BLOCK), [
  'INSP_CARRIER_NAME',
  'INSP_CARRIER_STREET',
  'INSP_CARRIER_CITY',
  'INSP_CARRIER_STATE',
  'INSP_CARRIER_ZIP_CODE',
  'DOCKET_NUMBER',
  'INSP_INTERSTATE',
]);

function carrierBlockOf(columns: CarrierColumns): string {
  const s = carrierBlock.slot;
  carrierBlock.clear();
  carrierBlock.set(s.INSP_CARRIER_NAME, columns.name);
  carrierBlock.set(s.INSP_CARRIER_STREET, columns.street);
  carrierBlock.set(s.INSP_CARRIER_CITY, columns.city);
  carrierBlock.set(s.INSP_CARRIER_STATE, columns.state);
  carrierBlock.set(s.INSP_CARRIER_ZIP_CODE, columns.zip);
  carrierBlock.set(s.DOCKET_NUMBER, columns.docket);
  carrierBlock.set(s.INSP_INTERSTATE, columns.interstate);
  return carrierBlock.row();
}

/**
 * Inspections per unit of road exposure at scale 1. Calibrated so that the average over all carriers
 * (inactive ones and brokers included) is about one inspection per carrier; the scale multiplies it.
 */
const INSPECTIONS_PER_EXPOSURE = 0.27;

const LEVELS = WeightedTable.of([
  [1, 25],
  [2, 35],
  [3, 30],
  [4, 4.5],
  [5, 5],
  [6, 0.5],
]);
/** FMCSA's driver OOS rate counts levels I, II, III and VI; the vehicle OOS rate I, II, V and VI. */
const DRIVER_LEVELS = new Set([1, 2, 3, 6]);
const VEHICLE_LEVELS = new Set([1, 2, 5, 6]);
/** National averages on SAFER: vehicle 22.26 %, driver 6.67 % of inspections put out of service. */
const VEHICLE_OOS_RATE = 0.22;
const DRIVER_OOS_RATE = 0.066;

/** How a carrier fares at the roadside; most are a little better than average, a tenth much worse. */
interface SafetyRecord {
  vehicleOos: number;
  driverOos: number;
  violations: number;
}

function drawSafetyRecord(rng: Rng): SafetyRecord {
  const factor = rng.chance(0.1) ? 1.8 + rng.next() * 1.2 : 0.4 + rng.next() * 0.8;
  return {
    vehicleOos: Math.min(0.95, VEHICLE_OOS_RATE * factor),
    driverOos: Math.min(0.9, DRIVER_OOS_RATE * factor),
    violations: Math.min(1, 0.45 * factor),
  };
}

/** Where an inspection's violations go, and the random stream they are drawn from. */
export interface ViolationSink {
  rng: Rng;
  emit: (line: string) => void;
}

export class InspectionRows {
  private readonly layout = new RowLayout(MCMIS_INSPECTION_COLUMNS, FILLED, {
    blocks: [CARRIER_BLOCK],
    constants: CONSTANTS,
  });
  private readonly ids: ChunkIds;

  constructor(
    private readonly calendar: DemoCalendar,
    private readonly geography: Geography,
    private readonly scale: number,
  ) {
    // A chunk averages about 1,000 x scale inspections; the span leaves room for the biggest fleets.
    this.ids = new ChunkIds(60_000_000, 100_000 * Math.max(1, Math.ceil(scale)));
  }

  startChunk(chunk: number): void {
    this.ids.startChunk(chunk);
  }

  /**
   * Writes the carrier's inspections through `emit`, and their violations (SMS Input - Violation)
   * through `violations.emit`, drawn from `violations.rng`.
   */
  generate(rng: Rng, carrier: DemoCarrier, emit: (line: string) => void, violations: ViolationSink): void {
    const count = rng.poisson(this.scale * INSPECTIONS_PER_EXPOSURE * roadExposure(carrier));
    if (count === 0) return;
    const record = drawSafetyRecord(rng);
    const block = carrierBlockOf(carrierColumns(rng, carrier));
    for (let n = 0; n < count; n++) emit(this.row(rng, carrier, record, block, violations));
  }

  private place(rng: Rng, carrier: DemoCarrier): InspectionPlace {
    // A tiny share of interstate inspections happen at Canadian crossings (REPORT_STATE ON or QC).
    if (carrier.operation === 'A' && rng.chance(0.005))
      return this.geography.pickInspectionPlace(rng, 'CANADA');
    return this.geography.pickInspectionPlace(rng, eventState(rng, this.geography, carrier, 0.55));
  }

  private row(
    rng: Rng,
    carrier: DemoCarrier,
    record: SafetyRecord,
    block: string,
    violations: ViolationSink,
  ): string {
    const { calendar, layout } = this;
    const s = layout.slot;
    layout.clear();
    const id = this.ids.take(rng);
    const day = dayInWindow(rng, calendar);
    const start = clockMinutes(rng);
    const place = this.place(rng, carrier);
    const level = LEVELS.pick(rng);
    const placarded = carrier.hazmat && rng.chance(0.5);
    const roadside = rng.chance(level === 3 ? 0.7 : 0.5);

    const driverChecked = DRIVER_LEVELS.has(level);
    const vehicleChecked = VEHICLE_LEVELS.has(level);
    const driverOos = driverChecked && rng.chance(record.driverOos) ? 1 + rng.geometric(0.15) : 0;
    const vehicleOos = vehicleChecked && rng.chance(record.vehicleOos) ? 1 + rng.geometric(0.35) : 0;
    const hazmatOos = placarded && level <= 2 && rng.chance(0.05) ? 1 : 0;
    const driverViol =
      driverOos + (driverChecked && rng.chance(record.violations * 0.7) ? 1 + rng.geometric(0.3) : 0);
    const vehicleViol =
      vehicleOos + (vehicleChecked && rng.chance(record.violations) ? 1 + rng.geometric(0.45) : 0);
    const hazmatViol = hazmatOos + (placarded && rng.chance(0.05) ? 1 : 0);

    const date = calendar.format(day);
    emitViolations(
      violations.rng,
      { id, day: date, dot: carrier.dot },
      {
        driver: driverViol,
        driverOos,
        vehicle: vehicleViol,
        vehicleOos,
        hazmat: hazmatViol,
        hazmatOos,
      },
      violations.emit,
    );
    const uploaded = calendar.format(day + rng.int(1, 10));
    layout.set(s.CHANGE_DATE, calendar.format(day + rng.int(1, 30)));
    layout.set(s.INSPECTION_ID, String(id));
    layout.set(s.DOT_NUMBER, String(carrier.dot));
    layout.set(s.REPORT_STATE, place.state);
    layout.set(s.REPORT_NUMBER, place.state + id.toString(36).toUpperCase().padStart(8, '0'));
    // Real files sometimes append the time to the date (`20241016 2140`); the importer must cope.
    layout.set(s.INSP_DATE, rng.chance(0.15) ? `${date} ${hhmm(start)}` : date);
    layout.set(s.INSP_START_TIME, hhmm(start));
    layout.set(s.INSP_END_TIME, hhmm(start + rng.int(15, 120)));
    layout.set(s.REGION, federalRegion(place.state));
    layout.set(s.LOCATION_DESC, csvField(place.city));
    layout.set(s.COUNTY_CODE_STATE, place.state);
    layout.set(s.COUNTY_CODE, place.county);
    layout.set(s.INSP_LEVEL_ID, String(level));
    layout.set(s.INSP_FACILITY, roadside ? 'R' : 'F');
    layout.set(s.CARGO_TANK, placarded && carrier.profile.name === 'tanker' ? 'Y' : 'N');
    layout.set(s.HAZMAT_PLACARD_REQ, placarded ? 'Y' : 'N');
    layout.set(s.SIZE_WEIGHT_ENF, !roadside && rng.chance(0.3) ? 'Y' : 'N');
    layout.set(s.TRAFFIC_ENF, roadside && rng.chance(0.25) ? 'Y' : 'N');
    layout.set(s.GROSS_COMB_VEH_WT, String(rng.int(13, 40) * 2000));
    layout.set(s.VIOL_TOTAL, String(driverViol + vehicleViol + hazmatViol));
    layout.set(s.OOS_TOTAL, String(driverOos + vehicleOos + hazmatOos));
    layout.set(s.DRIVER_VIOL_TOTAL, String(driverViol));
    layout.set(s.DRIVER_OOS_TOTAL, String(driverOos));
    layout.set(s.VEHICLE_VIOL_TOTAL, String(vehicleViol));
    layout.set(s.VEHICLE_OOS_TOTAL, String(vehicleOos));
    layout.set(s.HAZMAT_VIOL_TOTAL, String(hazmatViol));
    layout.set(s.HAZMAT_OOS_TOTAL, String(hazmatOos));
    layout.set(s.TRANSACTION_DATE, uploaded);
    layout.set(s.UPLOAD_DATE, uploaded);
    layout.set(s.UPLOAD_DOT_NUMBER, paddedDot(carrier.dot));
    layout.set(s.MCMIS_ADD_DATE, uploaded);
    layout.set(s.INSP_CARRIER_NAME, block);
    return layout.row();
  }
}

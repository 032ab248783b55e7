/**
 * SMS Input - Violation rows (8mt8-2mdr, all 13 columns) for the demo's inspections: each violation
 * an inspection counts gets a code of its kind (driver, vehicle, hazmat), the first of each kind as
 * many out of service as the inspection says. Their own random stream, so the other files stay as
 * they were.
 */
import { SMS_VIOLATION_COLUMNS } from '../fmcsa/columns.ts';
import { type Rng, WeightedTable } from './random.ts';

export const VIOLATIONS_HEADER = SMS_VIOLATION_COLUMNS.join(',');

interface Code {
  code: string;
  basic: string;
  section: string;
  group: string;
}

const code = (code: string, basic: string, section: string, group: string): Code => ({
  code,
  basic,
  section,
  group,
});

const DRIVER = WeightedTable.of<Code>([
  [code('395.8E', 'HOS Compliance', 'False report of drivers record of duty status', 'False Log'), 12],
  [code('395.8A-ELD', 'HOS Compliance', 'No record of duty status (ELD required)', 'Hours'), 10],
  [code('391.41A-F', 'Driver Fitness', 'Operating a CMV without a medical certificate', 'Medical'), 8],
  [
    code('392.2-SLLS2', 'Unsafe Driving', 'Speeding 6-10 miles per hour over the speed limit', 'Speeding'),
    10,
  ],
  [code('392.16', 'Unsafe Driving', 'Failing to use seat belt while operating a CMV', 'Seat Belt'), 7],
  [code('383.23A2', 'Driver Fitness', 'Operating a CMV without a valid CDL', 'License'), 2],
  [code('392.4A', 'Drugs/Alcohol', 'Driver uses or is in possession of drugs', 'Drugs'), 0.5],
]);

const VEHICLE = WeightedTable.of<Code>([
  [code('393.9A', 'Vehicle Maint.', 'Inoperable required lamp', 'Lighting'), 20],
  [code('396.3A1BOS', 'Vehicle Maint.', 'Brakes out of adjustment', 'Brakes'), 10],
  [code('393.75C', 'Vehicle Maint.', 'Tire tread depth less than 2/32 of inch', 'Tires'), 8],
  [code('393.47E', 'Vehicle Maint.', 'Clamp or roto-chamber type brake out of adjustment', 'Brakes'), 7],
  [
    code('396.17C', 'Vehicle Maint.', 'Operating a CMV without proof of a periodic inspection', 'Inspection'),
    6,
  ],
  [
    code(
      '393.95A',
      'Vehicle Maint.',
      'No or discharged or unsecured fire extinguisher',
      'Emergency Equipment',
    ),
    4,
  ],
]);

const HAZMAT = WeightedTable.of<Code>([
  [code('172.504', 'HM Compliance', 'No placards or markings when required', 'Placards'), 1],
]);

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** `YYYYMMDD` as the SMS files write a day: `14-OCT-26`. */
export function smsDay(yyyymmdd: string): string {
  return `${yyyymmdd.slice(6, 8)}-${MONTHS[Number(yyyymmdd.slice(4, 6)) - 1]}-${yyyymmdd.slice(2, 4)}`;
}

/** How many violations of each kind one inspection counts, and how many of them were out of service. */
export interface ViolationCounts {
  driver: number;
  driverOos: number;
  vehicle: number;
  vehicleOos: number;
  hazmat: number;
  hazmatOos: number;
}

/** Writes one inspection's violation rows through `emit`. */
export function emitViolations(
  rng: Rng,
  inspection: { id: number; day: string; dot: number },
  counts: ViolationCounts,
  emit: (line: string) => void,
): void {
  const day = smsDay(inspection.day);
  const kinds: [WeightedTable<Code>, number, number, string][] = [
    [DRIVER, counts.driver, counts.driverOos, 'D'],
    [VEHICLE, counts.vehicle, counts.vehicleOos, '1'],
    [HAZMAT, counts.hazmat, counts.hazmatOos, '1'],
  ];
  for (const [table, total, oos, unit] of kinds) {
    for (let n = 0; n < total; n++) {
      const { code, basic, section, group } = table.pick(rng);
      const outOfService = n < oos;
      // OOS_Weight, Severity_Weight, Time_Weight and Total_Severity_Wght: SMS's weights, not read.
      emit(
        `${inspection.id},${day},${inspection.dot},${code},${basic},${outOfService ? 'Y' : 'N'},` +
          `${outOfService ? 2 : 0},${rng.int(1, 10)},3,,${section},${group},${unit}`,
      );
    }
  }
}

/** Inspection rows (MCMIS Vehicle Inspection File and SMS Input - Inspection) to InspectionRecord. */
import type { InspectionRecord } from '../../server/domains/carrier-data/records.ts';
import { RowError } from './errors.ts';
import {
  count,
  requiredDate,
  requiredDotNumber,
  skipRow,
  jurisdiction,
  text,
  upperText,
} from './normalize.ts';
import type { ColumnLookup, RowMapper } from './types.ts';

/**
 * The level as published: 1-6 and MCMIS's 99, or a newer CVSA level (7, 8). Which levels count toward
 * the out-of-service rates is the server's rule (inspection-levels.ts), not a reason to drop the row.
 */
function inspectionLevel(raw: string): number {
  const value = text(raw);
  if (value === null) throw new RowError('missing inspection level');
  const level = count(value);
  if (level === null || level < 1 || level > 99) {
    throw new RowError(`inspection level ${value.slice(0, 10)} is not a number from 1 to 99`);
  }
  return level;
}

export function createInspectionMapper(
  kind: 'mcmis_inspection' | 'sms_inspection',
  column: ColumnLookup,
): RowMapper {
  const sms = kind === 'sms_inspection';
  const id = column(sms ? 'UNIQUE_ID' : 'INSPECTION_ID');
  const dot = column('DOT_NUMBER');
  const uploadDot = column('UPLOAD_DOT_NUMBER');
  const inspDate = column('INSP_DATE');
  const reportState = column('REPORT_STATE');
  const reportNumber = column('REPORT_NUMBER');
  const level = column('INSP_LEVEL_ID');
  // The SMS file has no VIOL_TOTAL; BASIC_Viol (violations counted in the BASICs) is the nearest figure.
  const violTotal = column(sms ? 'BASIC_VIOL' : 'VIOL_TOTAL');
  const oosTotal = column('OOS_TOTAL');
  const driverOos = column('DRIVER_OOS_TOTAL');
  const vehicleOos = column('VEHICLE_OOS_TOTAL');
  const hazmatOos = column('HAZMAT_OOS_TOTAL');
  // Only the SMS file names the inspected vehicles (kept for a later fraud signal).
  const vin = sms ? column('VIN') : -1;
  const vin2 = sms ? column('VIN2') : -1;
  return (row, line) => {
    try {
      const inspectionId = text(row.get(id));
      if (inspectionId === null) throw new RowError('missing inspection id');
      const record: InspectionRecord = {
        inspection_id: inspectionId,
        dot_number: requiredDotNumber(row.get(dot), row.get(uploadDot)),
        insp_date: requiredDate(row.get(inspDate), 'inspection date'),
        report_state: jurisdiction(row.get(reportState)),
        report_number: text(row.get(reportNumber)),
        insp_level_id: inspectionLevel(row.get(level)),
        viol_total: count(row.get(violTotal)) ?? 0,
        oos_total: count(row.get(oosTotal)) ?? 0,
        driver_oos_total: count(row.get(driverOos)) ?? 0,
        vehicle_oos_total: count(row.get(vehicleOos)) ?? 0,
        hazmat_oos_total: count(row.get(hazmatOos)) ?? 0,
      };
      if (sms) {
        record.vin = upperText(row.get(vin));
        record.vin2 = upperText(row.get(vin2));
      }
      return { kind: 'inspection', line, record };
    } catch (error) {
      return skipRow(error, line);
    }
  };
}

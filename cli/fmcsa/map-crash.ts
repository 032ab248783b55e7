/** Crash rows (MCMIS Crash File and SMS Input - Crash) to CrashRecord. */
import type { CrashRecord } from '../../server/domains/carrier-data/records.ts';
import { RowError } from './errors.ts';
import {
  count,
  flag,
  jurisdiction,
  requiredDate,
  requiredDotNumber,
  skipRow,
  text,
  upperText,
} from './normalize.ts';
import type { ColumnLookup, FieldSource, RowMapper } from './types.ts';

/**
 * The MCMIS file has one row per vehicle, all with the crash's CRASH_ID: the store upserts by crash_id,
 * so the crash counts once. The SMS file has no crash id. Its report number is assigned by the
 * reporting state's agency and is not known to be unique across states, so the id is the state and
 * the number (`TX:123456`); it cannot collide with the numeric MCMIS ids.
 */
function crashIdReader(
  kind: 'mcmis_crash' | 'sms_crash',
  column: ColumnLookup,
): (row: FieldSource) => string | null {
  if (kind === 'mcmis_crash') {
    const id = column('CRASH_ID');
    return (row) => text(row.get(id));
  }
  const number = column('REPORT_NUMBER');
  const state = column('REPORT_STATE');
  return (row) => {
    const reportNumber = text(row.get(number));
    if (reportNumber === null) return null;
    const reportState = upperText(row.get(state));
    return reportState === null ? reportNumber : `${reportState}:${reportNumber}`;
  };
}

export function createCrashMapper(kind: 'mcmis_crash' | 'sms_crash', column: ColumnLookup): RowMapper {
  const crashId = crashIdReader(kind, column);
  const dot = column('DOT_NUMBER');
  const uploadDot = column('UPLOAD_DOT_NUMBER');
  const reportDate = column('REPORT_DATE');
  const reportState = column('REPORT_STATE');
  const fatalities = column('FATALITIES');
  const injuries = column('INJURIES');
  const towAway = column('TOW_AWAY');
  return (row, line) => {
    try {
      const id = crashId(row);
      if (id === null) throw new RowError('missing crash id');
      const record: CrashRecord = {
        crash_id: id,
        dot_number: requiredDotNumber(row.get(dot), row.get(uploadDot)),
        report_date: requiredDate(row.get(reportDate), 'report date'),
        report_state: jurisdiction(row.get(reportState)),
        fatalities: count(row.get(fatalities)) ?? 0,
        injuries: count(row.get(injuries)) ?? 0,
        tow_away: flag(row.get(towAway)),
      };
      return { kind: 'crash', line, record };
    } catch (error) {
      return skipRow(error, line);
    }
  };
}

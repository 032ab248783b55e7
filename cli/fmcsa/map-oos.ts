/** OUT OF SERVICE ORDERS rows (p2mt-9ige) to OosRecord: one carrier's order, its day, reason and rescission. */
import type { OosRecord } from '../../server/domains/authority/li-records.ts';
import { date, requiredDotNumber, skipRow, text, upperText } from './normalize.ts';
import type { ColumnLookup, RowMapper } from './types.ts';

export function createOosMapper(column: ColumnLookup): RowMapper {
  const [dot, name, ordered, reason, status] = [
    'DOT_NUMBER',
    'LEGAL_NAME',
    'OOS_DATE',
    'OOS_REASON',
    'STATUS',
  ].map(column) as number[];
  // The API spells the export's RESCIND_DATE as OOS_RESCIND_DATE.
  const rescinded = column('RESCIND_DATE') >= 0 ? column('RESCIND_DATE') : column('OOS_RESCIND_DATE');
  return (row, line) => {
    try {
      const record: OosRecord = {
        dot: requiredDotNumber(row.get(dot as number)),
        ordered_on: date(row.get(ordered as number)),
        reason: text(row.get(reason as number)),
        status: upperText(row.get(status as number)),
        rescinded_on: date(row.get(rescinded)),
        legal_name: text(row.get(name as number)),
      };
      return { kind: 'oos', line, record };
    } catch (error) {
      return skipRow(error, line);
    }
  };
}

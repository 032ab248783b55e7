/** SMS Input - Violation rows to ViolationRecord: one violation, joined to its inspection by Unique_ID. */
import type { ViolationRecord } from '../../server/domains/carrier-data/records.ts';
import { RowError } from './errors.ts';
import { flag, requiredDate, requiredDotNumber, skipRow, text, upperText } from './normalize.ts';
import type { ColumnLookup, RowMapper } from './types.ts';

export function createViolationMapper(column: ColumnLookup): RowMapper {
  const id = column('UNIQUE_ID');
  const dot = column('DOT_NUMBER');
  const inspDate = column('INSP_DATE');
  const code = column('VIOL_CODE');
  const basic = column('BASIC_DESC');
  const oos = column('OOS_INDICATOR');
  const section = column('SECTION_DESC');
  const unit = column('VIOL_UNIT');
  return (row, line) => {
    try {
      const inspectionId = text(row.get(id));
      if (inspectionId === null) throw new RowError('missing inspection id');
      const violCode = upperText(row.get(code));
      if (violCode === null) throw new RowError('missing violation code');
      const record: ViolationRecord = {
        inspection_id: inspectionId,
        dot_number: requiredDotNumber(row.get(dot)),
        insp_date: requiredDate(row.get(inspDate), 'inspection date'),
        viol_code: violCode,
        basic: text(row.get(basic)),
        description: text(row.get(section)),
        unit: upperText(row.get(unit)),
        oos: flag(row.get(oos)),
      };
      return { kind: 'violation', line, record };
    } catch (error) {
      return skipRow(error, line);
    }
  };
}

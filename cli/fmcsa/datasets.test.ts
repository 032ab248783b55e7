import { describe, expect, it } from 'vitest';
import {
  COMPANY_CENSUS_COLUMNS,
  MCMIS_CRASH_COLUMNS,
  MCMIS_INSPECTION_COLUMNS,
  SMS_CENSUS_COLUMNS,
  SMS_CRASH_COLUMNS,
  SMS_INSPECTION_COLUMNS,
} from './columns.ts';
import { detectDataset } from './datasets.ts';

const kind = (names: readonly string[]) => detectDataset(names)?.kind ?? null;

describe('detectDataset', () => {
  it('recognises each CSV header, in any case', () => {
    expect(kind(COMPANY_CENSUS_COLUMNS)).toBe('company_census');
    expect(kind(SMS_CENSUS_COLUMNS)).toBe('sms_census');
    expect(kind(MCMIS_INSPECTION_COLUMNS)).toBe('mcmis_inspection');
    expect(kind(SMS_INSPECTION_COLUMNS)).toBe('sms_inspection');
    expect(kind(MCMIS_CRASH_COLUMNS)).toBe('mcmis_crash');
    expect(kind(SMS_CRASH_COLUMNS)).toBe('sms_crash');
    expect(kind(COMPANY_CENSUS_COLUMNS.map((name) => name.toLowerCase()))).toBe('company_census');
    expect(kind(SMS_INSPECTION_COLUMNS.map((name) => name.toUpperCase()))).toBe('sms_inspection');
  });

  it('recognises the sparse keys of JSON objects', () => {
    expect(kind(['dot_number', 'legal_name', 'power_units', 'carship', 'mcs150_date'])).toBe(
      'company_census',
    );
    expect(kind(['dot_number', 'legal_name', 'hm_flag', 'pc_flag', 'nbr_power_unit', 'telephone'])).toBe(
      'sms_census',
    );
    expect(kind(['dot_number', 'legal_name', 'phy_state'])).toBe('sms_census');
    expect(kind(['inspection_id', 'dot_number', 'insp_date', 'insp_level_id'])).toBe('mcmis_inspection');
    expect(kind(['crash_id', 'dot_number', 'report_date', 'fatalities'])).toBe('mcmis_crash');
    expect(kind(['report_number', 'dot_number', 'report_date', 'severity_weight'])).toBe('sms_crash');
    expect(kind(['dot_number', 'legal_name', ':@computed_region_x', 'crgo_household'])).toBe(
      'company_census',
    );
  });

  it('recognises the SMS violation file by its columns, not as the inspections it shares some with', () => {
    const violations = ['Unique_ID', 'Insp_Date', 'DOT_Number', 'Viol_Code', 'BASIC_Desc', 'OOS_Indicator'];
    expect(kind(violations)).toBe('sms_violation');
  });

  it('recognises nothing in other files', () => {
    expect(kind(['name', 'address', 'phone'])).toBeNull();
    expect(kind(['legal_name', 'power_units'])).toBeNull();
    expect(kind([])).toBeNull();
  });
});

import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  age,
  dataDateLines,
  recordFacts,
  type DataDates,
  type RecordInput,
} from '../../core/record-facts.ts';
import { RecordFacts } from './RecordFacts.tsx';

const TODAY = '2026-11-24';
const record: RecordInput = {
  status_code: 'A',
  carrier_operation: 'A',
  hm_flag: false,
  pc_flag: false,
  add_date: '1987-06-10',
  mcs150_date: '2025-05-28',
};
const NO_DATES: DataDates = {
  census_as_of: null,
  inspections_through: null,
  crashes_through: null,
  violations_through: null,
};
const text = (input: RecordInput, dates = NO_DATES) =>
  renderToStaticMarkup(<RecordFacts record={input} dates={dates} today={TODAY} />)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('the record facts near the profile header', () => {
  it('shows status, operation, flags, registration and the MCS-150 update', () => {
    expect(text(record)).toBe(
      'USDOT status: Active Operation: Interstate Hazmat: No Passenger carrier: No ' +
        'Registered June 10, 1987 (39 years) MCS-150 updated May 28, 2025',
    );
  });

  it('words each operation and an inactive status', () => {
    expect(recordFacts({ ...record, carrier_operation: 'B', status_code: 'I' }, TODAY)).toMatchObject({
      status: 'Inactive',
      operation: 'Intrastate hazmat',
    });
    expect(
      recordFacts({ ...record, carrier_operation: 'C', hm_flag: true, pc_flag: true }, TODAY),
    ).toMatchObject({
      operation: 'Intrastate non-hazmat',
      hazmat: 'Yes',
      passenger: 'Yes',
    });
  });

  it('gives a carrier registered last month its age in months', () => {
    expect(text({ ...record, add_date: '2026-10-20', mcs150_date: '2026-10-20' })).toContain(
      'Registered October 20, 2026 (1 month) MCS-150 updated October 20, 2026',
    );
    expect(age('2026-11-10', TODAY)).toBe('14 days');
    expect(age('2026-11-23', TODAY)).toBe('1 day');
    expect(age(TODAY, TODAY)).toBe('today');
    expect(age('2025-11-24', TODAY)).toBe('1 year');
  });

  it('flags an MCS-150 update older than 24 months as overdue', () => {
    const markup = renderToStaticMarkup(
      <RecordFacts record={{ ...record, mcs150_date: '2023-11-01' }} dates={NO_DATES} today={TODAY} />,
    );
    expect(markup).toContain(
      'MCS-150 updated November 1, 2023 <span class="badge badge--overdue">overdue</span>',
    );
    // Exactly 24 months is not yet older than 24 months; a day more is.
    expect(recordFacts({ ...record, mcs150_date: '2024-11-24' }, TODAY).mcs150Overdue).toBe(false);
    expect(recordFacts({ ...record, mcs150_date: '2024-11-23' }, TODAY).mcs150Overdue).toBe(true);
    expect(text(record)).not.toContain('overdue');
  });

  it('leaves out what the record does not say', () => {
    const empty = {
      status_code: null,
      carrier_operation: null,
      hm_flag: null,
      pc_flag: null,
      add_date: null,
      mcs150_date: null,
    };
    expect(renderToStaticMarkup(<RecordFacts record={empty} dates={NO_DATES} today={TODAY} />)).toBe('');
    expect(text({ ...empty, status_code: 'A' })).toBe('USDOT status: Active');
  });

  it('says how current the data is', () => {
    const dates = {
      census_as_of: '2026-11-02',
      inspections_through: '2026-10-31',
      crashes_through: '2026-09-30',
      violations_through: null,
    };
    expect(text(record, dates)).toContain(
      'FMCSA census as of November 2, 2026 · Inspections and crashes through September 30, 2026',
    );
    expect(dataDateLines({ ...dates, crashes_through: null })).toEqual([
      'FMCSA census as of November 2, 2026',
      'Inspections through October 31, 2026',
    ]);
    expect(dataDateLines(NO_DATES)).toEqual([]);
  });
});

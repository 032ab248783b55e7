import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COMPANY_CENSUS_COLUMNS, MOTUS_CARRIER_COLUMNS } from '../fmcsa/columns.ts';
import { columnProblem, headerForImport, scanCsv, splitCsvLine } from './check-download.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-check-download-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const csv = (text: string) => {
  files += 1;
  const file = path.join(dir, `file-${files}.csv`);
  writeFileSync(file, text);
  return file;
};

describe('a download before import', () => {
  it('reads the header and counts rows, a quoted line end inside a row included', async () => {
    expect(await scanCsv(csv('\uFEFFA,"B, two",C\n1,"x\ny",3\n4,5,6\n'))).toEqual({
      header: ['A', 'B, two', 'C'],
      rows: 2,
      whole: true,
      headerBytes: 16,
    });
    expect(await scanCsv(csv('"a","b"\r\n"1","2"\r\n'))).toMatchObject({
      header: ['a', 'b'],
      rows: 1,
      whole: true,
    });
    expect(await scanCsv(csv('A,B\n'))).toMatchObject({ rows: 0, whole: true });
  });

  it('finds a file cut inside its last row or inside quotes', async () => {
    expect(await scanCsv(csv('A,B\n1,2\n3,'))).toMatchObject({ rows: 2, whole: false });
    expect(await scanCsv(csv('A,B\n1,"two\n'))).toMatchObject({ whole: false });
  });

  it('names the columns a changed dataset lacks, and columns of another dataset', () => {
    expect(columnProblem('motus_carrier', MOTUS_CARRIER_COLUMNS)).toBeNull();
    expect(columnProblem('motus_carrier', [...MOTUS_CARRIER_COLUMNS, ':@computed_region_abcd'])).toBeNull();
    expect(
      columnProblem(
        'motus_carrier',
        MOTUS_CARRIER_COLUMNS.filter((c) => c !== 'LEGAL_NAME'),
      ),
    ).toBe("the portal's columns changed: column LEGAL_NAME missing");
    expect(columnProblem('company_census', COMPANY_CENSUS_COLUMNS.slice(0, 140))).toBe(
      "the portal's columns changed: columns TRPVAN_9_15, TRPLIMO_1_8, TRPLIMO_9_15, TRPLIMO_16, DOCKET1_STATUS_CODE, and 2 more missing",
    );
    expect(columnProblem('sms_census', COMPANY_CENSUS_COLUMNS)).toMatch(
      /^the portal's columns changed: columns /,
    );
  });

  it("gives a SoQL page's field names the column names the importer reads", () => {
    const columns = [
      { fieldName: 'docket_number', name: 'DOCKET_NUMBER' },
      { fieldName: 'usdot_number', name: 'USDOT_NUMBER' },
      { fieldName: 'notes', name: 'Notes' },
    ];
    expect(headerForImport('motus_carrier', ['docket_number', 'usdot_number', 'notes'], columns)).toEqual([
      'DOCKET_NUMBER',
      'USDOT_NUMBER',
      'notes',
    ]);
    expect(splitCsvLine('"a ""quoted"" word",,b')).toEqual(['a "quoted" word', '', 'b']);
  });
});

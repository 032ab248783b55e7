import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateRawSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarrierRecord } from '../../server/domains/carrier-data/records.ts';
import { COMPANY_CENSUS_COLUMNS } from './columns.ts';
import { openFmcsaFile, UnreadableFileError, type OpenedFile, type ParsedRow } from './open-file.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../tests/fixtures/fmcsa');
const fixture = (name: string) => path.join(FIXTURES, name);

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'fmcsa-open-file-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function tmpFile(name: string, content: string | Buffer): string {
  const file = path.join(tmp, name);
  writeFileSync(file, content);
  return file;
}

/** A carrier row's source hash is left out here: the tests of passing over records check it. */
type ReadRow =
  Exclude<ParsedRow, { kind: 'carrier' }> | { kind: 'carrier'; line: number; record: CarrierRecord };

async function readAll(file: string): Promise<{ opened: OpenedFile; rows: ReadRow[] }> {
  const opened = await openFmcsaFile(file);
  const rows: ReadRow[] = [];
  for await (const row of opened.rows) {
    rows.push(row.kind === 'carrier' ? { kind: row.kind, line: row.line, record: row.record } : row);
  }
  return { opened, rows };
}

async function unreadable(file: string): Promise<string> {
  const error = await readAll(file).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(UnreadableFileError);
  return (error as Error).message;
}

/** A zip archive of the given entries, stored or deflated: enough for yauzl to read. */
function zipArchive(entries: { name: string; data: Buffer; deflate?: boolean }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const body = entry.deflate ? deflateRawSync(entry.data) : entry.data;
    const method = entry.deflate ? 8 : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc32(entry.data), 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc32(entry.data), 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A Company Census record with every field the format carries empty. */
function emptyCarrier(dot: number): CarrierRecord {
  return {
    dot_number: dot,
    legal_name: undefined,
    dba_name: null,
    mc_number: null,
    email: null,
    phone: null,
    cell_phone: null,
    fax: null,
    phy_street: null,
    phy_city: null,
    phy_state: null,
    phy_zip: null,
    phy_country: null,
    phy_cnty: null,
    mail_street: null,
    mail_city: null,
    mail_state: null,
    mail_zip: null,
    mail_country: null,
    power_units: null,
    truck_units: null,
    total_drivers: null,
    total_cdl: null,
    mcs150_mileage: null,
    mcs150_mileage_year: null,
    business_org_desc: null,
    carrier_operation: null,
    status_code: null,
    safety_rating: null,
    safety_rating_date: null,
    company_officer_1: null,
    company_officer_2: null,
    carship: null,
    cargo_codes: [],
    cargo_other_desc: null,
    mcs150_date: null,
    add_date: null,
    hm_flag: null,
    pc_flag: false,
    prior_revoke_flag: null,
    prior_revoke_dot_number: null,
    phy_undeliverable: null,
    mail_undeliverable_on: null,
    census_fields_version: 2,
  };
}

/** The real Company Census row of USDOT 295017 (samples/company_census_az4n-8mr2.one-row.json) as stored. */
const UNITED_MOVING: CarrierRecord = {
  dot_number: 295017,
  legal_name: 'UNITED MOVING AND STORAGE INC',
  dba_name: null,
  mc_number: '139446',
  email: 'cloidhamer@united-moving.com',
  phone: '13604794800',
  cell_phone: null,
  fax: '3603732751',
  phy_street: '1770 NE FUSON RD',
  phy_city: 'BREMERTON',
  phy_state: 'WA',
  phy_zip: '98311-3729',
  phy_country: 'US',
  phy_cnty: '035',
  mail_street: '1770 NE FUSON RD',
  mail_city: 'BREMERTON',
  mail_state: 'WA',
  mail_zip: '98311',
  mail_country: 'US',
  power_units: 18,
  truck_units: 18,
  total_drivers: 24,
  total_cdl: 7,
  mcs150_mileage: 10000,
  mcs150_mileage_year: 2019,
  business_org_desc: 'CORPORATION',
  carrier_operation: 'A',
  status_code: 'A',
  safety_rating: null,
  safety_rating_date: null,
  company_officer_1: 'SHAUNA WASHBURN',
  company_officer_2: 'CRAIG LOIDHAMER',
  carship: 'C;S',
  cargo_codes: ['HOUSEHOLD'],
  cargo_other_desc: null,
  mcs150_date: '2025-05-28',
  add_date: '1987-06-10',
  hm_flag: false,
  pc_flag: false,
  prior_revoke_flag: null,
  prior_revoke_dot_number: null,
  phy_undeliverable: null,
  mail_undeliverable_on: null,
  census_fields_version: 2,
};

describe('openFmcsaFile: Company Census', () => {
  it('reads the real sample row of the JSON API', async () => {
    const { opened, rows } = await readAll(fixture('company-census-sample.json'));
    expect(opened.dataset).toBe('company_census');
    expect(opened.label).toBe('Company Census File (az4n-8mr2)');
    expect(rows).toStrictEqual([{ kind: 'carrier', line: 2, record: UNITED_MOVING }]);
  });

  it('reads the CSV export with its quirks, and skips bad rows with their line', async () => {
    const { opened, rows } = await readAll(fixture('company-census.csv'));
    expect(opened.dataset).toBe('company_census');
    expect(rows).toEqual([
      { kind: 'carrier', line: 2, record: UNITED_MOVING },
      {
        kind: 'carrier',
        line: 3,
        record: {
          ...UNITED_MOVING,
          dot_number: 12345,
          legal_name: 'ACME TRUCKING, LLC',
          dba_name: 'THE "FAST" LANE',
          mc_number: '424836',
          email: 'Dispatch@Acme.example',
          phone: '5125550100',
          phy_state: 'TX',
          phy_zip: '75001',
          phy_cnty: '007',
          power_units: null,
          total_drivers: null,
          carship: 'C;S',
          cargo_codes: ['GENFREIGHT', 'CHEM', 'CARGOOTHR'],
          cargo_other_desc: 'STEEL PIPE',
          mcs150_date: '2024-10-16',
        },
      },
      {
        kind: 'carrier',
        line: 4,
        record: {
          ...UNITED_MOVING,
          dot_number: 777,
          legal_name: 'TWO LINE CARGO INC',
          cargo_codes: ['HOUSEHOLD', 'CARGOOTHR'],
          cargo_other_desc: 'STEEL\nPIPE',
        },
      },
      { kind: 'skip', line: 6, reason: 'missing DOT number' },
      { kind: 'skip', line: 7, reason: 'non-numeric DOT number' },
      { kind: 'skip', line: 8, reason: 'negative DOT number' },
      { kind: 'skip', line: 9, reason: '100 fields, the header has 147' },
      { kind: 'skip', line: 10, reason: 'impossible date 20241340' },
      // A code outside FMCSA's jurisdictions keeps its row, as published.
      { kind: 'carrier', line: 11, record: { ...UNITED_MOVING, dot_number: 1001, phy_state: 'XX' } },
      {
        kind: 'carrier',
        line: 12,
        record: {
          ...emptyCarrier(1002),
          legal_name: 'MAPLE HAULING LTD',
          phy_state: 'ON',
          phy_country: 'CA',
          phy_zip: 'K1A 0B6',
          status_code: 'I',
          carrier_operation: 'A',
          add_date: '2000-02-29',
        },
      },
      {
        kind: 'carrier',
        line: 14,
        record: {
          ...emptyCarrier(1003),
          legal_name: 'TRANSPORTES DEL NORTE SA DE CV',
          phy_state: 'NL',
          phy_country: 'MX',
          add_date: '2010-01-01',
        },
      },
    ]);
  });

  it('reads sparse JSON objects: absent and null columns are null, nested values ignored', async () => {
    const { opened, rows } = await readAll(fixture('company-census.json'));
    expect(opened.dataset).toBe('company_census');
    expect(rows).toStrictEqual([
      {
        kind: 'carrier',
        line: 2,
        record: {
          ...emptyCarrier(4321),
          legal_name: 'ACME "FAST" FREIGHT \u00c9TOILE',
          mc_number: '424836',
          phy_state: 'TX',
          phy_zip: '750019999',
          phy_cnty: '113',
          power_units: 3,
          carrier_operation: 'A',
          status_code: 'A',
          cargo_codes: ['GENFREIGHT', 'USMAIL'],
          mcs150_date: '2024-01-02',
          hm_flag: true,
        },
      },
      { kind: 'skip', line: 21, reason: 'impossible date 20241301' },
      { kind: 'skip', line: 22, reason: 'missing DOT number' },
    ]);
  });

  it('recognises JSON from the keys of its first objects together', async () => {
    const file = tmpFile(
      'sparse-first.json',
      '[{"dot_number":"1","legal_name":"A"},' +
        '{"dot_number":"2","legal_name":"B","carship":"C","power_units":"3"}]',
    );
    const { opened, rows } = await readAll(file);
    expect(opened.dataset).toBe('company_census');
    expect(rows[0]).toStrictEqual({
      kind: 'carrier',
      line: 1,
      record: { ...emptyCarrier(1), legal_name: 'A' },
    });
  });

  it('leaves out the fields of columns a CSV export does not have', async () => {
    const file = tmpFile(
      'census-some-columns.csv',
      'DOT_NUMBER,LEGAL_NAME,PHY_STATE,POWER_UNITS\n295017,UNITED MOVING,wa,18\n',
    );
    const { opened, rows } = await readAll(file);
    expect(opened.dataset).toBe('company_census');
    const record = rows[0]?.kind === 'carrier' ? rows[0].record : null;
    expect(record).toEqual({
      dot_number: 295017,
      legal_name: 'UNITED MOVING',
      phy_state: 'WA',
      power_units: 18,
    });
    expect(record?.phy_zip).toBeUndefined();
    expect(record?.mc_number).toBeUndefined();
    expect(record?.cargo_codes).toBeUndefined();
  });
});

describe('openFmcsaFile: SMS census', () => {
  it('maps its column names and leaves out the fields it does not carry', async () => {
    const { opened, rows } = await readAll(fixture('sms-census.csv'));
    expect(opened.dataset).toBe('sms_census');
    expect(opened.label).toBe('SMS Input - Motor Carrier Census (kjg3-diqy)');
    const empty = {
      legal_name: undefined,
      dba_name: null,
      email: null,
      phone: null,
      fax: null,
      phy_street: null,
      phy_city: null,
      phy_state: null,
      phy_zip: null,
      phy_country: null,
      mail_street: null,
      mail_city: null,
      mail_state: null,
      mail_zip: null,
      mail_country: null,
      power_units: null,
      total_drivers: null,
      mcs150_mileage: null,
      mcs150_mileage_year: null,
      carrier_operation: null,
      mcs150_date: null,
      add_date: null,
      hm_flag: null,
      pc_flag: null,
    };
    expect(rows).toStrictEqual([
      {
        kind: 'carrier',
        line: 2,
        record: {
          dot_number: 295017,
          legal_name: 'UNITED MOVING AND STORAGE INC',
          dba_name: null,
          email: 'cloidhamer@united-moving.com',
          phone: '(360) 479-4800',
          fax: null,
          phy_street: '1770 NE FUSON RD',
          phy_city: 'BREMERTON',
          phy_state: 'WA',
          phy_zip: '98311-3729',
          phy_country: 'US',
          mail_street: null,
          mail_city: null,
          mail_state: null,
          mail_zip: null,
          mail_country: null,
          power_units: 18,
          total_drivers: 24,
          mcs150_mileage: 10000,
          mcs150_mileage_year: 2019,
          carrier_operation: 'A',
          mcs150_date: '2025-05-28',
          add_date: '1987-06-10',
          hm_flag: false,
          pc_flag: false,
        },
      },
      {
        kind: 'carrier',
        line: 3,
        record: {
          ...empty,
          dot_number: 1234,
          legal_name: 'PADDED DOT LLC',
          phy_state: 'CA',
          mcs150_date: '1970-01-01',
          add_date: '2000-03-15',
          hm_flag: true,
          pc_flag: false,
        },
      },
      { kind: 'skip', line: 4, reason: 'impossible date 31-FEB-24' },
      {
        kind: 'carrier',
        line: 5,
        record: {
          ...empty,
          dot_number: 1236,
          legal_name: 'LEAP DAY LLC',
          mcs150_date: '2024-02-29',
          add_date: '2069-12-31',
        },
      },
    ]);
    for (const row of rows) if (row.kind === 'carrier') expect(row.record).not.toHaveProperty('mc_number');
  });
});

describe('openFmcsaFile: passing over census records the store holds', () => {
  /** Every row of `file`, told that the store holds the records `held` maps (DOT number to source hash). */
  async function readPassingOver(file: string, held: ReadonlyMap<number, number>): Promise<ParsedRow[]> {
    const opened = await openFmcsaFile(file);
    opened.passOverUnchanged((dot, hash) => held.get(dot) === hash);
    const rows: ParsedRow[] = [];
    for await (const row of opened.rows) rows.push(row);
    return rows;
  }
  const hashesOf = (rows: ParsedRow[]) =>
    new Map(rows.flatMap((row) => (row.kind === 'carrier' ? [[row.record.dot_number, row.sourceHash]] : [])));

  it.each(['company-census.csv', 'company-census.json', 'sms-census.csv'])(
    'passes over the records of %s whose hash the store holds, unmapped, with their state',
    async (name) => {
      const first = await readPassingOver(fixture(name), new Map());
      const carriers = first.filter((row) => row.kind === 'carrier');
      expect(carriers.length).toBeGreaterThan(0);
      const again = await readPassingOver(fixture(name), hashesOf(first));
      expect(again).toEqual(
        first.map((row) =>
          row.kind === 'carrier'
            ? { kind: 'unchanged', line: row.line, phy_state: row.record.phy_state }
            : row,
        ),
      );
    },
  );

  it('maps a record whose text differs in one character, though its values do not', async () => {
    const original = readFileSync(fixture('company-census.csv'), 'utf8');
    const held = hashesOf(await readPassingOver(fixture('company-census.csv'), new Map()));
    // The first record, spelled with a trailing space in its city: the same values, another text.
    const respelled = tmpFile('respelled.csv', original.replace(',BREMERTON,US,WA,', ',BREMERTON ,US,WA,'));
    const rows = await readPassingOver(respelled, held);
    expect(rows.filter((row) => row.kind === 'carrier').map((row) => row.line)).toEqual([2]);
    const [first] = rows;
    expect(first).toEqual({
      kind: 'carrier',
      line: 2,
      record: UNITED_MOVING,
      sourceHash: expect.any(Number),
    });
    expect(first?.kind === 'carrier' && first.sourceHash).not.toBe(held.get(295017));
    expect(rows.filter((row) => row.kind === 'unchanged').length).toBe(held.size - 1);
  });

  it('maps every record of the same census read with its columns in another order', async () => {
    const [header = '', ...lines] = readFileSync(fixture('sms-census.csv'), 'utf8').trimEnd().split('\n');
    const held = hashesOf(await readPassingOver(fixture('sms-census.csv'), new Map()));
    const swap = (line: string) => {
      const fields = line.split(',');
      return [fields[1], fields[0], ...fields.slice(2)].join(',');
    };
    const swapped = tmpFile('swapped.csv', [header, ...lines].map(swap).join('\n') + '\n');
    const rows = await readPassingOver(swapped, held);
    expect(rows.filter((row) => row.kind === 'unchanged')).toEqual([]);
    expect(hashesOf(rows).size).toBe(held.size);
  });
});

describe('openFmcsaFile: inspections', () => {
  const inspection = {
    report_state: null,
    report_number: null,
    viol_total: 0,
    oos_total: 0,
    driver_oos_total: 0,
    vehicle_oos_total: 0,
    hazmat_oos_total: 0,
  };

  it('reads the MCMIS inspection file', async () => {
    const { opened, rows } = await readAll(fixture('mcmis-inspection.csv'));
    expect(opened.dataset).toBe('mcmis_inspection');
    expect(opened.label).toBe('Vehicle Inspection File, MCMIS (fx4q-ay7w)');
    expect(rows).toEqual([
      {
        kind: 'inspection',
        line: 2,
        record: {
          inspection_id: '123456789',
          dot_number: 295017,
          insp_date: '2024-01-30',
          report_state: 'WA',
          report_number: 'WA1234000123',
          insp_level_id: 1,
          viol_total: 3,
          oos_total: 1,
          driver_oos_total: 0,
          vehicle_oos_total: 1,
          hazmat_oos_total: 0,
        },
      },
      {
        kind: 'inspection',
        line: 3,
        record: {
          ...inspection,
          inspection_id: '123456790',
          dot_number: 295017,
          insp_date: '2024-10-16',
          report_state: 'ON',
          report_number: 'ON77',
          insp_level_id: 3,
        },
      },
      { kind: 'skip', line: 4, reason: 'missing inspection id' },
      // A level the rates do not count is kept as published.
      {
        kind: 'inspection',
        line: 5,
        record: {
          ...inspection,
          inspection_id: '123456791',
          dot_number: 295017,
          insp_date: '2024-01-30',
          insp_level_id: 7,
        },
      },
      { kind: 'skip', line: 6, reason: 'missing inspection date' },
      {
        kind: 'inspection',
        line: 7,
        record: {
          ...inspection,
          inspection_id: '123456793',
          dot_number: 295017,
          insp_date: '2024-02-29',
          // An unrecognised code is kept as published.
          report_state: 'ZZ',
          insp_level_id: 6,
          driver_oos_total: 2,
        },
      },
      { kind: 'skip', line: 8, reason: 'missing DOT number' },
    ]);
  });

  it('reads the SMS inspection file (Mixed_Case header, BASIC_Viol as the violation count)', async () => {
    const { opened, rows } = await readAll(fixture('sms-inspection.csv'));
    expect(opened.dataset).toBe('sms_inspection');
    expect(rows).toEqual([
      {
        kind: 'inspection',
        line: 2,
        record: {
          inspection_id: '987654321',
          dot_number: 295017,
          insp_date: '2024-01-30',
          report_state: 'TX',
          report_number: 'TX0001',
          insp_level_id: 3,
          viol_total: 2,
          oos_total: 1,
          driver_oos_total: 1,
          vehicle_oos_total: 0,
          hazmat_oos_total: 0,
          vin: '1HGBH41JXMN109186',
          vin2: null,
        },
      },
      {
        kind: 'inspection',
        line: 3,
        record: {
          ...inspection,
          inspection_id: '987654322',
          dot_number: 295017,
          insp_date: '1999-02-05',
          report_state: 'TX',
          report_number: 'TX0002',
          insp_level_id: 2,
          vin: null,
          vin2: null,
        },
      },
      { kind: 'skip', line: 4, reason: 'inspection level 0 is not a number from 1 to 99' },
    ]);
  });

  it('reads the SMS violation file: one violation, joined to its inspection by unique id', async () => {
    const { opened, rows } = await readAll(fixture('sms-violation.csv'));
    expect(opened.dataset).toBe('sms_violation');
    expect(rows).toEqual([
      {
        kind: 'violation',
        line: 2,
        record: {
          inspection_id: '987654321',
          dot_number: 295017,
          insp_date: '2024-01-30',
          viol_code: '3922SLLS2',
          basic: 'Unsafe Driving',
          description: null,
          unit: null,
          oos: false,
        },
      },
    ]);
  });

  it('reads the SMS inspection file as JSON Lines', async () => {
    const { opened, rows } = await readAll(fixture('sms-inspection.jsonl'));
    expect(opened.dataset).toBe('sms_inspection');
    expect(rows.map((row) => (row.kind === 'skip' ? row : { line: row.line, kind: row.kind }))).toEqual([
      { kind: 'inspection', line: 1 },
      { kind: 'skip', line: 2, reason: 'impossible date 31-JUN-24' },
      { kind: 'inspection', line: 4 },
    ]);
  });
});

describe('openFmcsaFile: crashes', () => {
  it('reads the MCMIS crash file, one record per vehicle row', async () => {
    const { opened, rows } = await readAll(fixture('mcmis-crash.csv'));
    expect(opened.dataset).toBe('mcmis_crash');
    expect(opened.label).toBe('Crash File (aayw-vxb3)');
    const crash = {
      crash_id: '555001',
      report_date: '2024-03-15',
      report_state: 'WA',
      fatalities: 0,
      injuries: 2,
    };
    expect(rows).toEqual([
      { kind: 'crash', line: 2, record: { ...crash, dot_number: 295017, tow_away: true } },
      { kind: 'crash', line: 3, record: { ...crash, dot_number: 12345, tow_away: false } },
      { kind: 'skip', line: 4, reason: 'missing crash id' },
      { kind: 'skip', line: 5, reason: 'missing report date' },
    ]);
  });

  it('reads the SMS crash file with the report state and number as the crash id', async () => {
    const { opened, rows } = await readAll(fixture('sms-crash.csv'));
    expect(opened.dataset).toBe('sms_crash');
    const crash = {
      crash_id: 'TX:TX20240001',
      dot_number: 295017,
      report_date: '2024-03-15',
      report_state: 'TX',
      fatalities: 1,
      injuries: 0,
      tow_away: true,
    };
    expect(rows).toEqual([
      { kind: 'crash', line: 2, record: crash },
      { kind: 'crash', line: 3, record: crash },
      {
        kind: 'crash',
        line: 4,
        record: {
          crash_id: 'OK:OK555',
          dot_number: 295017,
          report_date: '2023-12-01',
          report_state: 'OK',
          fatalities: 0,
          injuries: 3,
          tow_away: false,
        },
      },
      { kind: 'skip', line: 5, reason: 'missing crash id' },
    ]);
  });
});

describe('openFmcsaFile: compressed files', () => {
  const csv = readFileSync(fixture('company-census.csv'));

  it('reads .csv.gz and .json.gz, counting compressed bytes', async () => {
    const expected = (await readAll(fixture('company-census.csv'))).rows;
    const gz = tmpFile('census.csv.gz', gzipSync(csv));
    const { opened, rows } = await readAll(gz);
    expect(rows).toEqual(expected);
    expect(opened.totalBytes).toBe(gzipSync(csv).length);
    expect(opened.bytesRead()).toBe(opened.totalBytes);

    const json = tmpFile('sample.json.gz', gzipSync(readFileSync(fixture('company-census-sample.json'))));
    expect((await readAll(json)).rows).toEqual([{ kind: 'carrier', line: 2, record: UNITED_MOVING }]);
  });

  it('reads the first CSV or JSON entry of a zip archive, deflated or stored', async () => {
    const expected = (await readAll(fixture('company-census.csv'))).rows;
    const archive = zipArchive([
      { name: 'README.txt', data: Buffer.from('FMCSA census\n') },
      { name: '__MACOSX/._census.csv', data: Buffer.from([0, 5, 22, 7]) },
      { name: 'data/census.csv', data: csv, deflate: true },
      { name: 'other.csv', data: Buffer.from('not,this\n') },
    ]);
    const zip = tmpFile('census.zip', archive);
    const { opened, rows } = await readAll(zip);
    expect(opened.dataset).toBe('company_census');
    expect(rows).toEqual(expected);
    expect(opened.totalBytes).toBe(archive.length);
    expect(opened.bytesRead()).toBe(archive.length);

    const stored = tmpFile(
      'stored.zip',
      zipArchive([{ name: 'sample.JSON', data: readFileSync(fixture('company-census-sample.json')) }]),
    );
    expect((await readAll(stored)).rows).toEqual([{ kind: 'carrier', line: 2, record: UNITED_MOVING }]);
  });
});

describe('openFmcsaFile: streaming', () => {
  /** Non-ASCII names in the second megabyte only: chunks before and after it are plain ASCII. */
  const accented = (i: number) => i % 7 === 0 && i > 5000 && i < 6000;

  /** A census CSV of several megabytes: quoted multi-line fields land on chunk edges. */
  function bigCensus(rows: number): { text: string; lines: number[] } {
    const header = COMPANY_CENSUS_COLUMNS.join(',');
    const dot = COMPANY_CENSUS_COLUMNS.indexOf('DOT_NUMBER');
    const name = COMPANY_CENSUS_COLUMNS.indexOf('LEGAL_NAME');
    const desc = COMPANY_CENSUS_COLUMNS.indexOf('CRGO_CARGOOTHR_DESC');
    const parts = [header];
    const lines: number[] = [];
    let line = 2;
    for (let i = 1; i <= rows; i += 1) {
      const fields: string[] = COMPANY_CENSUS_COLUMNS.map(() => '');
      fields[dot] = String(i);
      fields[name] = accented(i) ? `"CAMIONES \u00c9XITO ${i}, SA"` : `CARRIER ${i}`;
      fields[desc] = i % 13 === 0 ? '"MULTI\nLINE\nCARGO"' : 'PLAIN CARGO DESCRIPTION TEXT';
      if (i === 4321) fields[dot] = 'BAD';
      lines.push(line);
      line += i % 13 === 0 ? 3 : 1;
      parts.push(fields.join(','));
    }
    return { text: `${parts.join('\r\n')}\r\n`, lines };
  }

  it('reads a file of many chunks with the right rows and physical lines', async () => {
    const { text, lines } = bigCensus(12_000);
    const file = tmpFile('big.csv', text);
    const { opened, rows } = await readAll(file);
    expect(opened.bytesRead()).toBe(Buffer.byteLength(text));
    expect(rows).toHaveLength(12_000);
    expect(rows.map((row) => row.line)).toEqual(lines);
    rows.forEach((row, index) => {
      const i = index + 1;
      if (i === 4321) {
        expect(row).toEqual({ kind: 'skip', line: lines[index], reason: 'non-numeric DOT number' });
        return;
      }
      if (row.kind !== 'carrier') throw new Error(`row ${i}: ${JSON.stringify(row)}`);
      expect(row.record.dot_number).toBe(i);
      expect(row.record.legal_name).toBe(accented(i) ? `CAMIONES \u00c9XITO ${i}, SA` : `CARRIER ${i}`);
      expect(row.record.cargo_other_desc).toBe(
        i % 13 === 0 ? 'MULTI\nLINE\nCARGO' : 'PLAIN CARGO DESCRIPTION TEXT',
      );
    });
  });

  it('stops reading when the loop is left early', async () => {
    const opened = await openFmcsaFile(fixture('company-census.csv'));
    for await (const row of opened.rows) {
      expect(row.line).toBe(2);
      break;
    }
    const rest: ParsedRow[] = [];
    for await (const row of opened.rows) rest.push(row);
    expect(rest).toEqual([]);
  });
});

describe('openFmcsaFile: unreadable files', () => {
  it('names the file when it is missing, empty or a directory', async () => {
    const missing = path.join(tmp, 'missing.csv');
    expect(await unreadable(missing)).toBe(`${missing}: no such file`);
    const empty = tmpFile('empty.csv', '');
    expect(await unreadable(empty)).toBe(`${empty}: the file is empty`);
    expect(await unreadable(tmpFile('blank.csv', ' \r\n\n '))).toMatch(/the file is empty$/);
    const directory = path.join(tmp, 'folder.csv');
    mkdirSync(directory);
    expect(await unreadable(directory)).toMatch(/folder\.csv: not a file$/);
  });

  it('rejects files that are not CSV or JSON, or not a known dataset', async () => {
    expect(await unreadable(tmpFile('binary.csv', Buffer.from([0x50, 0x4b, 3, 4, 0, 0, 9, 10])))).toMatch(
      /not a CSV or JSON file$/,
    );
    const people = tmpFile('people.csv', 'Unique_ID,Name,City\n1,A,B\n');
    expect(await unreadable(people)).toMatch(/people\.csv: the columns match no known FMCSA dataset/);
    expect(await unreadable(tmpFile('people.json', '[{"name":"A","city":"B"}]'))).toMatch(/no known FMCSA/);
    expect(await unreadable(tmpFile('none.json', '[]'))).toMatch(/none\.json: the file holds no rows$/);
  });

  it('rejects data that would have to be held whole: a line or an object of megabytes', async () => {
    const noLines = tmpFile('no-lines.csv', 'A'.repeat(3 << 20));
    expect(await unreadable(noLines)).toBe(`${noLines}: not a CSV file (no line break in a megabyte)`);
    const longRow = tmpFile(
      'long-row.csv',
      `DOT_NUMBER,LEGAL_NAME,POWER_UNITS\n1,A,2\n3,${'B'.repeat(3 << 20)}`,
    );
    expect(await unreadable(longRow)).toMatch(/long-row\.csv: not a CSV file/);
    const rows = Array.from(
      { length: 30_000 },
      (_, i) => `{"dot_number":"${i + 1}","legal_name":"CARRIER ${i}"}`,
    );
    const wrapped = tmpFile('wrapped.json', `{"data": [\n${rows.join(',\n')}\n]}`);
    expect(await unreadable(wrapped)).toBe(
      `${wrapped}: not valid JSON: an object of more than a megabyte at line 1`,
    );
  });

  it('rejects broken JSON, at the start or further on', async () => {
    expect(await unreadable(tmpFile('broken.json', '[{"dot_number": "1",}]'))).toMatch(
      /broken\.json: not valid JSON: expected a key at line 1$/,
    );
    const objects = Array.from({ length: 60 }, (_, i) => `{"dot_number":"${i + 1}","legal_name":"C${i}"}`);
    const late = tmpFile('late.json', `[\n${objects.join(',\n')},\n{"dot_number" "61"}]`);
    expect(await unreadable(late)).toMatch(/late\.json: not valid JSON: expected : at line 62$/);
  });

  it('rejects broken compressed files', async () => {
    expect(await unreadable(tmpFile('fake.csv.gz', 'DOT_NUMBER,LEGAL_NAME\n1,A\n'))).toMatch(
      /fake\.csv\.gz: not a valid compressed file/,
    );
    const truncated = gzipSync(readFileSync(fixture('company-census.csv'))).subarray(0, 200);
    expect(await unreadable(tmpFile('truncated.csv.gz', truncated))).toMatch(/truncated\.csv\.gz: /);
    expect(await unreadable(tmpFile('fake.zip', 'not a zip'))).toMatch(
      /fake\.zip: not a readable zip archive/,
    );
    const noData = tmpFile('readme.zip', zipArchive([{ name: 'README.txt', data: Buffer.from('hello') }]));
    expect(await unreadable(noData)).toBe(`${noData}: the zip archive holds no .csv or .json file`);
  });
});

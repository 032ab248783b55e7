/**
 * The record as FMCSA publishes it, imported through the real reader and read back through the APIs
 * (issue 16): every jurisdiction kept, addresses and ZIP+4 as published, honest out-of-service rates.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { testDialect } from '../../tests/support/test-database.ts';
import { describeReport, importFiles, type FileReport } from './import-files.ts';

const TODAY = new Date('2026-11-22T12:00:00Z');

const INSPECTION_HEADER =
  'INSPECTION_ID,DOT_NUMBER,REPORT_STATE,INSP_DATE,INSP_LEVEL_ID,VIOL_TOTAL,OOS_TOTAL,DRIVER_OOS_TOTAL,VEHICLE_OOS_TOTAL,HAZMAT_OOS_TOTAL';
/** No inspection for 3100001 (Dallas), 3 for 3100002 (Reynosa), 50 for 3100003 (Toronto). */
const INSPECTION_ROWS = [
  '9000001,3100002,TX,20260301,1,2,1,1,0,0',
  '9000002,3100002,TX,20260415,2,0,0,0,0,0',
  '9000003,3100002,TA,20260502,3,0,0,0,0,0',
  ...Array.from({ length: 50 }, (_, index) => {
    const driverOos = index < 2 ? 1 : 0;
    const vehicleOos = index >= 10 && index < 15 ? 1 : 0;
    const oos = driverOos + vehicleOos;
    return `${9100000 + index},3100003,ON,2026${String((index % 9) + 1).padStart(2, '0')}10,1,${oos},${oos},${driverOos},${vehicleOos},0`;
  }),
];

const CENSUS_HEADER =
  'DOT_NUMBER,LEGAL_NAME,PHY_STREET,PHY_CITY,PHY_STATE,PHY_ZIP,PHY_COUNTRY,STATUS_CODE,CARRIER_OPERATION,CARSHIP,' +
  'ADD_DATE,MCS150_DATE,HM_Ind,CRGO_PASSENGERS';
const CENSUS_ROWS = [
  '3100001,LONE STAR FREIGHT LLC,100 MAIN ST,DALLAS,TX,75201,US,A,A,C,20261020,20261020,N,',
  '3100002,TRANSPORTES DEL GOLFO SA DE CV,AV HIDALGO 120,REYNOSA,TA,88500,MX,A,A,C,20100105,20231101,Y,',
  '3100003,MAPLE LEAF CARTAGE LTD,55 KING ST W,TORONTO,ON,M5H 1J9,CA,I,A,C,19990301,20250115,N,X',
  '3100004,FAR AWAY HAULING,1 HARBOUR RD,SAINT GEORGE,ZZ,,,A,C,C,,,,',
  '3100005,BAY AREA TRUCKING INC,2400 W BAY DR,LARGO,FL,34604-1486,US,A,B,C,20050607,20250101,Y,',
];

describe(`importing the record as published into ${testDialect}`, () => {
  let app: TestApp;
  let census: FileReport;
  let inspectionsReport: FileReport;
  let crashesReport: FileReport;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-published-'));

  const get = async (url: string) => {
    const response = await app.fastify.inject({ url });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const stored = (dot: number) =>
    app.database.db
      .selectFrom('companies')
      .selectAll()
      .where('dot_number', '=', dot)
      .executeTakeFirstOrThrow();
  const supersearch = async (query: string) =>
    (await get(`/api/v1/companies/supersearch?${query}`)).data.map(
      (company: { dot_number: number }) => company.dot_number,
    );

  beforeAll(async () => {
    app = await createTestApp({}, { clock: () => TODAY });
    // Each file's date: from its name (census, inspections) or the --as-of option (crashes).
    const file = path.join(dir, 'Company_Census_File_20261102.csv');
    writeFileSync(file, [CENSUS_HEADER, ...CENSUS_ROWS].join('\n') + '\n');
    const inspections = path.join(dir, 'SMS_Input_-_Inspection_2026-10-31.csv');
    writeFileSync(inspections, [INSPECTION_HEADER, ...INSPECTION_ROWS].join('\n') + '\n');
    [census, inspectionsReport] = (await importFiles(app.database.db, testDialect, [file, inspections], {
      showProgress: false,
    })) as [FileReport, FileReport];
    const crashes = path.join(dir, 'crashes.csv');
    writeFileSync(
      crashes,
      'CRASH_ID,DOT_NUMBER,REPORT_STATE,REPORT_DATE,FATALITIES,INJURIES,TOW_AWAY\n' +
        '7000001,3100002,TX,20260701,0,1,Y\n',
    );
    [crashesReport] = (await importFiles(app.database.db, testDialect, [crashes], {
      showProgress: false,
      asOf: '2026-09-30',
    })) as [FileReport];
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  describe('every jurisdiction', () => {
    it('keeps Mexican, Canadian and unrecognised codes, and reports the unrecognised one', () => {
      expect(census).toMatchObject({ imported: 5, skipped: 0, unrecognisedJurisdictions: 1 });
      expect(describeReport(census)).toContain(
        'unrecognised jurisdiction: 1 row kept with the code as published (line 5: ZZ)',
      );
    });

    it('stores each code as published', async () => {
      expect(await stored(3100002)).toMatchObject({
        phy_state: 'TA',
        phy_country: 'MX',
        phy_city: 'REYNOSA',
      });
      expect(await stored(3100003)).toMatchObject({ phy_state: 'ON', phy_country: 'CA', phy_zip: 'M5H 1J9' });
      expect(await stored(3100004)).toMatchObject({ phy_state: 'ZZ', phy_zip: null });
    });

    it('finds Mexican and Canadian carriers by search term, state filter and city', async () => {
      expect(await supersearch('super_search_term=reynosa')).toEqual([3100002]);
      expect(await supersearch('super_search_term=toronto')).toEqual([3100003]);
      expect(await supersearch('address_state=TA')).toEqual([3100002]);
      expect(await supersearch('address_state=on')).toEqual([3100003]);
      // The city pages' query.
      expect(await supersearch('address_city=Reynosa&address_state=TA')).toEqual([3100002]);
      expect(await supersearch('address_city=Toronto&address_state=ON')).toEqual([3100003]);
    });

    it('lists city pages for Mexican and Canadian cities, none for an unrecognised code', async () => {
      const cities = await app.fastify.inject({ url: '/sitemaps/cities-1.xml' });
      const paths = [...cities.body.matchAll(/<loc>[^<]*(\/trucking-companies\/[^<]+)<\/loc>/g)].map(
        (match) => match[1],
      );
      expect(paths.sort()).toEqual([
        '/trucking-companies/dallas-tx',
        '/trucking-companies/largo-fl',
        '/trucking-companies/reynosa-ta',
        '/trucking-companies/toronto-on',
      ]);
    });

    it('refuses an unrecognised code in the state filter', async () => {
      const response = await app.fastify.inject({ url: '/api/v1/companies/supersearch?address_state=ZZ' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'address_state: unknown state code', code: 'invalid' });
    });
  });

  describe('addresses and ZIP codes as published', () => {
    it('stores and serves a ZIP+4 whole, geocoded by its five-digit prefix', async () => {
      const company = await stored(3100005);
      expect(company).toMatchObject({
        phy_street: '2400 W BAY DR',
        phy_city: 'LARGO',
        phy_zip: '34604-1486',
      });
      expect(company.latitude).toBeCloseTo(28.4, 0);
      const [record] = (await get('/carrier-data/api/v1/search?dotNumber=3100005')).data;
      expect(record).toMatchObject({ phy_street: '2400 W BAY DR', phy_zip: '34604-1486' });
      const profile = await get('/api/v1/companies/profile/3100005');
      expect(profile.carrier_data).toMatchObject({ phy_street: '2400 W BAY DR', phy_zip: '34604-1486' });
      expect(profile.company.address).toEqual({ city: 'LARGO', state: 'FL', zip: '34604-1486' });
    });

    it('finds the carrier by radius from its five-digit ZIP or its ZIP+4', async () => {
      for (const zip of ['34604', '34604-1486']) {
        expect(await supersearch(`radius_zipcode=${zip}&radius_miles=5`)).toEqual([3100005]);
      }
    });
  });

  describe('out-of-service rates with their denominators', () => {
    const summary = async (dot: number) =>
      (await get(`/carrier-data/api/v1/company/${dot}/safety-summary`)).data.data;

    it('gives no rate, not 0, for a carrier with no inspections', async () => {
      expect(await summary(3100001)).toMatchObject({
        total_inspections: 0,
        driver_oos_rate: null,
        driver_inspections: 0,
        vehicle_oos_rate: null,
        vehicle_inspections: 0,
      });
    });

    it('gives the rates and the few inspections they rest on for a carrier with 3', async () => {
      expect(await summary(3100002)).toMatchObject({
        total_inspections: 3,
        total_violations: 2,
        total_oos_violations: 1,
        // Levels 1, 2, 3 for the driver; 1 and 2 for the vehicle.
        driver_oos_rate: 33.33,
        driver_inspections: 3,
        vehicle_oos_rate: 0,
        vehicle_inspections: 2,
      });
    });

    it('gives the rates over all 50 inspections of a carrier with 50', async () => {
      expect(await summary(3100003)).toMatchObject({
        total_inspections: 50,
        driver_oos_rate: 4,
        driver_inspections: 50,
        vehicle_oos_rate: 10,
        vehicle_inspections: 50,
      });
    });
  });

  describe('the record facts', () => {
    const carrierData = async (dot: number) => (await get(`/api/v1/companies/profile/${dot}`)).carrier_data;

    it('serves status, operation, flags and the registration and MCS-150 dates', async () => {
      expect(await carrierData(3100001)).toMatchObject({
        status_code: 'A',
        carrier_operation: 'A',
        hm_flag: false,
        pc_flag: false,
        add_date: '2026-10-20',
        mcs150_date: '2026-10-20',
      });
      expect(await carrierData(3100002)).toMatchObject({
        hm_flag: true,
        add_date: '2010-01-05',
        mcs150_date: '2023-11-01',
      });
      // The Company Census's passengers cargo flag stands for the passenger-carrier flag.
      expect(await carrierData(3100003)).toMatchObject({ status_code: 'I', hm_flag: false, pc_flag: true });
      expect(await carrierData(3100004)).toMatchObject({
        carrier_operation: 'C',
        hm_flag: null,
        add_date: null,
        mcs150_date: null,
      });
    });
  });

  describe('dates on the data', () => {
    it('dates each file by --as-of, else the date in its name, else the import day', async () => {
      expect(
        [census, inspectionsReport, crashesReport].map((report) => [report.asOf, report.asOfSource]),
      ).toEqual([
        ['2026-11-02', 'the file name'],
        ['2026-10-31', 'the file name'],
        ['2026-09-30', '--as-of'],
      ]);
      expect(describeReport(census)).toContain('\n  data as of 2026-11-02 (from the file name)');
      const undated = path.join(dir, 'census.csv');
      writeFileSync(undated, [CENSUS_HEADER, CENSUS_ROWS[0]].join('\n') + '\n');
      const [report] = await importFiles(app.database.db, testDialect, [undated], {
        showProgress: false,
        now: () => '2026-11-24T08:00:00.000Z',
      });
      expect(report).toMatchObject({ asOf: '2026-11-24', asOfSource: 'the import day' });
      // An older census imported later does not make the data look older.
      const older = path.join(dir, 'census_20250101.csv');
      writeFileSync(older, [CENSUS_HEADER, CENSUS_ROWS[0]].join('\n') + '\n');
      await importFiles(app.database.db, testDialect, [older], { showProgress: false });
      const [record] = (await get('/carrier-data/api/v1/search?dotNumber=3100002')).data;
      expect(record.census_as_of).toBe('2026-11-24');
    });

    it('serves the inspection and crash dates with the safety summary', async () => {
      expect((await get('/carrier-data/api/v1/company/3100002/safety-summary')).data.data).toMatchObject({
        inspections_through: '2026-10-31',
        crashes_through: '2026-09-30',
        total_crashes: 1,
      });
    });
  });
});

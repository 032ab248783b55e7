import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filingStanding } from '../../core/authority.ts';
import { refreshCalendarFlags } from '../../server/domains/authority/repo.ts';
import { createAuthorityService } from '../../server/domains/authority/service.ts';
import { carrier, seedCarriers } from '../../tests/support/factories.ts';
import { carrierFields, fileWriter, quoted, rowCount, searchFlagsOf } from '../../tests/support/li-files.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../../tests/support/test-database.ts';
import { importFiles } from './import-files.ts';

// Issue 52: filings kept per filing, the verdict on the calendar, out-of-service orders, and the
// history events two generated days of legacy L&I, Motus and out-of-service files give.

const DAY_1 = '2026-11-20';
const DAY_2 = '2026-11-21';
const MOTUS_CARRIER_HEADER =
  'DOCKET_NUMBER,USDOT_NUMBER,RFC_NUMBER,OP_AUTH_TYPE,OP_AUTH_STATUS,MIN_COV_AMOUNT,CARGO_REQ,BOND_REQ,BIPD_FILE,CARGO_FILE,BOND_FILE,BUS_UNDELIVERABLE_MAIL,MAIL_UNDELIVERABLE_MAIL,DBA_NAME,LEGAL_NAME,BUS_STREET_PO,BUS_COLONIA,BUS_CITY,BUS_STATE_CODE,BUS_CTRY_CODE,BUS_ZIP_CODE,BUS_TELNO,MAIL_STREET_PO,MAIL_COLONIA,MAIL_CITY,MAIL_STATE_CODE,MAIL_CTRY_CODE,MAIL_ZIP_CODE';
const PROPERTY = 'Motor Carrier of Property (Except Household Goods)';
const motusCarrier = (docket: string, dot: number, status: string) =>
  `${docket},${dot},,${PROPERTY},${status},750,N,N,750,N,N,N,N,,CARRIER ${docket},,,,,,,,,,,,,`;
const OOS_HEADER = 'DOT_NUMBER,LEGAL_NAME,DBA_NAME,OOS_DATE,OOS_REASON,STATUS,RESCIND_DATE';

/** A legacy InsHist row (17 fields, FMCSA's order). */
function insHist(
  docket: string,
  dot: string,
  policy: string,
  insurer: string,
  effective: string,
  cancelled: string,
  method: string,
): string {
  return quoted([
    docket,
    dot,
    '91X',
    method,
    method === 'REPLACED' ? '91X' : '35',
    '',
    'BIPD/Primary',
    policy,
    '00750',
    'P',
    effective,
    '00000',
    '01000',
    cancelled,
    method === 'REPLACED' ? 'Term/REPL' : 'TERM/CANCL',
    '',
    insurer,
  ]);
}

describe(`filings, the calendar, out-of-service orders and their history on ${testDialect}`, () => {
  let database: TestDatabase;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-filings-'));
  const file = fileWriter(dir);

  const at = (day: string, hour = '08') => ({
    showProgress: false,
    asOf: day,
    now: () => `${day}T${hour}:00:00.000Z`,
  });

  // 7000001 carries the replacement filing; the others one authority or insurance story each.
  const carriers = Array.from({ length: 11 }, (_, index) =>
    carrier({
      dot_number: 7_000_001 + index,
      legal_name: `HISTORY CARRIER ${index + 1}`,
      mc_number: String(700_001 + index),
      carrier_operation: 'A',
    }),
  );

  const day1 = () => [
    file('carrier-awh.txt', [
      quoted(carrierFields('MC700001', '07000001')),
      quoted(carrierFields('MC700002', '07000002', { common: 'I', onFile: '00000' })),
      quoted(carrierFields('MC700004', '07000004')),
      quoted(carrierFields('MC700010', '07000010', { onFile: '00000' })),
      quoted(carrierFields('MC700011', '07000011')),
    ]),
    file('authhist-awh.txt', [
      quoted(['MC700001', '07000001', '', 'COMMON', 'GRANTED', '03/01/2010', '', '', '']),
      quoted([
        'MC700002',
        '07000002',
        '',
        'COMMON',
        'GRANTED',
        '01/05/2005',
        'REVOKED',
        '07/26/2024',
        '07/26/2024',
      ]),
      quoted(['MC700004', '07000004', '', 'COMMON', 'REINSTATED', '05/01/2025', '', '', '']),
    ]),
    file('inshist-awh.txt', [
      insHist('MC700001', '07000001', 'OLD-1', 'OLD CASUALTY', '01/01/2015', '12/31/2019', 'CANCELLED'),
      insHist('MC700001', '07000001', 'OLD-2', 'OLD CASUALTY', '01/01/2020', '06/01/2022', 'REPLACED'),
    ]),
    // The replacement pattern: ALPHA's filing cancelled effective December 15, BETA's under the same
    // policy number effective the same day.
    file('actpendinsur.csv', [
      'docket_number,dot_number,ins_form_code,ins_type_desc,name_company,policy_no,trans_date,underl_lim_amount,max_cov_amount,effective_date,cancl_effective_date',
      'MC700001,07000001,91X,BIPD/Primary,ALPHA MUTUAL,P-9,06/01/2022,0,1000,06/01/2022,12/15/2026',
      'MC700001,07000001,91X,BIPD/Primary,BETA INDEMNITY,P-9,11/18/2026,0,1000,12/15/2026,',
      'MC700010,07000010,91X,BIPD/Primary,LATER MUTUAL,L-1,11/18/2026,0,750,12/01/2026,',
      'MC700011,07000011,91X,BIPD/Primary,ENDING MUTUAL,E-1,01/01/2020,0,750,01/01/2020,12/05/2026',
    ]),
    file('motus-revoke.csv', [
      'DOCKET_NUMBER,USDOT_NUMBER,OP_AUTH_TYPE,ORDER1_SERVE_DATE,ORDER1_TYPE_DESC,ORDER1_EFFECTIVE_DATE',
      `MC-700005,7000005,${PROPERTY},20261101,Operating Authority Involuntary Suspension Notice,20261201`,
    ]),
    file('motus-carrier.csv', [
      MOTUS_CARRIER_HEADER,
      motusCarrier('MC700003', 7_000_003, 'Pending'),
      motusCarrier('MC700007', 7_000_007, 'Active'),
      motusCarrier('MC700008', 7_000_008, 'Inactive'),
    ]),
    file('oos.csv', [OOS_HEADER, '7000006,HISTORY CARRIER 6,,11/02/2026,IMMINENT HAZARD,ACTIVE,']),
  ];

  const day2 = () => [
    file('motus-carrier-daily.csv', [
      MOTUS_CARRIER_HEADER,
      motusCarrier('MC700003', 7_000_003, 'Active'),
      motusCarrier('MC700007', 7_000_007, 'Inactive'),
      motusCarrier('MC700008', 7_000_008, 'Pending'),
    ]),
    file('motus-authhist-daily.csv', [
      'DOCKET_NUMBER,USDOT_NUMBER,OP_AUTH_TYPE,OP_AUTH_STATUS,REASON,STATUS_CHANGE_DATE',
      `MC700003,7000003,${PROPERTY},Active,GRANTED,20261121`,
    ]),
    file('motus-inshist-daily.csv', [
      'DOCKET_NUMBER,USDOT_NUMBER,INS_FORM_CODE,FILING_STATUS_REASON,INS_TYPE_CODE,INS_TYPE_IND,POLICY_NO,INS_TYPE_DESC,MIN_COV_AMOUNT,INS_CLASS_CODE,EFFECTIVE_DATE,UNDERL_LIM_AMOUNT,MAX_COV_AMOUNT,CANCL_EFFECTIVE_DATE,INSURANCE_COMPANY_NAME',
      'MC700001,7000001,BMC-91X,TERM/REPL,1,,P-9,BIPD/Primary,750,P,20220601,0,1000,20261215,ALPHA MUTUAL',
    ]),
    file('motus-insur-daily.csv', [
      'DOCKET_NUMBER,USDOT_NUMBER,INS_FORM_CODE,INS_TYPE_CODE,INS_CLASS_CODE,MAX_COV_AMOUNT,UNDERL_LIM_AMOUNT,POLICY_NO,EFFECTIVE_DATE,INSURANCE_COMPANY_NAME,TRANS_DATE',
      'MC700009,7000009,BMC-34,2,,0,0,C-9,20261121,CARGO CO,20261121',
    ]),
    file('oos-daily.csv', [
      OOS_HEADER,
      '7000006,HISTORY CARRIER 6,,11/02/2026,IMMINENT HAZARD,RESCINDED,11/21/2026',
    ]),
  ];

  const events = async (dot: number) =>
    (
      await database.db
        .selectFrom('record_history_events')
        .select(['kind', 'event', 'subject', 'effective_on', 'first_seen_on', 'source'])
        .where('dot_number', '=', dot)
        .execute()
    )
      // One import's events carry no order of their own (PostgreSQL writes them on two connections).
      .sort(
        (a, b) =>
          a.first_seen_on.localeCompare(b.first_seen_on) ||
          (a.subject ?? '').localeCompare(b.subject ?? '') ||
          (a.effective_on ?? '').localeCompare(b.effective_on ?? '') ||
          a.event.localeCompare(b.event),
      )
      .map((row) => [row.kind, row.event, row.subject, row.effective_on, row.first_seen_on, row.source]);
  const eventCount = () => rowCount(database.db, 'record_history_events');
  const flags = (dot: number) => searchFlagsOf(database.db, dot);

  const vettingOn = async (dot: number, day: string) => {
    const service = createAuthorityService(database.db, () => new Date(`${day}T12:00:00Z`));
    const found = await service.vetting(dot);
    if (!found) throw new Error(`no carrier ${dot}`);
    return found;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedCarriers(database.db, testDialect, carriers);
  });
  afterAll(async () => {
    await database.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('day 1: the legacy baseline, Motus and the out-of-service orders give dated events', async () => {
    const reports = await importFiles(database.db, testDialect, day1(), at(DAY_1));
    expect(reports.map((report) => [report.dataset, report.imported, report.skipped])).toEqual([
      ['li_carrier', 5, 0],
      ['li_authhist', 3, 0],
      ['li_inshist', 2, 0],
      ['li_actpendinsur', 4, 0],
      ['motus_revoke', 1, 0],
      ['motus_carrier', 3, 0],
      ['oos_orders', 1, 0],
    ]);
    expect(await events(7_000_001)).toEqual([
      ['insurance', 'filed', 'MC700001 BI&PD primary OLD-1', '2015-01-01', DAY_1, '6sqe-dvqs'],
      ['insurance', 'cancelled', 'MC700001 BI&PD primary OLD-1', '2019-12-31', DAY_1, '6sqe-dvqs'],
      ['insurance', 'filed', 'MC700001 BI&PD primary OLD-2', '2020-01-01', DAY_1, '6sqe-dvqs'],
      ['insurance', 'replaced', 'MC700001 BI&PD primary OLD-2', '2022-06-01', DAY_1, '6sqe-dvqs'],
      ['insurance', 'filed', 'MC700001 BI&PD primary P-9', '2022-06-01', DAY_1, 'qh9u-swkp'],
      ['insurance', 'cancellation_pending', 'MC700001 BI&PD primary P-9', '2026-12-15', DAY_1, 'qh9u-swkp'],
      ['insurance', 'filed', 'MC700001 BI&PD primary P-9', '2026-12-15', DAY_1, 'qh9u-swkp'],
      ['authority', 'granted', 'MC700001 common', '2010-03-01', DAY_1, '9mw4-x3tu'],
    ]);
    expect(await events(7_000_002)).toEqual([
      ['authority', 'granted', 'MC700002 common', '2005-01-05', DAY_1, '9mw4-x3tu'],
      ['authority', 'revoked', 'MC700002 common', '2024-07-26', DAY_1, '9mw4-x3tu'],
    ]);
    expect(await events(7_000_004)).toEqual([
      ['authority', 'reinstated', 'MC700004 common', '2025-05-01', DAY_1, '9mw4-x3tu'],
    ]);
    expect(await events(7_000_005)).toEqual([
      ['authority', 'suspended', 'MC700005 common', '2026-12-01', DAY_1, 'wb4f-neki'],
    ]);
    expect(await events(7_000_006)).toEqual([
      ['out_of_service', 'issued', 'IMMINENT HAZARD', '2026-11-02', DAY_1, 'p2mt-9ige'],
    ]);
    // A status seen for the first time is no change: nothing for the Motus carriers yet.
    expect(await events(7_000_007)).toEqual([]);
  });

  it('the replacement filing: both kept, the carrier insured before, on and after the day it takes over', async () => {
    for (const day of ['2026-11-25', '2026-12-15', '2026-12-20']) {
      const { record, verdict } = await vettingOn(7_000_001, day);
      expect(verdict).toEqual({ headline: 'Authorized for hire', level: 'authorized', reasons: [] });
      const current = record.insurance.filter((filing) => filing.policyNumber === 'P-9');
      expect(current.map((filing) => [filing.insurer, filingStanding(filing, day)])).toEqual(
        day < '2026-12-15'
          ? [
              ['BETA INDEMNITY', 'Not yet in force'],
              ['ALPHA MUTUAL', 'On file'],
            ]
          : [
              ['BETA INDEMNITY', 'On file'],
              ['ALPHA MUTUAL', 'Replaced'],
            ],
      );
    }
    expect(await flags(7_000_001)).toEqual([1, 1]);
  });

  it('the verdict and the search flags follow the calendar past an effective day and a cancellation day', async () => {
    // 7000010's only filing takes effect December 1; 7000011's is cancelled effective December 5.
    expect((await vettingOn(7_000_010, '2026-11-30')).verdict).toEqual({
      headline: 'Not authorized for hire',
      level: 'not authorized',
      reasons: ['No BI&PD insurance on file'],
    });
    expect((await vettingOn(7_000_010, '2026-12-01')).verdict.headline).toBe('Authorized for hire');
    expect((await vettingOn(7_000_011, '2026-12-04')).verdict).toEqual({
      headline: 'Authorized for hire',
      level: 'warning',
      reasons: ['Insurance cancellation pending December 5, 2026'],
    });
    expect((await vettingOn(7_000_011, '2026-12-05')).verdict).toEqual({
      headline: 'Not authorized for hire',
      level: 'not authorized',
      reasons: ['No BI&PD insurance on file'],
    });
    expect([await flags(7_000_010), await flags(7_000_011)]).toEqual([
      [0, 0],
      [1, 1],
    ]);
    await refreshCalendarFlags(database.db, '2026-12-02');
    expect([await flags(7_000_010), await flags(7_000_011)]).toEqual([
      [1, 1],
      [1, 1],
    ]);
    await refreshCalendarFlags(database.db, '2026-12-06');
    expect([await flags(7_000_010), await flags(7_000_011)]).toEqual([
      [1, 1],
      [0, 0],
    ]);
  });

  it('an out-of-service order in force makes the verdict, until it is rescinded', async () => {
    expect((await vettingOn(7_000_006, DAY_1)).verdict).toEqual({
      headline: 'Out of service',
      level: 'not authorized',
      reasons: ['Out-of-service order November 2, 2026: IMMINENT HAZARD', 'No for-hire authority on file'],
    });
  });

  it('day 2: Motus daily files give status changes, a grant, a replacement, a filing and a rescission', async () => {
    const reports = await importFiles(database.db, testDialect, day2(), at(DAY_2));
    expect(reports.map((report) => report.skipped)).toEqual([0, 0, 0, 0, 0]);
    // The Carrier file's status change and the AuthHist row of the same grant: one event, the dated one.
    expect(await events(7_000_003)).toEqual([
      ['authority', 'granted', 'MC700003 common', '2026-11-21', DAY_2, 'yu5v-wbh6'],
    ]);
    expect(await events(7_000_007)).toEqual([
      ['authority', 'inactive', 'MC700007 common', null, DAY_2, 'inys-ebih'],
    ]);
    expect(await events(7_000_008)).toEqual([
      ['authority', 'pending', 'MC700008 common', null, DAY_2, 'inys-ebih'],
    ]);
    expect((await events(7_000_001)).slice(8)).toEqual([
      ['insurance', 'replaced', 'MC700001 BI&PD primary P-9', '2026-12-15', DAY_2, '3uet-3z4i'],
    ]);
    expect(await events(7_000_009)).toEqual([
      ['insurance', 'filed', 'MC700009 cargo C-9', '2026-11-21', DAY_2, 'c5y8-a4uz'],
    ]);
    expect((await events(7_000_006)).slice(1)).toEqual([
      ['out_of_service', 'rescinded', 'IMMINENT HAZARD', '2026-11-21', DAY_2, 'p2mt-9ige'],
    ]);
    const rescinded = await vettingOn(7_000_006, DAY_2);
    expect(rescinded.verdict.headline).toBe('Not authorized for hire');
    expect(rescinded.record.outOfServiceOrders).toEqual([
      { orderedOn: '2026-11-02', reason: 'IMMINENT HAZARD', status: 'RESCINDED', rescindedOn: '2026-11-21' },
    ]);
    // The Motus status is newer than the legacy freeze: Active wins for 7000003.
    expect((await vettingOn(7_000_003, DAY_2)).record.authorities.map((a) => a.status)).toEqual(['Active']);
  });

  it('a refresh that changes nothing, and a re-run of both days, write nothing', async () => {
    const before = await eventCount();
    await importFiles(database.db, testDialect, day1(), at(DAY_1, '09'));
    await importFiles(database.db, testDialect, day2(), at(DAY_2, '09'));
    await importFiles(database.db, testDialect, day2(), at('2026-11-22'));
    expect(await eventCount()).toBe(before);
  });

  it('day 3: an AuthHist change imported before the Carrier file that shows it is one event', async () => {
    const day3 = '2026-11-23';
    await importFiles(
      database.db,
      testDialect,
      [
        file('motus-authhist-day3.csv', [
          'DOCKET_NUMBER,USDOT_NUMBER,OP_AUTH_TYPE,OP_AUTH_STATUS,REASON,STATUS_CHANGE_DATE',
          `MC700008,7000008,${PROPERTY},Active,GRANTED,20261123`,
        ]),
        file('motus-carrier-day3.csv', [MOTUS_CARRIER_HEADER, motusCarrier('MC700008', 7_000_008, 'Active')]),
      ],
      at(day3),
    );
    expect(await events(7_000_008)).toEqual([
      ['authority', 'pending', 'MC700008 common', null, DAY_2, 'inys-ebih'],
      ['authority', 'granted', 'MC700008 common', day3, day3, 'yu5v-wbh6'],
    ]);
  });

  it('counts and lists bad out-of-service rows by line, and keeps the good ones', async () => {
    const [report] = await importFiles(
      database.db,
      testDialect,
      [
        file('oos-bad.csv', [
          OOS_HEADER,
          '7000011,HISTORY CARRIER 11,,11/30/2026,FAILURE TO PAY CIVIL PENALTY,ACTIVE,',
          'ABC,NO DOT,,11/30/2026,IMMINENT HAZARD,ACTIVE,',
          '7000010,HISTORY CARRIER 10,,31/31/2026,IMMINENT HAZARD,ACTIVE,',
        ]),
      ],
      at('2026-11-30'),
    );
    expect([report?.dataset, report?.imported, report?.skipped]).toEqual(['oos_orders', 1, 2]);
    expect(report?.skipExamples).toEqual([
      'line 3: non-numeric DOT number',
      'line 4: impossible date 31/31/2026',
    ]);
    expect((await vettingOn(7_000_011, '2026-11-30')).verdict.headline).toBe('Out of service');
    expect(await flags(7_000_011)).toEqual([0, 1]);
  });
});

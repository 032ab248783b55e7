import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorityRecord } from '../../server/domains/authority/repo.ts';
import { vettingVerdict } from '../../core/authority.ts';
import { carrier, seedCarriers } from '../../tests/support/factories.ts';
import { carrierFields, fileWriter, quoted, rowCount, searchFlagsOf } from '../../tests/support/li-files.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../../tests/support/test-database.ts';
import { LI_INSHIST_COLUMNS } from '../fmcsa/columns.ts';
import { describeReport, importFiles } from './import-files.ts';

const SAMPLES = path.resolve(import.meta.dirname, '../../../shared/data/fmcsa/li/samples');
const ACTPENDINSUR = path.join(SAMPLES, 'actpendinsur.sample3.txt');
const INSUR = path.join(SAMPLES, 'insur.sample4.txt');
const REVOCATION = path.join(SAMPLES, 'revocation.sample3.txt');
const NOW = '2026-11-25T00:00:00.000Z';
const TODAY = NOW.slice(0, 10);
const options = { showProgress: false, now: () => NOW };

describe(`importing FMCSA L&I files into ${testDialect}`, () => {
  let database: TestDatabase;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-li-'));
  const file = fileWriter(dir);

  // Carriers of the shared samples' rows, plus ones for the synthetic files.
  const sampleCarriers = [
    carrier({ dot_number: 3682243, legal_name: 'SAMPLE ONE', carrier_operation: 'A' }),
    carrier({ dot_number: 3696099, legal_name: 'SAMPLE TWO', carrier_operation: 'A' }),
    carrier({ dot_number: 3706219, legal_name: 'SAMPLE THREE', carrier_operation: 'A' }),
    carrier({ dot_number: 830331, legal_name: 'REVOKED ONE', carrier_operation: 'A' }),
    carrier({ dot_number: 1001665, legal_name: 'REVOKED TWO', carrier_operation: 'A' }),
    // Insur has no DOT: these join through the census's MC docket.
    carrier({
      dot_number: 2100001,
      legal_name: 'NORTHLAND ONE',
      mc_number: '856184',
      carrier_operation: 'A',
    }),
    carrier({
      dot_number: 2100002,
      legal_name: 'NORTHLAND TWO',
      mc_number: '872804',
      carrier_operation: 'A',
    }),
    carrier({ dot_number: 2100003, legal_name: 'BLANK ROW', mc_number: '1693164', carrier_operation: 'A' }),
    carrier({ dot_number: 2200001, legal_name: 'MOTUS LINES', carrier_operation: 'A' }),
    carrier({ dot_number: 2200002, legal_name: 'MOTUS BROKER', carrier_operation: 'A', carship: 'B' }),
  ];

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedCarriers(database.db, testDialect, sampleCarriers);
  });
  afterAll(async () => {
    await database.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const vetting = async (dot: number) => {
    const found = await authorityRecord(database.db, dot, TODAY);
    if (!found) throw new Error(`no carrier ${dot}`);
    return { record: found.record, verdict: vettingVerdict(found.usdotStatus, found.record, TODAY) };
  };
  const flags = (dot: number) => searchFlagsOf(database.db, dot);

  const count = (table: 'li_dockets' | 'li_insurance' | 'li_revocations' | 'li_authorities') =>
    rowCount(database.db, table);

  /** The history table's secondary indexes in place, and any a load left suspended. */
  const historyIndexes = async () => ({
    indexes: (testDialect === 'sqlite'
      ? await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'index'
            AND tbl_name = 'record_history_events' AND sql IS NOT NULL AND sql NOT LIKE 'CREATE UNIQUE%'`.execute(
          database.db,
        )
      : await sql<{
          name: string;
        }>`SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema()
            AND tablename = 'record_history_events' AND indexdef NOT LIKE 'CREATE UNIQUE%'`.execute(
          database.db,
        )
    ).rows
      .map((row) => row.name)
      .sort(),
    suspended: await database.db.selectFrom('suspended_indexes').select('name').execute(),
  });

  it('reads the shared samples: headerless ActPendInsur and Insur, the Revocation text file with its header', async () => {
    const reports = await importFiles(database.db, testDialect, [ACTPENDINSUR, INSUR, REVOCATION], options);
    // A first load writes its history events without the history's secondary indexes, then builds them.
    expect(await historyIndexes()).toEqual({
      indexes: ['record_history_events_carrier', 'record_history_events_first_seen'],
      suspended: [],
    });
    expect(reports.map((report) => [report.dataset, report.label, report.imported, report.skipped])).toEqual([
      ['li_actpendinsur', 'L&I ActPendInsur (qh9u-swkp), text download without header', 3, 0],
      ['li_insur', 'L&I Insur (ypjt-5ydn), text download without header', 3, 1],
      ['li_revocation', 'L&I Revocation (sa6p-acbp)', 3, 0],
    ]);
    // The stored sample's last line carries a stray '51:' before its docket: counted and named.
    expect(reports[1]?.skipExamples).toEqual(['line 4: not a docket number: "51:\\"MC782830\\""']);

    // Unpadded amounts in thousands ('750' -> $750,000), a cancellation date still to come.
    const pending = await vetting(3706219);
    expect(pending.record.insurance).toEqual([
      {
        docket: 'MC-1298871',
        kind: 'BI&PD primary',
        formCode: '91X',
        insurer: 'DB INSURANCE CO., LTD (U.S.BRANCH)',
        policyNumber: 'CCA-0024453-00',
        amountDollars: 750_000,
        effectiveOn: '2025-12-04',
        cancellationEffectiveOn: '2025-12-04',
        endedBy: null,
      },
    ]);
    // Zero-padded amounts ('00750') read the same; Insur joins by the census docket.
    expect((await vetting(2100001)).record.insurance[0]).toMatchObject({
      docket: 'MC-856184',
      kind: 'BI&PD primary',
      amountDollars: 750_000,
      effectiveOn: '2025-09-02',
      insurer: 'NORTHLAND INSURANCE COMPANY',
      cancellationEffectiveOn: null,
      endedBy: null,
    });
    // The blank row of MC1693164 leaves no filing.
    expect((await vetting(2100003)).record.insurance).toEqual([]);
    // Revocations joined by their zero-padded DOT, with serve and effective dates.
    expect((await vetting(830331)).record.revocations).toEqual([
      {
        docket: 'MC-368053',
        kind: 'common',
        type: 'INVOLUNTARY REVOCATION',
        servedOn: '2024-06-26',
        effectiveOn: '2024-07-26',
      },
    ]);
    const revoked = await vetting(830331);
    expect(revoked.record.authorities).toEqual([
      {
        docket: 'MC-368053',
        kind: 'common',
        status: 'Revoked',
        grantedOn: null,
        revokedOn: '2024-07-26',
        description: null,
      },
    ]);
    expect(revoked.verdict.reasons).toEqual(['Authority revoked July 26, 2024']);
  });

  it('reads legacy Carrier and AuthHist files with and without header, and keeps the flags to the verdict', async () => {
    const header = [
      'docket_number,dot_number,mx_type,rfc_number,common_stat,contract_stat,broker_stat,common_app_pend,contract_app_pend,broker_app_pend,common_rev_pend,contract_rev_pend,broker_rev_pend,property_chk,passenger_chk,hhg_chk,private_auth_chk,enterprise_chk,min_cov_amount,cargo_req,bond_req,bipd_file,cargo_file,bond_file,undeliverable_mail,dba_name,legal_name,bus_street_po,bus_colonia,bus_city,bus_state_code,bus_ctry_code,bus_zip_code,bus_telno,bus_fax,mail_street_po,mail_colonia,mail_city,mail_state_code,mail_ctry_code,mail_zip_code,mail_telno,mail_fax',
    ];
    const csv = file('carrier.csv', [
      ...header,
      carrierFields('MC1298871', '03706219').join(','),
      carrierFields('MC856184', '00000000', { required: '750', onFile: '1000' }).join(','),
    ]);
    const text = file('carrier.txt', [
      quoted(carrierFields('MC368053', '00830331', { common: 'I', onFile: '00000' })),
      quoted(carrierFields('MC1281287', '03682243', { revocation: 'Y' })),
      quoted(carrierFields('MC1281287', '03682243', { revocation: 'Y' })),
    ]);
    const authHist = file('authhist.txt', [
      quoted(['MC856184', '02100001', '', 'COMMON', 'GRANTED', '03/01/2010', '', '', '']),
      quoted([
        'MC368053',
        '00830331',
        '',
        'COMMON',
        'GRANTED',
        '01/05/2005',
        'REVOKED',
        '07/26/2024',
        '07/26/2024',
      ]),
    ]);
    const reports = await importFiles(database.db, testDialect, [csv, text, authHist], options);
    expect(reports.map((report) => [report.dataset, report.imported, report.skipped])).toEqual([
      ['li_carrier', 2, 0],
      ['li_carrier', 3, 0],
      ['li_authhist', 2, 0],
    ]);
    expect(reports[1]?.label).toBe('L&I Carrier (6eyk-hxee), text download without header');

    // `00000000` is no DOT: MC856184 still joins its census carrier through the docket.
    const northland = await vetting(2100001);
    expect(northland.record.dockets).toEqual(['MC-856184']);
    expect(northland.record.authorities).toEqual([
      {
        docket: 'MC-856184',
        kind: 'common',
        status: 'Active',
        grantedOn: '2010-03-01',
        revokedOn: null,
        description: null,
      },
    ]);
    expect(northland.record.bipdRequiredDollars).toBe(750_000);
    expect(northland.record.bipdOnFileDollars).toBe(1_000_000);
    expect(northland.verdict).toEqual({ headline: 'Authorized for hire', level: 'authorized', reasons: [] });
    expect(await flags(2100001)).toEqual([1, 1]);

    const pendingRevocation = await vetting(3682243);
    expect(pendingRevocation.verdict).toEqual({
      headline: 'Authorized for hire',
      level: 'warning',
      reasons: ['Authority revocation pending', 'Insurance cancellation pending September 28, 2032'],
    });
    expect(await flags(3682243)).toEqual([1, 1]);
    expect(await flags(830331)).toEqual([0, 0]);
    // The sample's filing of MC1298871 was cancelled on December 4, 2025: no BI&PD in force. The
    // Carrier row's $750,000 on file stands in only for carriers without BI&PD filings.
    expect((await vetting(3706219)).verdict).toEqual({
      headline: 'Not authorized for hire',
      level: 'not authorized',
      reasons: ['No BI&PD insurance on file'],
    });
  });

  it('reads the portal CSV exports of Insur and ActPendInsur: "1" is $1,000, a later blank row removes a filing', async () => {
    const insur = file('insur.csv', [
      'prefix_docket_number,ins_type_code,ins_class_code,max_cov_amount,underl_lim_amount,policy_no,effective_date,ins_form_code,name_company',
      'MC1693164,1,E,1,0,XS-1,01/02/2026,91X,EXCESS MUTUAL',
      'MC1693164,1,E,1,0,XS-1,01/02/2026,91X,EXCESS MUTUAL',
      'MC872804,4,,00000,00000,TF-9,03/04/2025,85,BROKER TRUST',
    ]);
    const actPend = file('actpendinsur.csv', [
      'docket_number,dot_number,ins_form_code,ins_type_desc,name_company,policy_no,trans_date,underl_lim_amount,max_cov_amount,effective_date,cancl_effective_date',
      'MC872804,02100002,84,SURETY,JET INSURANCE COMPANY,BX0069147,07/11/2025,0,0,07/11/2025,',
    ]);
    const reports = await importFiles(database.db, testDialect, [insur, actPend], options);
    expect(reports.map((report) => [report.dataset, report.imported, report.skipped])).toEqual([
      ['li_insur', 3, 0],
      ['li_actpendinsur', 1, 0],
    ]);
    const excess = await vetting(2100003);
    expect(excess.record.insurance).toEqual([
      {
        docket: 'MC-1693164',
        kind: 'BI&PD excess',
        formCode: '91X',
        insurer: 'EXCESS MUTUAL',
        policyNumber: 'XS-1',
        amountDollars: 1_000,
        effectiveOn: '2026-01-02',
        cancellationEffectiveOn: null,
        endedBy: null,
      },
    ]);
    expect(
      (await vetting(2100002)).record.insurance.map((filing) => [filing.kind, filing.amountDollars]),
    ).toEqual([
      ['BI&PD primary', 750_000],
      ['surety bond', null],
      ['trust fund', null],
    ]);
    // The next daily file's blank row for the docket: the filing is gone.
    const blank = file('insur-next.txt', ['"MC1693164","","","00000","00000","","","",""']);
    await importFiles(database.db, testDialect, [blank], options);
    expect((await vetting(2100003)).record.insurance).toEqual([]);
    expect(await flags(2100003)).toEqual([0, 0]);
  });

  it('keeps voluntary revocations without an effective date and stores duplicate rows once', async () => {
    const revocations = file('revocation.csv', [
      'DOCKET_NUMBER,DOT_NUMBER,TYPE_LICENSE,ORDER1_SERVE_DATE,ORDER2_TYPE_DESC,order2_effective_Date',
      'MC438379,01001665,BROKER,06/26/2024,VOLUNTARY REVOCATION,',
      'MC438379,01001665,BROKER,06/26/2024,VOLUNTARY REVOCATION,',
      'MC999001,00000000,COMMON,06/26/2024,INVOLUNTARY REVOCATION,07/26/2024',
    ]);
    const before = await count('li_revocations');
    const [report] = await importFiles(database.db, testDialect, [revocations], options);
    expect([report?.imported, report?.skipped]).toEqual([3, 0]);
    expect(await count('li_revocations')).toBe(before + 2);
    expect((await vetting(1001665)).record.revocations).toContainEqual({
      docket: 'MC-438379',
      kind: 'broker',
      type: 'VOLUNTARY REVOCATION',
      servedOn: '2024-06-26',
      effectiveOn: null,
    });
    // `00000000` is no DOT: the docket is stored without one.
    const orphan = await database.db
      .selectFrom('li_dockets')
      .select('dot_number')
      .where('docket', '=', 'MC999001')
      .executeTakeFirst();
    expect(orphan).toBeUndefined();
  });

  it('reads the Motus files through the same mapping, and says how it read their amounts', async () => {
    const carriers = file('motus-carrier.csv', [
      'DOCKET_NUMBER,USDOT_NUMBER,RFC_NUMBER,OP_AUTH_TYPE,OP_AUTH_STATUS,MIN_COV_AMOUNT,CARGO_REQ,BOND_REQ,BIPD_FILE,CARGO_FILE,BOND_FILE,BUS_UNDELIVERABLE_MAIL,MAIL_UNDELIVERABLE_MAIL,DBA_NAME,LEGAL_NAME,BUS_STREET_PO,BUS_COLONIA,BUS_CITY,BUS_STATE_CODE,BUS_CTRY_CODE,BUS_ZIP_CODE,BUS_TELNO,MAIL_STREET_PO,MAIL_COLONIA,MAIL_CITY,MAIL_STATE_CODE,MAIL_CTRY_CODE,MAIL_ZIP_CODE',
      'MC0001426065,2200001,,Motor Carrier of Property (Except Household Goods),Active,750000.00,N,N,1000000.00,N,N,N,N,,MOTUS LINES,,,,,,,,,,,,,',
      'MC0001426065,2200001,,Motor Carrier of Household Goods,Inactive,750,N,N,1000,N,N,N,N,,MOTUS LINES,,,,,,,,,,,,,',
      'MC1500000,2200002,,Broker of Property (Except Household Goods),Active,0,N,Y,0,N,Y,N,N,,MOTUS BROKER,,,,,,,,,,,,,',
    ]);
    const insur = file('motus-insur.csv', [
      'DOCKET_NUMBER,USDOT_NUMBER,INS_FORM_CODE,INS_TYPE_CODE,INS_CLASS_CODE,MAX_COV_AMOUNT,UNDERL_LIM_AMOUNT,POLICY_NO,EFFECTIVE_DATE,INSURANCE_COMPANY_NAME,TRANS_DATE',
      'MC1426065,2200001,BMC-91X,1,P,1000000.00,0,MP-1,20260601,MOTUS MUTUAL,20260601',
      'MC1500000,2200002,BMC-84,3,,0,0,BOND-7,20260601,SURETY CO,20260601',
    ]);
    const history = file('motus-inshist.csv', [
      'DOCKET_NUMBER,USDOT_NUMBER,INS_FORM_CODE,FILING_STATUS_REASON,INS_TYPE_CODE,INS_TYPE_IND,POLICY_NO,INS_TYPE_DESC,MIN_COV_AMOUNT,INS_CLASS_CODE,EFFECTIVE_DATE,UNDERL_LIM_AMOUNT,MAX_COV_AMOUNT,CANCL_EFFECTIVE_DATE,INSURANCE_COMPANY_NAME',
      'MC1426065,2200001,BMC-91X,CANCEL,1,,MP-1,BIPD/Primary,750,P,20260601,0,1000,20270115,MOTUS MUTUAL',
    ]);
    const revoke = file('motus-revoke.csv', [
      'DOCKET_NUMBER,USDOT_NUMBER,OP_AUTH_TYPE,ORDER1_SERVE_DATE,ORDER1_TYPE_DESC,ORDER1_EFFECTIVE_DATE',
      'MC-1426065,2200001,Motor Carrier of Property (Except Household Goods),20261101,Operating Authority Involuntary Suspension Notice,20261231',
    ]);
    const authHist = file('motus-authhist.csv', [
      'DOCKET_NUMBER,USDOT_NUMBER,OP_AUTH_TYPE,OP_AUTH_STATUS,REASON,STATUS_CHANGE_DATE',
      'MC1426065,2200001,Motor Carrier of Property (Except Household Goods),Active,GRANTED,20260520',
    ]);
    const reports = await importFiles(
      database.db,
      testDialect,
      [carriers, insur, history, revoke, authHist],
      options,
    );
    expect(reports.map((report) => [report.dataset, report.imported, report.skipped])).toEqual([
      ['motus_carrier', 3, 0],
      ['motus_insur', 2, 0],
      ['motus_inshist', 1, 0],
      ['motus_revoke', 1, 0],
      ['motus_authhist', 1, 0],
    ]);
    expect(reports[0]?.notes).toEqual([
      'Motus amounts: 2 read as dollars (10,000 or more, or with cents), 2 as thousands of dollars (below 10,000)',
    ]);
    expect(describeReport(reports[0]!)).toContain('  Motus amounts: 2 read as dollars');
    const motus = await vetting(2200001);
    expect(motus.record.authorities).toEqual([
      {
        docket: 'MC-1426065',
        kind: 'common',
        status: 'Active',
        grantedOn: '2026-05-20',
        revokedOn: null,
        description: 'Motor Carrier of Property (Except Household Goods)',
      },
    ]);
    expect(motus.record.insurance).toEqual([
      {
        docket: 'MC-1426065',
        kind: 'BI&PD primary',
        formCode: '91X',
        insurer: 'MOTUS MUTUAL',
        policyNumber: 'MP-1',
        amountDollars: 1_000_000,
        effectiveOn: '2026-06-01',
        cancellationEffectiveOn: '2027-01-15',
        endedBy: null,
      },
    ]);
    expect(motus.verdict).toEqual({
      headline: 'Authorized for hire',
      level: 'warning',
      reasons: [
        'Authority revocation pending December 31, 2026',
        'Insurance cancellation pending January 15, 2027',
      ],
    });
    expect((await vetting(2200002)).verdict.headline).toBe('Authorized for hire');
    expect(await flags(2200002)).toEqual([1, 1]);
  });

  it('reads the legacy InsHist export under its column names: a replaced filing ends replaced, a cancelled one cancelled', async () => {
    const insHist = file('inshist-export.csv', [
      LI_INSHIST_COLUMNS.join(','),
      'MC872804,02100002,91X,REPLACED,91X,,BIPD/Primary,RP-1,00750,P,01/01/2019,00000,01000,03/01/2021,Term/REPL,,OLD CASUALTY',
      'MC872804,02100002,91X,CANCELLED,35,,BIPD/Primary,CX-1,00750,P,01/01/2015,00000,01000,12/31/2018,TERM/CANCL,,OLDER CASUALTY',
    ]);
    const [report] = await importFiles(database.db, testDialect, [insHist], options);
    expect([report?.dataset, report?.imported, report?.skipped]).toEqual(['li_inshist', 2, 0]);
    const filings = (await vetting(2100002)).record.insurance.filter((filing) =>
      ['RP-1', 'CX-1'].includes(filing.policyNumber ?? ''),
    );
    expect(
      filings.map((filing) => [filing.policyNumber, filing.cancellationEffectiveOn, filing.endedBy]),
    ).toEqual([
      ['RP-1', '2021-03-01', 'replaced'],
      ['CX-1', '2018-12-31', null],
    ]);
  });

  it('re-importing the same files changes nothing', async () => {
    const tables = ['li_dockets', 'li_insurance', 'li_revocations', 'li_authorities'] as const;
    const before = await Promise.all(tables.map(count));
    const record = await vetting(3682243);
    await importFiles(database.db, testDialect, [ACTPENDINSUR, INSUR, REVOCATION], {
      ...options,
      now: () => '2026-11-25T06:00:00.000Z',
    });
    expect(await Promise.all(tables.map(count))).toEqual(before);
    expect(await vetting(3682243)).toEqual(record);
  });
});

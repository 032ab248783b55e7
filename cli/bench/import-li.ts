/**
 * L&I import benchmark (npm run bench:import-li): writes a census of `--carriers` carriers and, for
 * each L&I file shape the importer reads, a file of `--rows` rows about them (legacy Carrier, Insur,
 * AuthHist as headerless text downloads; ActPendInsur as the portal's CSV export; Revocation with its
 * header; the five Motus CSVs), imports the census and then each file into a fresh SQLite database,
 * each in its own process, and prints rows/s and peak memory per shape beside the target.
 *
 *   npm run bench:import-li [-- --rows 1000000 --carriers 1000000 --only Insur]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CsvFileWriter } from '../demo/writer.ts';
import { runImport } from './run-import.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    carriers: { type: 'string', default: '1000000' },
    /** Only the shapes whose name contains this text ('Insur', 'Motus'). */
    only: { type: 'string', default: '' },
  },
});
const rows = Number(values.rows);
const carriers = Number(values.carriers);
/** FMCSA's daily L&I files are thousands of rows; the all-with-history files a few million: 10 minutes each. */
const TARGET_ROWS_PER_SECOND = 5_000;
const workDir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-bench-li-'));

const quoted = (fields: readonly (string | number)[]) => fields.map((field) => `"${field}"`).join(',');
const padDot = (dot: number) => String(dot).padStart(8, '0');
const mmddyyyy = (i: number) =>
  `${String((i % 12) + 1).padStart(2, '0')}/${String((i % 28) + 1).padStart(2, '0')}/20${10 + (i % 15)}`;
const yyyymmdd = (i: number) =>
  `20${10 + (i % 15)}${String((i % 12) + 1).padStart(2, '0')}${String((i % 28) + 1).padStart(2, '0')}`;

interface Shape {
  name: string;
  file: string;
  header: string | null;
  row(i: number, dot: number, mc: number): string;
}

const SHAPES: Shape[] = [
  {
    name: 'L&I Carrier, headerless',
    file: 'li_carrier.txt',
    header: null,
    row: (i, dot, mc) => {
      const fields: string[] = Array.from({ length: 43 }, () => '');
      Object.assign(fields, {
        0: `MC${mc}`,
        1: padDot(dot),
        4: i % 10 ? 'A' : 'I',
        5: 'N',
        6: 'N',
        18: '00750',
        21: '00750',
        26: `CARRIER ${i}`,
      });
      return quoted(fields);
    },
  },
  {
    name: 'L&I Insur, headerless',
    file: 'li_insur.txt',
    header: null,
    row: (i, _dot, mc) =>
      i % 7 === 0
        ? quoted([`MC${mc}`, '', '', '00000', '00000', '', '', '', ''])
        : quoted([
            `MC${mc}`,
            '1',
            'P',
            '00750',
            '00000',
            `P${i}`,
            mmddyyyy(i),
            '91X',
            'NORTHLAND INSURANCE COMPANY',
          ]),
  },
  {
    name: 'L&I ActPendInsur, CSV export',
    file: 'li_actpendinsur.csv',
    header:
      'docket_number,dot_number,ins_form_code,ins_type_desc,name_company,policy_no,trans_date,underl_lim_amount,max_cov_amount,effective_date,cancl_effective_date',
    row: (i, dot, mc) =>
      [
        `MC${mc}`,
        padDot(dot),
        '91X',
        'BIPD/Primary',
        'CANAL INSURANCE COMPANY',
        `A${i}`,
        mmddyyyy(i),
        0,
        750,
        mmddyyyy(i),
        i % 3 ? '' : mmddyyyy(i + 5),
      ].join(','),
  },
  {
    name: 'L&I AuthHist, headerless',
    file: 'li_authhist.txt',
    header: null,
    row: (i, dot, mc) => quoted([`MC${mc}`, padDot(dot), '', 'COMMON', 'GRANTED', mmddyyyy(i), '', '', '']),
  },
  {
    name: 'L&I Revocation, with header',
    file: 'li_revocation.txt',
    header: quoted([
      'DOCKET_NUMBER',
      'DOT_NUMBER',
      'OPERATING_AUTHORITY_REGISTRATION_TYPE',
      'SERVE_DATE',
      'REVOCATION_TYPE',
      'EFFECTIVE_DATE',
    ]),
    row: (i, dot, mc) =>
      quoted([
        `MC${mc}`,
        padDot(dot),
        'COMMON',
        mmddyyyy(i),
        i % 4 ? 'INVOLUNTARY REVOCATION' : 'VOLUNTARY REVOCATION',
        i % 4 ? mmddyyyy(i + 1) : '',
      ]),
  },
  {
    name: 'Motus Carrier',
    file: 'motus_carrier.csv',
    header:
      'DOCKET_NUMBER,USDOT_NUMBER,RFC_NUMBER,OP_AUTH_TYPE,OP_AUTH_STATUS,MIN_COV_AMOUNT,CARGO_REQ,BOND_REQ,BIPD_FILE,CARGO_FILE,BOND_FILE,BUS_UNDELIVERABLE_MAIL,MAIL_UNDELIVERABLE_MAIL,DBA_NAME,LEGAL_NAME,BUS_STREET_PO,BUS_COLONIA,BUS_CITY,BUS_STATE_CODE,BUS_CTRY_CODE,BUS_ZIP_CODE,BUS_TELNO,MAIL_STREET_PO,MAIL_COLONIA,MAIL_CITY,MAIL_STATE_CODE,MAIL_CTRY_CODE,MAIL_ZIP_CODE',
    row: (i, dot, mc) =>
      `MC${mc},${dot},,Motor Carrier of Property (Except Household Goods),${i % 10 ? 'Active' : 'Inactive'},750000.00,N,N,750000.00,N,N,N,N,,CARRIER ${i},,,,,,,,,,,,,`,
  },
  {
    name: 'Motus Insur',
    file: 'motus_insur.csv',
    header:
      'DOCKET_NUMBER,USDOT_NUMBER,INS_FORM_CODE,INS_TYPE_CODE,INS_CLASS_CODE,MAX_COV_AMOUNT,UNDERL_LIM_AMOUNT,POLICY_NO,EFFECTIVE_DATE,INSURANCE_COMPANY_NAME,TRANS_DATE',
    row: (i, dot, mc) =>
      `MC${mc},${dot},BMC-91X,1,P,1000000.00,0,M${i},${yyyymmdd(i)},MOTUS MUTUAL,${yyyymmdd(i)}`,
  },
  {
    name: 'Motus InsHist',
    file: 'motus_inshist.csv',
    header:
      'DOCKET_NUMBER,USDOT_NUMBER,INS_FORM_CODE,FILING_STATUS_REASON,INS_TYPE_CODE,INS_TYPE_IND,POLICY_NO,INS_TYPE_DESC,MIN_COV_AMOUNT,INS_CLASS_CODE,EFFECTIVE_DATE,UNDERL_LIM_AMOUNT,MAX_COV_AMOUNT,CANCL_EFFECTIVE_DATE,INSURANCE_COMPANY_NAME',
    row: (i, dot, mc) =>
      `MC${mc},${dot},BMC-91X,${i % 2 ? 'CANCEL' : 'TERM/REPL'},1,,H${i},BIPD/Primary,750,P,${yyyymmdd(i)},0,1000,${yyyymmdd(i + 3)},MOTUS MUTUAL`,
  },
  {
    name: 'Motus RevokeSuspend',
    file: 'motus_revoke.csv',
    header:
      'DOCKET_NUMBER,USDOT_NUMBER,OP_AUTH_TYPE,ORDER1_SERVE_DATE,ORDER1_TYPE_DESC,ORDER1_EFFECTIVE_DATE',
    row: (i, dot, mc) =>
      `MC-${mc},${dot},Motor Carrier of Property (Except Household Goods),${yyyymmdd(i)},Operating Authority Involuntary Suspension Notice,${yyyymmdd(i + 1)}`,
  },
  {
    name: 'Motus AuthHist',
    file: 'motus_authhist.csv',
    header: 'DOCKET_NUMBER,USDOT_NUMBER,OP_AUTH_TYPE,OP_AUTH_STATUS,REASON,STATUS_CHANGE_DATE',
    row: (i, dot, mc) =>
      `MC${mc},${dot},Motor Carrier of Property (Except Household Goods),Active,GRANTED,${yyyymmdd(i)}`,
  },
];

/** Writes `count` lines made by `line` in batches. */
async function writeFile(file: string, header: string | null, count: number, line: (i: number) => string) {
  const writer = new CsvFileWriter(file, header);
  let batch: string[] = [];
  for (let i = 0; i < count; i += 1) {
    batch.push(line(i));
    if (batch.length === 10_000) {
      await writer.write(batch.join('\n') + '\n');
      batch = [];
    }
  }
  if (batch.length > 0) await writer.write(batch.join('\n') + '\n');
  await writer.close();
}

const carrierOf = (i: number) => {
  const n = i % carriers;
  return { dot: 1000 + n, mc: 100_000 + n };
};

async function main(): Promise<void> {
  const env = { DATA_DIR: path.join(workDir, 'data') };
  const census = path.join(workDir, 'census.csv');
  await writeFile(
    census,
    'DOT_NUMBER,LEGAL_NAME,STATUS_CODE,CARRIER_OPERATION,CARSHIP,DOCKET1PREFIX,DOCKET1',
    carriers,
    (i) => {
      const { dot, mc } = carrierOf(i);
      return `${dot},CARRIER ${i},A,A,C,MC,${mc}`;
    },
  );
  const loaded = await runImport([census], env);
  console.log(`census: ${carriers.toLocaleString('en-US')} carriers in ${loaded.seconds.toFixed(1)} s`);
  console.log(
    `${'file shape'.padEnd(32)} ${'rows'.padStart(10)} ${'rows/s'.padStart(8)} ${'peak MB'.padStart(8)}  target`,
  );
  for (const shape of SHAPES.filter((candidate) => candidate.name.includes(values.only))) {
    const file = path.join(workDir, shape.file);
    await writeFile(file, shape.header, rows, (i) => {
      const { dot, mc } = carrierOf(i);
      return shape.row(i, dot, mc);
    });
    const run = await runImport([file], env);
    rmSync(file);
    const rate = Number(/([\d,]+) rows\/s/.exec(run.output)?.[1]?.replaceAll(',', '') ?? NaN);
    console.log(
      `${shape.name.padEnd(32)} ${rows.toLocaleString('en-US').padStart(10)} ${rate.toLocaleString('en-US').padStart(8)} ${String(run.peakMb).padStart(8)}  >= ${TARGET_ROWS_PER_SECOND.toLocaleString('en-US')} rows/s`,
    );
  }
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => rmSync(workDir, { recursive: true, force: true }));

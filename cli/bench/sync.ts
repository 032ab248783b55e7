/**
 * Sync benchmark (npm run bench:sync): the real sync command (the bundled dist/server/sync.js the server
 * runs daily) against the local fake portal serving generated data, on SQLite and, given
 * --postgres-url (a cluster where it may create a database), on PostgreSQL. Prints each figure beside
 * its target:
 *   1. a daily sync: a store holding day one (the demo census, inspections, crashes and Motus), then
 *      day two's changes (0.2 % of carriers, a day of inspections, crashes and Motus changes), at the
 *      priority the server's daily run has, while the built server answers searches;
 *   2. the first load of the L&I history (legacy Carrier and AuthHist, Motus InsHist) at rows/s and
 *      the sync's peak memory;
 *   3. history storage per carrier per year, where the store keeps a history table.
 *
 * With --cache-dir, the generated day-one files and the SQLite store after the first sync are kept there
 * and reused, so the daily sync can be measured again without the first sync's hour at national size.
 * With --profile-dir, each sync process writes a CPU profile there (node --cpu-prof).
 *
 *   npm run build && npm run bench:sync [-- --carriers 4400000 --postgres-url postgres://u@host:5432/postgres
 *     --parts daily,li --stores sqlite,postgres --cache-dir .tmp/bench-sync]
 */
import { spawn } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os, { setPriority } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { SYNC_NICENESS } from '../../server/domains/sync/schedule.ts';
import { startFakePortal, type FakePortal } from '../../tests/support/fake-portal.ts';
import { createTestDatabase } from '../../tests/support/test-database.ts';
import { generateDemoData, type DemoFiles } from '../demo/generate.ts';
import {
  LI_AUTHHIST_COLUMNS,
  LI_CARRIER_COLUMNS,
  MOTUS_AUTHHIST_COLUMNS,
  MOTUS_CARRIER_COLUMNS,
  MOTUS_INSHIST_COLUMNS,
  MOTUS_INSUR_COLUMNS,
  MOTUS_REVOKE_COLUMNS,
} from '../fmcsa/columns.ts';
import { splitCsvLine } from '../sync/check-download.ts';
import { startBuiltServer } from './built-server.ts';
import { cpuSeconds, residentMb } from './figures.ts';
import { searchesDuring, type SearchFigures } from './scale-refresh.ts';

const { values } = parseArgs({
  options: {
    carriers: { type: 'string', default: '4400000' },
    'postgres-url': { type: 'string' },
    port: { type: 'string', default: '3231' },
    /** Which measurements: the daily sync, the first L&I load, or both (at national size, hours). */
    parts: { type: 'string', default: 'daily,li' },
    /** sqlite, postgres or both (postgres needs --postgres-url). */
    stores: { type: 'string', default: 'sqlite,postgres' },
    'cache-dir': { type: 'string' },
    /** A directory for CPU profiles of the sync processes (node --cpu-prof), to see where their time goes. */
    'profile-dir': { type: 'string' },
  },
});
const parts = new Set(values.parts.split(','));
const FULL_CARRIERS = 4_400_000;
const carriers = Number(values.carriers);
/** The generated L&I and Motus files shrink with the census. */
const scale = carriers / FULL_CARRIERS;
const DAY_ONE = Date.UTC(2026, 11, 1, 9, 30) / 1000;
const DAY_TWO = DAY_ONE + 86_400;

const TARGETS = {
  dailySeconds: { SQLite: 180, PostgreSQL: 300 },
  searchP99Ms: 200,
  liRowsPerSecond: { SQLite: 50_000, PostgreSQL: 30_000 },
  peakMb: 500,
};
/** A day's share of the census that changes, and of the 24-month inspection and crash files. */
const DAILY_CENSUS_SHARE = 0.002;
const DAYS_IN_FILES = 730;
/** Rows of the first L&I history load at full size. */
const LI_ROWS = { carrier: 2_000_000, authHist: 5_000_000, insHist: 10_000_000 };
/** Motus at full size: its all-with-history Carrier holds about 98,000 dockets; a day changes a few thousand rows. */
const MOTUS_ROWS = { whole: 100_000, daily: 2_500 };

/** How long the searches run with no sync, before it. */
const IDLE_SEARCH_MS = 20_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const workDir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-bench-sync-'));
/** Where day one's files and SQLite store are kept between runs, when asked. */
const cacheDir = values['cache-dir'] ? path.resolve(values['cache-dir'], String(carriers)) : null;
const dayOneFilesDir = cacheDir ? path.join(cacheDir, 'day-one-files') : workDir;
const cachedSqliteDir = cacheDir ? path.join(cacheDir, 'sqlite-day-one') : null;
const yyyymmdd = (i: number) =>
  `20${10 + (i % 15)}${String((i % 12) + 1).padStart(2, '0')}${String((i % 28) + 1).padStart(2, '0')}`;

/** A CSV line of `columns`, each from `values` by name, else empty. */
const rowOf = (columns: readonly string[], values: Record<string, string | number>) =>
  columns.map((column) => String(values[column] ?? values[column.toLowerCase()] ?? '')).join(',');

/** Writes `rows` lines of a dataset export (header: its column names) and returns the file. */
function writeExport(
  name: string,
  columns: readonly string[],
  rows: number,
  row: (i: number) => string,
  dir = workDir,
): string {
  const file = path.join(dir, name);
  writeFileSync(file, '');
  // Appended as it grows: a national InsHist file is larger than one string may be.
  const lines: string[] = [columns.join(',')];
  for (let i = 0; i < rows; i += 1) {
    lines.push(row(i));
    if (lines.length >= 50_000) appendFileSync(file, `${lines.splice(0).join('\n')}\n`);
  }
  if (lines.length > 0) appendFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

const docket = (i: number) => `MC${100_000 + i}`;
const dotOf = (i: number) => 1_000_000 + (i % Math.max(carriers, 1));

/** The five Motus datasets: whole id, daily id, columns, and a row. */
const MOTUS = [
  {
    id: 'inys-ebih',
    dailyId: 'nakq-58th',
    columns: MOTUS_CARRIER_COLUMNS,
    row: (i: number, day: number) =>
      rowOf(MOTUS_CARRIER_COLUMNS, {
        DOCKET_NUMBER: docket(i),
        USDOT_NUMBER: dotOf(i),
        OP_AUTH_TYPE: 'Motor Carrier of Property (Except Household Goods)',
        OP_AUTH_STATUS: (i + day) % 10 ? 'Active' : 'Inactive',
        MIN_COV_AMOUNT: '750000.00',
        BIPD_FILE: '750000.00',
        LEGAL_NAME: `CARRIER ${i}`,
      }),
  },
  {
    id: 'c5y8-a4uz',
    dailyId: 'x96h-evps',
    columns: MOTUS_INSUR_COLUMNS,
    row: (i: number, day: number) =>
      rowOf(MOTUS_INSUR_COLUMNS, {
        DOCKET_NUMBER: docket(i),
        USDOT_NUMBER: dotOf(i),
        INS_FORM_CODE: 'BMC-91X',
        INS_TYPE_CODE: 1,
        INS_CLASS_CODE: 'P',
        MAX_COV_AMOUNT: '1000000.00',
        UNDERL_LIM_AMOUNT: 0,
        POLICY_NO: `P${i}-${day}`,
        EFFECTIVE_DATE: yyyymmdd(i + day),
        INSURANCE_COMPANY_NAME: 'MOTUS MUTUAL',
        TRANS_DATE: yyyymmdd(i + day),
      }),
  },
  {
    id: '3uet-3z4i',
    dailyId: 'xe5s-wca7',
    columns: MOTUS_INSHIST_COLUMNS,
    row: (i: number, day: number) => insHistRow(i, day),
  },
  {
    id: 'wb4f-neki',
    dailyId: 'e67p-xyd5',
    columns: MOTUS_REVOKE_COLUMNS,
    row: (i: number, day: number) =>
      rowOf(MOTUS_REVOKE_COLUMNS, {
        DOCKET_NUMBER: docket(i),
        USDOT_NUMBER: dotOf(i),
        OP_AUTH_TYPE: 'Motor Carrier of Property (Except Household Goods)',
        ORDER1_SERVE_DATE: yyyymmdd(i + day),
        ORDER1_TYPE_DESC: 'Operating Authority Involuntary Suspension Notice',
        ORDER1_EFFECTIVE_DATE: yyyymmdd(i + day + 30),
      }),
  },
  {
    id: 'yu5v-wbh6',
    dailyId: 'dm5j-zc6c',
    columns: MOTUS_AUTHHIST_COLUMNS,
    row: (i: number, day: number) =>
      rowOf(MOTUS_AUTHHIST_COLUMNS, {
        DOCKET_NUMBER: docket(i),
        USDOT_NUMBER: dotOf(i),
        OP_AUTH_TYPE: 'Motor Carrier of Property (Except Household Goods)',
        OP_AUTH_STATUS: 'Active',
        REASON: (i + day) % 3 ? 'GRANTED' : 'REINSTATED',
        STATUS_CHANGE_DATE: yyyymmdd(i + day),
      }),
  },
];

function insHistRow(i: number, day: number): string {
  return rowOf(MOTUS_INSHIST_COLUMNS, {
    DOCKET_NUMBER: docket(i),
    USDOT_NUMBER: dotOf(i),
    INS_FORM_CODE: 'BMC-91X',
    FILING_STATUS_REASON: i % 2 ? 'CANCEL' : 'TERM/REPL',
    INS_TYPE_CODE: 1,
    POLICY_NO: `H${i}-${day}`,
    INS_TYPE_DESC: 'BIPD/Primary',
    MIN_COV_AMOUNT: 750,
    INS_CLASS_CODE: 'P',
    EFFECTIVE_DATE: yyyymmdd(i),
    UNDERL_LIM_AMOUNT: 0,
    MAX_COV_AMOUNT: 1000,
    CANCL_EFFECTIVE_DATE: yyyymmdd(i + 40),
    INSURANCE_COMPANY_NAME: 'MOTUS MUTUAL',
  });
}

/** Lines of a CSV file, split, chosen by `keep(index)` (the header is not offered). */
async function pickRows(
  file: string,
  keep: (index: number) => boolean,
  limit = Infinity,
): Promise<{ header: string[]; rows: string[][] }> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  let header: string[] = [];
  const rows: string[][] = [];
  let index = -1;
  for await (const line of lines) {
    if (index === -1) header = splitCsvLine(line);
    else if (keep(index)) rows.push(splitCsvLine(line));
    index += 1;
    if (rows.length >= limit) break;
  }
  lines.close();
  return { header, rows };
}

/** Day two on the portal: changed carriers, a day of inspections and crashes, Motus daily files. */
async function publishDayTwo(portal: FakePortal, demo: DemoFiles): Promise<number> {
  const every = Math.round(1 / DAILY_CENSUS_SHARE);
  const census = await pickRows(demo.census, (index) => index % every === 0);
  const units = census.header.indexOf('POWER_UNITS');
  const phone = census.header.indexOf('PHONE');
  for (const row of census.rows) {
    row[units] = String(Number(row[units] || 0) + 1);
    row[phone] = '5550100199';
  }
  portal.update('az4n-8mr2', census.rows, DAY_TWO);
  const newRows = async (
    file: string,
    count: number,
    idColumn: string,
    dateColumn: string,
    idBase: number,
  ) => {
    const picked = await pickRows(file, () => true, count);
    const id = picked.header.indexOf(idColumn);
    const date = picked.header.indexOf(dateColumn);
    return picked.rows.map((row, i) => {
      row[id] = String(idBase + i);
      row[date] = '20261202';
      return row;
    });
  };
  // A day of the 24-month files: their first rows again, under new ids, dated day two.
  const days = [
    {
      id: 'fx4q-ay7w',
      file: demo.inspections,
      rows: demo.counts.inspections,
      key: 'INSPECTION_ID',
      date: 'INSP_DATE',
    },
    {
      id: 'aayw-vxb3',
      file: demo.crashes,
      rows: demo.counts.crashRows,
      key: 'CRASH_ID',
      date: 'REPORT_DATE',
    },
  ];
  let activityRows = 0;
  for (const [index, day] of days.entries()) {
    const rows = await newRows(
      day.file,
      Math.ceil(day.rows / DAYS_IN_FILES),
      day.key,
      day.date,
      (9 - index) * 100_000_000,
    );
    portal.update(day.id, rows, DAY_TWO);
    activityRows += rows.length;
  }
  const daily = Math.ceil(MOTUS_ROWS.daily * scale);
  for (const motus of MOTUS) {
    const file = writeExport(`${motus.dailyId}-day2.csv`, motus.columns, daily, (i) => motus.row(i * 7, 2));
    await portal.publishFile(motus.dailyId, file, DAY_TWO);
  }
  return census.rows.length + activityRows + daily * MOTUS.length;
}

interface SyncRun {
  code: number | null;
  seconds: number;
  peakMb: number;
  /** CPU time of the sync process (user and system), sampled as its memory is: read apart from the machine's load. */
  cpuSeconds: number;
  output: string;
}

/**
 * The bundled sync command in its own process, its peak memory sampled from /proc; with `niceness`,
 * at that priority (as the server's daily run).
 */
function runSync(args: string[], env: Record<string, string>, niceness = 0): Promise<SyncRun> {
  const started = performance.now();
  const profile = values['profile-dir']
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values['profile-dir'])}`]
    : [];
  const child = spawn(process.execPath, [...profile, 'dist/server/sync.js', ...args], {
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (niceness) setPriority(child.pid!, niceness);
  let output = '';
  let peakMb = 0;
  let cpu = 0;
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const sample = setInterval(() => {
    try {
      const mb = residentMb(child.pid!, 'VmHWM');
      // A process on its way out has no memory figures left.
      if (Number.isFinite(mb)) peakMb = Math.max(peakMb, mb);
      cpu = Math.max(cpu, cpuSeconds(child.pid!));
    } catch {
      // exited
    }
  }, 100);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearInterval(sample);
      resolve({
        code,
        seconds: (performance.now() - started) / 1000,
        peakMb,
        cpuSeconds: cpu,
        output: output.trim(),
      });
    }),
  );
}

function must(run: SyncRun, what: string): SyncRun {
  if (run.code !== 0) throw new Error(`${what}: the sync exited ${run.code}:\n${run.output}`);
  return run;
}

/** The history table's bytes, or null when the store has none. */
async function historyBytes(db: Db, dialect: 'sqlite' | 'postgres'): Promise<number | null> {
  const table =
    dialect === 'sqlite'
      ? (
          await sql<{
            name: string;
          }>`SELECT name FROM sqlite_master WHERE name = 'record_history_events'`.execute(db)
        ).rows[0]
      : (await sql<{ name: string | null }>`SELECT to_regclass('record_history_events') AS name`.execute(db))
          .rows[0];
  if (!table?.name) return null;
  try {
    const row =
      dialect === 'sqlite'
        ? (
            await sql<{
              bytes: number;
            }>`SELECT sum(pgsize) AS bytes FROM dbstat WHERE name LIKE 'record_history_events%'`.execute(db)
          ).rows[0]
        : (
            await sql<{
              bytes: string;
            }>`SELECT pg_total_relation_size('record_history_events') AS bytes`.execute(db)
          ).rows[0];
    return Number(row?.bytes ?? 0);
  } catch {
    return null;
  }
}

interface Store {
  name: 'SQLite' | 'PostgreSQL';
  dialect: 'sqlite' | 'postgres';
  env: Record<string, string>;
  open(): Db;
  drop(): Promise<void>;
}

async function makeStore(name: Store['name'], label: string): Promise<Store> {
  const dataDir = path.join(workDir, `${label}-data`);
  mkdirSync(dataDir, { recursive: true });
  if (name === 'SQLite') {
    const filename = path.join(dataDir, 'app.db');
    return {
      name,
      dialect: 'sqlite',
      env: { DATA_DIR: dataDir, DATABASE_URL: `sqlite:${filename}` },
      open: () => openDatabase({ dialect: 'sqlite', filename }),
      drop: async () => undefined,
    };
  }
  // A database of its own in the given cluster, as each test file has (dropped after).
  process.env.TEST_DATABASE_URL = values['postgres-url'];
  const database = await createTestDatabase();
  await database.db.destroy();
  const url = (database.config as { url: string }).url;
  return {
    name,
    dialect: 'postgres',
    env: { DATA_DIR: dataDir, DATABASE_URL: url },
    open: () => openDatabase(database.config),
    drop: database.destroy,
  };
}

const QUERIES: Record<string, string>[] = [
  { super_search_term: 'freight' },
  { super_search_term: 'express', address_state: 'TX' },
  { super_search_term: 'logistics llc' },
  { super_search_term: 'tra' },
];
const DAILY_IDS = ['az4n-8mr2', 'fx4q-ay7w', 'aayw-vxb3', ...MOTUS.map((motus) => motus.id)].join(',');
const LI_IDS = '6eyk-hxee,9mw4-x3tu,3uet-3z4i';

type DailyFigures = {
  store: Store['name'];
  /** Null when day one's store came from the cache. */
  firstSync: SyncRun | null;
  dayTwoRows: number;
  daily: SyncRun;
  searches: SearchFigures;
  idle: SearchFigures;
  historyPerCarrierYear: number | null;
};
type LiFigures = { liRows: number; li: SyncRun };

async function benchDaily(
  name: Store['name'],
  demo: DemoFiles,
  portalFiles: (portal: FakePortal) => Promise<void>,
): Promise<DailyFigures> {
  const portal = await startFakePortal();
  const store = await makeStore(name, `${name}-daily`);
  try {
    await portalFiles(portal);
    const env = { ...store.env, FMCSA_PORTAL_URL: portal.url };
    const cached = name === 'SQLite' && cachedSqliteDir !== null;
    let firstSync: SyncRun | null = null;
    if (cached && existsSync(path.join(cachedSqliteDir, 'synced'))) {
      cpSync(cachedSqliteDir, store.env.DATA_DIR!, { recursive: true });
    } else {
      firstSync = must(await runSync(['--datasets', DAILY_IDS], env), 'first sync');
      if (cached) {
        rmSync(cachedSqliteDir, { recursive: true, force: true });
        cpSync(store.env.DATA_DIR!, cachedSqliteDir, { recursive: true });
        writeFileSync(path.join(cachedSqliteDir, 'synced'), '');
      }
    }
    const dayTwoRows = await publishDayTwo(portal, demo);
    const db = store.open();
    const before = await historyBytes(db, store.dialect);
    // Searchers from one address must not meet the rate limit.
    const server = await startBuiltServer(Number(values.port), store.env.DATA_DIR!, {
      ...store.env,
      RATE_LIMIT_MAX: '100000000',
    });
    let daily: SyncRun;
    let searches: SearchFigures;
    let idle: SearchFigures;
    try {
      // The same searches with no sync running: what the machine gives them, to tell the sync's share.
      ({ searches: idle } = await searchesDuring(server, QUERIES, () => sleep(IDLE_SEARCH_MS)));
      ({ result: daily, searches } = await searchesDuring(server, QUERIES, () =>
        runSync(['--datasets', DAILY_IDS], env, SYNC_NICENESS),
      ));
    } finally {
      server.stop();
    }
    must(daily, 'daily sync');
    const after = await historyBytes(db, store.dialect);
    await db.destroy();
    const historyPerCarrierYear =
      before === null || after === null ? null : ((after - before) / carriers) * 365;
    return { store: name, firstSync, dayTwoRows, daily, searches, idle, historyPerCarrierYear };
  } finally {
    await portal.close();
    await store.drop();
  }
}

async function benchLiLoad(name: Store['name'], liFiles: Record<string, string>): Promise<LiFigures> {
  const portal = await startFakePortal();
  const store = await makeStore(name, `${name}-li`);
  try {
    for (const [id, file] of Object.entries(liFiles)) await portal.publishFile(id, file, DAY_ONE);
    const db = store.open();
    await migrateToLatest(db, store.dialect);
    await db.destroy();
    const li = must(
      await runSync(['--datasets', LI_IDS], { ...store.env, FMCSA_PORTAL_URL: portal.url }),
      'L&I load',
    );
    const liRows =
      Math.ceil(LI_ROWS.carrier * scale) +
      Math.ceil(LI_ROWS.authHist * scale) +
      Math.ceil(LI_ROWS.insHist * scale);
    return { liRows, li };
  } finally {
    await portal.close();
    await store.drop();
  }
}

const fmt = (value: number, digits = 0) => value.toLocaleString('en-US', { maximumFractionDigits: digits });
const mark = (ok: boolean) => (ok ? 'ok' : 'MISSED');

function printDaily(figures: DailyFigures): void {
  const { store } = figures;
  const lines = [
    `## ${store}, ${fmt(carriers)} carriers: the daily sync`,
    figures.firstSync
      ? `first sync (whole exports: census, inspections, crashes, Motus): ${fmt(figures.firstSync.seconds, 1)} s, peak ${figures.firstSync.peakMb} MB (no target)`
      : `first sync: day one's store taken from ${cachedSqliteDir}`,
    `daily sync (${fmt(figures.dayTwoRows)} changed rows): ${fmt(figures.daily.seconds, 1)} s  target <= ${TARGETS.dailySeconds[store]} s  ${mark(figures.daily.seconds <= TARGETS.dailySeconds[store])}`,
    `  searches meanwhile: ${fmt(figures.searches.searches)}, p50 ${fmt(figures.searches.searchP50, 1)} ms, p99 ${fmt(figures.searches.searchP99, 1)} ms  target p99 <= ${TARGETS.searchP99Ms} ms  ${mark(figures.searches.searchP99 <= TARGETS.searchP99Ms)}; failed ${figures.searches.failedSearches}, empty ${figures.searches.emptyAnswers}`,
    `  the same searches before the sync, for ${IDLE_SEARCH_MS / 1000} s: ${fmt(figures.idle.searches)}, p50 ${fmt(figures.idle.searchP50, 1)} ms, p99 ${fmt(figures.idle.searchP99, 1)} ms (no target); failed ${figures.idle.failedSearches}`,
    `  daily sync peak memory: ${figures.daily.peakMb} MB  target <= ${TARGETS.peakMb} MB  ${mark(figures.daily.peakMb <= TARGETS.peakMb)}`,
    figures.historyPerCarrierYear === null
      ? 'history storage: not measured (this store has no record_history_events table)'
      : `history storage: ${fmt(figures.historyPerCarrierYear)} bytes per carrier per year at this daily change rate (reported)`,
  ];
  console.log(lines.join('\n'));
  console.log(`  the daily sync said:\n${figures.daily.output.replace(/^/gm, '    ')}`);
}

function printLi(store: Store['name'], figures: LiFigures): void {
  const rate = figures.liRows / figures.li.seconds;
  const sizes = `${fmt(LI_ROWS.carrier * scale)} Carrier, ${fmt(LI_ROWS.authHist * scale)} AuthHist, ${fmt(LI_ROWS.insHist * scale)} Motus InsHist`;
  console.log(
    [
      `## ${store}: the first L&I history load`,
      `rows: ${sizes}; the target sizes are ${fmt(LI_ROWS.carrier)}, ${fmt(LI_ROWS.authHist)} and ${fmt(LI_ROWS.insHist)} (this run: ${fmt(scale * 100, 1)} % of them)`,
      `first L&I history load (${fmt(figures.liRows)} rows): ${fmt(figures.li.seconds, 1)} s, ${fmt(rate)} rows/s  target >= ${fmt(TARGETS.liRowsPerSecond[store])}  ${mark(rate >= TARGETS.liRowsPerSecond[store])}`,
      `  the sync's CPU time: ${fmt(figures.li.cpuSeconds, 1)} s, ${fmt(figures.liRows / Math.max(figures.li.cpuSeconds, 0.01))} rows per CPU second (no target; read apart from the machine's load${store === 'PostgreSQL' ? ", without the database server's" : ''})`,
      `  peak importer memory: ${figures.li.peakMb} MB  target <= ${TARGETS.peakMb} MB  ${mark(figures.li.peakMb <= TARGETS.peakMb)}`,
      `  the load said:\n${figures.li.output.replace(/^/gm, '    ')}`,
    ].join('\n'),
  );
}

try {
  if (!existsSync('dist/server/sync.js') || !existsSync('dist/server/main.js')) {
    throw new Error('run npm run build first: the benchmark runs the built server and the bundled sync');
  }
  console.log(
    `generating ${fmt(carriers)} carriers and the L&I and Motus files (scale ${scale.toFixed(4)}) ...`,
  );
  const daily = async () => {
    mkdirSync(dayOneFilesDir, { recursive: true });
    const generated = path.join(dayOneFilesDir, 'generated.json');
    const demo: DemoFiles = existsSync(generated)
      ? (JSON.parse(readFileSync(generated, 'utf8')) as DemoFiles)
      : await generateDemoData({
          carriers,
          seed: 7,
          outDir: path.join(dayOneFilesDir, 'demo'),
          today: new Date(DAY_ONE * 1000),
        });
    const motusWhole = MOTUS.map((motus) => ({
      ...motus,
      file: path.join(dayOneFilesDir, `${motus.id}.csv`),
      dailyFile: path.join(dayOneFilesDir, `${motus.dailyId}-day1.csv`),
    }));
    if (!existsSync(generated)) {
      for (const motus of motusWhole) {
        const whole = Math.ceil(MOTUS_ROWS.whole * scale);
        writeExport(path.basename(motus.file), motus.columns, whole, (i) => motus.row(i, 1), dayOneFilesDir);
        writeExport(path.basename(motus.dailyFile), motus.columns, 1, (i) => motus.row(i, 1), dayOneFilesDir);
      }
      // Last: a run killed while generating starts again.
      if (cacheDir) writeFileSync(generated, JSON.stringify(demo));
    }
    const dayOne = async (portal: FakePortal) => {
      await portal.publishFile('az4n-8mr2', demo.census, DAY_ONE, 'DOT_NUMBER');
      await portal.publishFile('fx4q-ay7w', demo.inspections, DAY_ONE, 'INSPECTION_ID');
      await portal.publishFile('aayw-vxb3', demo.crashes, DAY_ONE);
      for (const motus of motusWhole) {
        await portal.publishFile(motus.id, motus.file, DAY_ONE);
        await portal.publishFile(motus.dailyId, motus.dailyFile, DAY_ONE);
      }
    };
    return { demo, dayOne };
  };
  const li = () => ({
    '6eyk-hxee': writeExport('li-carrier.csv', LI_CARRIER_COLUMNS, Math.ceil(LI_ROWS.carrier * scale), (i) =>
      rowOf(LI_CARRIER_COLUMNS, {
        docket_number: docket(i),
        dot_number: String(dotOf(i)).padStart(8, '0'),
        common_stat: i % 10 ? 'A' : 'I',
        contract_stat: 'N',
        broker_stat: 'N',
        min_cov_amount: '00750',
        bipd_file: '00750',
        legal_name: `CARRIER ${i}`,
      }),
    ),
    '9mw4-x3tu': writeExport(
      'li-authhist.csv',
      LI_AUTHHIST_COLUMNS,
      Math.ceil(LI_ROWS.authHist * scale),
      // Two or three rows a docket, each naming the docket's carrier, as the Carrier file does.
      (i) =>
        rowOf(LI_AUTHHIST_COLUMNS, {
          docket_number: docket(Math.floor(i / 2.5)),
          dot_number: String(dotOf(Math.floor(i / 2.5))).padStart(8, '0'),
          mod_col_1: 'COMMON',
          original_action_desc: i % 5 ? 'GRANTED' : 'INVOLUNTARY REVOCATION',
          orig_served_date: `${String((i % 12) + 1).padStart(2, '0')}/${String((i % 28) + 1).padStart(2, '0')}/20${10 + (i % 15)}`,
        }),
    ),
    '3uet-3z4i': writeExport(
      'motus-inshist-all.csv',
      MOTUS_INSHIST_COLUMNS,
      Math.ceil(LI_ROWS.insHist * scale),
      (i) => insHistRow(Math.floor(i / 5), i % 5),
    ),
    'xe5s-wca7': writeExport('motus-inshist-day1.csv', MOTUS_INSHIST_COLUMNS, 1, (i) => insHistRow(i, 1)),
  });
  const dailyData = parts.has('daily') ? await daily() : null;
  const liFiles = parts.has('li') ? li() : null;

  const named = new Set(values.stores.split(','));
  const stores: Store['name'][] = [
    ...(named.has('sqlite') ? (['SQLite'] as const) : []),
    ...(named.has('postgres') && values['postgres-url'] ? (['PostgreSQL'] as const) : []),
  ];
  for (const name of stores) {
    if (dailyData) printDaily(await benchDaily(name, dailyData.demo, dailyData.dayOne));
    if (liFiles) printLi(name, await benchLiLoad(name, liFiles));
  }
  if (!values['postgres-url']) console.log('PostgreSQL: not run (give --postgres-url)');
} finally {
  rmSync(workDir, { recursive: true, force: true });
}

/**
 * Vetting report benchmark (npm run bench:report, issue 56): on a SQLite store of --carriers carriers
 * (demo data at the national ratio of inspections, with their crashes, SMS violations and L&I
 * filings, made once into --cache-dir and reused), picks the carrier with the most inspections, gives
 * it two years of record history, starts the built server and measures
 *   1. making a report of that carrier (POST /api/v1/reports, one after another): p50 and p95,
 *   2. serving a stored report, its PDF (and its revalidation by ETag) and its page, beside a static
 *      file of binary bytes the size of a report's PDF and the static pages (autocannon, --connections each):
 *      requests a second, latency, bytes and the server's CPU time a request (the figure to compare on
 *      a machine shared with other work).
 * Build first (npm run build). The store takes long to build at the national size; pass a smaller
 * --carriers on a small machine and say which size the figures are of.
 *
 *   npm run bench:report [-- --carriers 4400000 --runs 40 --seconds 10 --connections 10
 *                           --cache-dir .tmp/bench-report --port 3292 --cpu-prof .tmp/profiles
 *                           --prepare-only]
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { RECORD_FIELDS, type NewHistoryEvent, type RecordField } from '../../core/history.ts';
import { openDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { insertHistoryEvents } from '../../server/domains/history/repo.ts';
import { DEMO_FILE_NAMES, DEMO_LI_FILE_NAMES, generateDemoData } from '../demo/generate.ts';
import { autocannonFigures } from './autocannon-figures.ts';
import { startBuiltServer } from './built-server.ts';
import { cpuMs, percentile } from './figures.ts';
import { runImport } from './run-import.ts';

const { values } = parseArgs({
  options: {
    carriers: { type: 'string', default: '4400000' },
    // About 6 million inspections in 24 months for 4.4 million carriers, as bench:scale.
    'inspections-scale': { type: 'string', default: '1.36' },
    'cache-dir': { type: 'string', default: '.tmp/bench-report' },
    runs: { type: 'string', default: '40' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    port: { type: 'string', default: '3292' },
    'cpu-prof': { type: 'string' },
    'prepare-only': { type: 'boolean', default: false },
  },
});
const carriers = Number(values.carriers);
const storeDir = path.resolve(values['cache-dir'], String(carriers));
const dataDir = path.join(storeDir, 'data');
const TARGET_MAKE_P95_MS = 500;
const SEED = 13;
/** The static pages a stored report is compared with. */
const STATIC_PAGES = ['/terms-of-service', '/how-it-works'];
/** Census fields the synthetic history changes, month after month, as a carrier that moves often would. */
const CHANGING_FIELDS: RecordField[] = ['phone', 'physical_address', 'power_units', 'drivers'];

/** The import runs of the store, in order: each leaves a marker, so a run killed midway resumes. */
const IMPORT_STEPS: [string, string[]][] = [
  ['census', [DEMO_FILE_NAMES.census]],
  ['activity', [DEMO_FILE_NAMES.inspections, DEMO_FILE_NAMES.crashes]],
  ['violations', [DEMO_FILE_NAMES.violations]],
  ['li', Object.values(DEMO_LI_FILE_NAMES)],
];

/**
 * The store with the demo data imported, made once and step by step (a killed run resumes at the step
 * it was in); answers the most inspected carrier's DOT number.
 */
async function prepareStore(): Promise<number> {
  const marker = (step: string) => path.join(storeDir, `done-${step}`);
  const filesDir = path.join(storeDir, 'files');
  const database = { dialect: 'sqlite' as const, filename: path.join(dataDir, 'app.db') };
  if (!existsSync(marker('prepared'))) {
    if (!existsSync(marker('generated'))) {
      rmSync(storeDir, { recursive: true, force: true });
      mkdirSync(dataDir, { recursive: true });
      console.log(`generating ${carriers.toLocaleString('en-US')} carriers ...`);
      await generateDemoData({
        carriers,
        seed: SEED,
        outDir: filesDir,
        inspectionsPerCarrierScale: Number(values['inspections-scale']),
      });
      writeFileSync(marker('generated'), '');
    }
    for (const [step, names] of IMPORT_STEPS) {
      if (existsSync(marker(step))) continue;
      console.log(`importing ${names.join(', ')} ...`);
      await runImport(
        names.map((name) => path.join(filesDir, name)),
        { DATA_DIR: dataDir },
      );
      writeFileSync(marker(step), '');
    }
    const db = openDatabase(database);
    await migrateToLatest(db, 'sqlite');
    const busiest = await mostInspected(db);
    await insertHistoryEvents(db, syntheticHistory(busiest));
    await db.destroy();
    rmSync(filesDir, { recursive: true, force: true });
    writeFileSync(marker('prepared'), '');
  }
  const db = openDatabase(database);
  try {
    return await mostInspected(db);
  } finally {
    await db.destroy();
  }
}

async function mostInspected(db: ReturnType<typeof openDatabase>): Promise<number> {
  const row = await db
    .selectFrom('inspections')
    .select(['dot_number', (eb) => eb.fn.countAll<number | string>().as('inspections')])
    .groupBy('dot_number')
    .orderBy('inspections', 'desc')
    .orderBy('dot_number')
    .limit(1)
    .executeTakeFirstOrThrow();
  return row.dot_number;
}

/** Two years of monthly record changes: more history than any real carrier shows in a report. */
function syntheticHistory(dotNumber: number): NewHistoryEvent[] {
  const events: NewHistoryEvent[] = [];
  const today = new Date();
  for (let month = 0; month < 24; month += 1) {
    const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - month, 1))
      .toISOString()
      .slice(0, 10);
    for (const [index, field] of CHANGING_FIELDS.entries()) {
      events.push({
        dotNumber,
        kind: 'record',
        event: 'changed',
        subject: field,
        valueBefore: `${RECORD_FIELDS[field]} ${month + 1}.${index}`,
        valueAfter: `${RECORD_FIELDS[field]} ${month}.${index}`,
        effectiveOn: null,
        firstSeenOn: day,
        source: 'az4n-8mr2',
      });
    }
  }
  return events;
}

/** About the size of the most inspected carrier's PDF. */
const BINARY_FILE_BYTES = 37 * 1024;
const BINARY_FILE = 'build/client/assets/bench-report-binary.bin';

/**
 * A static file of random bytes the size of a report's PDF, written before the server starts (it
 * serves the files it finds then): autocannon reads a binary body several times slower than a text
 * one of the same size, so the PDF is compared with binary bytes, not with a script.
 */
function writeBinaryStaticFile(): string {
  writeFileSync(BINARY_FILE, randomBytes(BINARY_FILE_BYTES));
  return `/assets/${path.basename(BINARY_FILE)}`;
}

async function makeReport(baseUrl: string, dotNumber: number): Promise<{ id: string; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/v1/reports`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ dot_number: dotNumber }),
  });
  const ms = performance.now() - started;
  if (response.status !== 201) throw new Error(`making a report answered ${response.status}`);
  const { id } = (await response.json()) as { id: string };
  return { id, ms };
}

const dotNumber = await prepareStore();
console.log(`carrier with the most inspections: USDOT ${dotNumber}`);
if (!values['prepare-only']) {
  const binaryFile = writeBinaryStaticFile();
  const server = await startBuiltServer(
    Number(values.port),
    dataDir,
    { RATE_LIMIT_MAX: '100000000', REPORT_RATE_LIMIT_MAX: '100000000' },
    values['cpu-prof'],
  );
  try {
    const runs = Number(values.runs);
    // The first reports read the carrier's rows from disk into the page cache.
    for (let warm = 0; warm < 3; warm += 1) await makeReport(server.baseUrl, dotNumber);
    const timings: number[] = [];
    const cpuBefore = cpuMs(server.pid);
    let id = '';
    for (let run = 0; run < runs; run += 1) {
      const made = await makeReport(server.baseUrl, dotNumber);
      timings.push(made.ms);
      id = made.id;
    }
    const cpuPerReport = (cpuMs(server.pid) - cpuBefore) / runs;
    timings.sort((a, b) => a - b);
    const pdf = await fetch(`${server.baseUrl}/reports/${id}.pdf`);
    const pdfBytes = (await pdf.arrayBuffer()).byteLength;
    console.log(
      `making a report of USDOT ${dotNumber} (${carriers.toLocaleString('en-US')} carriers, ${runs} runs, ` +
        `PDF ${Math.round(pdfBytes / 1024)} KB): p50 ${percentile(timings, 50).toFixed(0)} ms, ` +
        `p95 ${percentile(timings, 95).toFixed(0)} ms (target p95 <= ${TARGET_MAKE_P95_MS} ms); ` +
        `server CPU ${cpuPerReport.toFixed(0)} ms a report`,
    );

    const connections = Number(values.connections);
    const rows = [];
    const served: [string, Record<string, string>][] = [
      [`/reports/${id}.pdf`, {}],
      [binaryFile, {}],
      // A browser that kept the PDF asks again with its ETag: the answer is a 304 without a body.
      [`/reports/${id}.pdf`, { 'if-none-match': pdf.headers.get('etag') ?? '' }],
      [`/reports/${id}`, {}],
      ...STATIC_PAGES.map((page): [string, Record<string, string>] => [page, {}]),
    ];
    // Two seconds first on every path, unmeasured: the first requests after the reports were made
    // pay for collecting their garbage and for compiling the route, as the first reports did.
    for (const [urlPath, headers] of served) {
      await autocannon({ url: `${server.baseUrl}${urlPath}`, connections, duration: 2, headers });
    }
    for (const [urlPath, headers] of served) {
      const cpuBeforeRun = cpuMs(server.pid);
      const result = await autocannon({
        url: `${server.baseUrl}${urlPath}`,
        connections,
        duration: Number(values.seconds),
        headers,
      });
      const cpuPerRequest = (cpuMs(server.pid) - cpuBeforeRun) / Math.max(1, result.requests.total);
      rows.push({
        path: `${urlPath.replace(id, '{id}')}${headers['if-none-match'] ? ' (If-None-Match)' : ''}`,
        ...autocannonFigures(result),
        'KB a response': Math.round(result.throughput.total / Math.max(1, result.requests.total) / 1024),
        'server CPU ms a request': Number(cpuPerRequest.toFixed(2)),
      });
    }
    console.log(
      `serving (${connections} connections, ${values.seconds} s each; target: as the static pages, ` +
        'server CPU a request and requests a second)',
    );
    console.table(rows);
  } finally {
    server.stop();
    rmSync(BINARY_FILE, { force: true });
  }
}

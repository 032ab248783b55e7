/**
 * National-scale benchmark (npm run bench:scale, issue 15), every figure of the issue beside its
 * target. Two months of demo data at the full FMCSA size (the census, inspections at the real ratio
 * of about 6 million a month for 4.4 million carriers, crashes; month 2 is month 1 a month on,
 * next-month.ts) are made once into a cache folder and reused; so is a SQLite store holding month 1.
 * Each run, per database:
 *   1. a store with month 1 (SQLite: a copy of the cached one; PostgreSQL: imported into a fresh
 *      cluster, PG_TEST_DIR, default /tmp/carrierpage-pg-bench),
 *   2. the monthly refresh: the import command loads month 2 into it while the built server answers
 *      searches (scale-refresh.ts),
 *   3. both supersearch mixes through the search service (search-mixes.ts), each query three times
 *      in a row: its first run and its best,
 *   4. the page mix under 10 connections, with the server's memory (scale-pages.ts).
 * Build first (npm run build): steps 2 and 4 run the built server.
 *
 *   npm run bench:scale [-- --carriers 4400000 --skip-postgres --skip-sqlite --cache-dir .tmp/bench-scale
 *                          --inspections-scale 1.36 --seconds 10 --no-page-cache --show-slowest
 *                          --pg-shared-buffers 6GB]
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import type { DatabaseConfig } from '../../server/config.ts';
import { openDatabase, type Db } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { createSearchService } from '../../server/domains/search/service.ts';
import { parseSupersearchQuery } from '../../server/domains/search/supersearch-query.ts';
import { DEMO_FILE_NAMES, generateDemoData } from '../demo/generate.ts';
import { CENSUS_MAPPING_VERSION } from '../fmcsa/source-hash.ts';
import { startBuiltServer } from './built-server.ts';
import { deriveNextMonth } from './next-month.ts';
import { runImport } from './run-import.ts';
import { measurePageMix, scalePages, type PageFigures } from './scale-pages.ts';
import { refreshUnderSearches, type RefreshFigures } from './scale-refresh.ts';
import { hardMix, measureQueries, queryMix, type MixFigures, type Quantiles } from './search-mixes.ts';

const { values } = parseArgs({
  options: {
    carriers: { type: 'string', default: '4400000' },
    'skip-postgres': { type: 'boolean', default: false },
    'skip-sqlite': { type: 'boolean', default: false },
    'cache-dir': { type: 'string', default: '.tmp/bench-scale' },
    // About 6 million inspections in 24 months for 4.4 million carriers (issue 15).
    'inspections-scale': { type: 'string', default: '1.36' },
    seconds: { type: 'string', default: '10' },
    // Render every page answer (PAGE_CACHE_SECONDS=0) instead of serving kept listings again.
    'no-page-cache': { type: 'boolean', default: false },
    'show-slowest': { type: 'boolean', default: false },
    // PostgreSQL's shared buffers ('6GB'; its default is 128MB): the README asks for enough to hold
    // the companies table and its indexes at the national size.
    'pg-shared-buffers': { type: 'string' },
  },
});
const carriers = Number(values.carriers);
const cacheDir = path.resolve(values['cache-dir'], String(carriers));
const seconds = Number(values.seconds);
const showSlowest = values['show-slowest'];
const PORT = 3196;
const SEED = 11;
const BENCH_SERVER_ENV = {
  RATE_LIMIT_MAX: '100000000',
  ...(values['no-page-cache'] ? { PAGE_CACHE_SECONDS: '0' } : {}),
};

/** The issue's targets per dialect. */
const TARGETS = {
  SQLite: { p95: 10, p99: 25, pageRps: 200, refreshMinutes: 5 },
  PostgreSQL: { p95: 20, p99: 50, pageRps: 120, refreshMinutes: 10 },
} as const;
const PAGE_P99_MS = 100;
/**
 * Each query of the mixes runs this many times in a row: the first run finds only what earlier
 * queries left in the caches, the best of them what a server that answered it before finds.
 */
const MIX_RUNS = 3;
const IMPORTER_PEAK_MB = 500;
const REFRESH_SEARCH_P99_MS = 200;
const SERVER_PEAK_MB = 500;

type DialectName = keyof typeof TARGETS;
interface DialectFigures {
  name: DialectName;
  emptyImportSeconds: number | null;
  refresh: RefreshFigures;
  realistic: MixFigures;
  hard: MixFigures;
  pages: PageFigures[];
  serverPeakMb: number;
  serverPeakWithMappedMb: number;
  sizeMb: number;
}

/** Seconds a step took, printed as it ends. */
async function timed<T>(label: string, step: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await step();
  const took = (performance.now() - started) / 1000;
  console.log(`${label}: ${took.toFixed(1)} s`);
  return [result, took];
}

/** The day each month's data is as of. */
const MONTH_DAYS = { 1: new Date('2026-10-01T12:00:00Z'), 2: new Date('2026-11-01T12:00:00Z') } as const;

/**
 * A month of data, made once into the cache folder: month 1 generated, month 2 derived from it as
 * the next month's files would be (next-month.ts: the same carriers, a few percent of them changed,
 * 0.4% new ones, the inspection window a month on). Returns the files in import order.
 */
async function month(number: 1 | 2): Promise<string[]> {
  const outDir = path.join(cacheDir, `month-${number}`);
  const files = [DEMO_FILE_NAMES.census, DEMO_FILE_NAMES.inspections, DEMO_FILE_NAMES.crashes].map((name) =>
    path.join(outDir, name),
  );
  // Month 2 was once generated on its own, which renumbered every carrier: such a folder is made again.
  const marker = path.join(outDir, number === 1 ? 'generated' : 'derived');
  if (existsSync(marker)) return files;
  rmSync(outDir, { recursive: true, force: true });
  if (number === 1) {
    await timed(`generate month 1 (${carriers.toLocaleString('en-US')} carriers)`, () =>
      generateDemoData({
        carriers,
        seed: SEED,
        outDir,
        inspectionsPerCarrierScale: Number(values['inspections-scale']),
        today: MONTH_DAYS[1],
      }),
    );
  } else {
    const previous = path.dirname((await month(1))[0]!);
    await timed('derive month 2 from month 1', () =>
      deriveNextMonth(previous, outDir, { previousToday: MONTH_DAYS[1], today: MONTH_DAYS[2] }, SEED),
    );
  }
  writeFileSync(marker, '');
  return files;
}

/** The realistic and hard mixes for this store (the hard mix's last pages depend on the data). */
async function mixes(db: Db, database: DatabaseConfig) {
  const search = createSearchService(db, database.dialect);
  const realistic = await queryMix(db, carriers);
  const hard = await hardMix(async (query) => {
    const found = await search.supersearch(parseSupersearchQuery({ ...query, limit: '10' }));
    return Math.max(1, Math.min(found.total_pages, found.page_limit));
  });
  return { realistic, hard };
}

/** The largest fleet's DOT number: the profile with the most to show. */
async function largestFleet(db: Db): Promise<number> {
  const row = await db
    .selectFrom('companies')
    .select('dot_number')
    .where('power_units', 'is not', null)
    .orderBy('power_units', 'desc')
    .orderBy('dot_number')
    .executeTakeFirstOrThrow();
  return row.dot_number;
}

/**
 * Steps 2 to 4 on a store holding month 1: `serverEnv` points the built server and the import
 * command at it.
 */
async function measureStore(
  name: DialectName,
  database: DatabaseConfig,
  serverEnv: Record<string, string>,
  dataDir: string,
): Promise<Omit<DialectFigures, 'emptyImportSeconds' | 'sizeMb'>> {
  // The searches made during the refresh: the realistic mix of month 1's carriers.
  const db = openDatabase(database);
  const searchesDuringRefresh = await queryMix(db, carriers);
  await db.destroy();

  const serving = await startBuiltServer(PORT, dataDir, { ...BENCH_SERVER_ENV, ...serverEnv });
  let refresh: RefreshFigures;
  try {
    console.log(`${name}: refreshing with month 2 while the server answers searches ...`);
    refresh = await refreshUnderSearches(
      serving,
      await month(2),
      { DATA_DIR: dataDir, ...serverEnv },
      searchesDuringRefresh,
    );
  } finally {
    serving.stop();
  }
  console.log(refresh.importReport);

  const after = openDatabase(database);
  const { realistic, hard } = await mixes(after, database);
  const profileDot = await largestFleet(after);
  await after.destroy();
  const timing = { showSlowest, runs: MIX_RUNS };
  const realisticFigures = await measureQueries(`${name} realistic`, database, realistic, timing);
  const hardFigures = await measureQueries(`${name} hard`, database, hard, timing);

  const server = await startBuiltServer(PORT, dataDir, { ...BENCH_SERVER_ENV, ...serverEnv });
  try {
    const { pages, serverPeakMb, serverPeakWithMappedMb } = await measurePageMix(
      server,
      scalePages(profileDot),
      seconds,
    );
    return {
      name,
      refresh,
      realistic: realisticFigures,
      hard: hardFigures,
      pages,
      serverPeakMb,
      serverPeakWithMappedMb,
    };
  } finally {
    server.stop();
  }
}

/**
 * SQLite: a copy of the cached month-1 store (imported once, timed then), measured. One store per
 * census mapping version: a store whose source hashes another mapping wrote would measure the one
 * refresh after an upgrade, which maps every record again, instead of a month's.
 */
async function benchSqlite(): Promise<DialectFigures> {
  const cachedDir = path.join(cacheDir, `sqlite-month-1-census-v${CENSUS_MAPPING_VERSION}`);
  let emptyImportSeconds: number | null = null;
  if (!existsSync(path.join(cachedDir, 'loaded'))) {
    rmSync(cachedDir, { recursive: true, force: true });
    mkdirSync(cachedDir, { recursive: true });
    const [run] = await timed('SQLite: month 1 into an empty store', async () =>
      runImport(await month(1), { DATA_DIR: cachedDir }),
    );
    emptyImportSeconds = run.seconds;
    writeFileSync(path.join(cachedDir, 'loaded'), '');
  }
  // Migrations newer than the cached store (some write the search index again) run on it once, as
  // an upgrade would, before the server starts, which waits only seconds for it to answer.
  const store = openDatabase({ dialect: 'sqlite', filename: path.join(cachedDir, 'app.db') });
  await timed('SQLite: migrate the month-1 store', () => migrateToLatest(store, 'sqlite'));
  await store.destroy();
  const workDir = path.join(cacheDir, 'sqlite-refresh');
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  copyFileSync(path.join(cachedDir, 'app.db'), path.join(workDir, 'app.db'));
  const filename = path.join(workDir, 'app.db');
  const figures = await measureStore('SQLite', { dialect: 'sqlite', filename }, {}, workDir);
  return { ...figures, emptyImportSeconds, sizeMb: statSync(filename).size / 1e6 };
}

/** PostgreSQL: a fresh cluster, month 1 imported (timed; the import vacuums and analyses), measured. */
async function benchPostgres(): Promise<DialectFigures> {
  const sharedBuffers = values['pg-shared-buffers'];
  const env = {
    ...process.env,
    PG_TEST_DIR: process.env.PG_TEST_DIR ?? '/tmp/carrierpage-pg-bench',
    ...(sharedBuffers ? { PG_SERVER_OPTIONS: `-c shared_buffers=${sharedBuffers}` } : {}),
  };
  const url = execFileSync('bash', ['scripts/pg-cluster.sh', 'start'], { encoding: 'utf8', env }).trim();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-bench-scale-'));
  try {
    const database: DatabaseConfig = { dialect: 'postgres', url };
    const [run] = await timed('PostgreSQL: month 1 into an empty store', async () =>
      runImport(await month(1), { DATA_DIR: dataDir, DATABASE_URL: url }),
    );
    const figures = await measureStore('PostgreSQL', database, { DATABASE_URL: url }, dataDir);
    const sizeDb = openDatabase(database);
    const size = await sql<{ bytes: string }>`SELECT pg_database_size(current_database()) AS bytes`.execute(
      sizeDb,
    );
    await sizeDb.destroy();
    return { ...figures, emptyImportSeconds: run.seconds, sizeMb: Number(size.rows[0]!.bytes) / 1e6 };
  } finally {
    execFileSync('bash', ['scripts/pg-cluster.sh', 'stop'], { env });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function printTable(results: DialectFigures[]): void {
  const ms = (value: number) => value.toFixed(1);
  const quantiles = (q: Quantiles, target: { p95: number; p99: number }) =>
    `${ms(q.p50)} / ${ms(q.p95)} / ${ms(q.p99)} (p95 <= ${target.p95}, p99 <= ${target.p99})`;
  const mixLines = (mix: 'realistic' | 'hard'): [string, ...string[]][] => [
    [
      `supersearch, ${mix} 200, each query's first run: p50 / p95 / p99 ms`,
      ...results.map((r) => quantiles(r[mix].first, TARGETS[r.name])),
    ],
    [
      `supersearch, ${mix} 200, each query's best of ${MIX_RUNS}: p50 / p95 / p99 ms`,
      ...results.map((r) => quantiles(r[mix].best, TARGETS[r.name])),
    ],
  ];
  const lines: [string, ...string[]][] = [...mixLines('realistic'), ...mixLines('hard')];
  for (const [index, page] of (results[0]?.pages ?? []).entries()) {
    lines.push([
      `SSR ${page.path.replace(/\/profile\/\d+/, '/profile/{largest fleet}')}: req/s, p99 ms`,
      ...results.map((r) => {
        const figures = r.pages[index]!;
        const target = TARGETS[r.name].pageRps;
        const failures =
          figures.non2xx + figures.errors > 0 ? `, ${figures.non2xx + figures.errors} failed` : '';
        return `${figures.requestsPerSecond} (>= ${target}), ${figures.p99} (<= ${PAGE_P99_MS})${failures}`;
      }),
    ]);
  }
  lines.push(
    [
      'refresh (month 2 into month 1) end to end, minutes',
      ...results.map((r) => `${(r.refresh.seconds / 60).toFixed(1)} (<= ${TARGETS[r.name].refreshMinutes})`),
    ],
    ['importer peak RSS, MB', ...results.map((r) => `${r.refresh.importerPeakMb} (<= ${IMPORTER_PEAK_MB})`)],
    [
      'searches during the refresh: p50 / p99 ms',
      ...results.map(
        (r) =>
          `${ms(r.refresh.searchP50)} / ${ms(r.refresh.searchP99)} (p99 <= ${REFRESH_SEARCH_P99_MS}), ${r.refresh.searches} searches`,
      ),
    ],
    [
      'searches during the refresh: failed / found nothing',
      ...results.map((r) => `${r.refresh.failedSearches} / ${r.refresh.emptyAnswers} (0 / 0)`),
    ],
    [
      'server peak RSS serving the pages, MB: its own memory; with the mapped database pages',
      ...results.map(
        (r) =>
          `${r.serverPeakMb}${r.name === 'SQLite' ? ` (<= ${SERVER_PEAK_MB})` : ''}; ${r.serverPeakWithMappedMb}`,
      ),
    ],
    [
      'month 1 into an empty store, minutes',
      ...results.map((r) =>
        r.emptyImportSeconds === null ? 'cached' : (r.emptyImportSeconds / 60).toFixed(1),
      ),
    ],
    ['on disk after the refresh, MB', ...results.map((r) => r.sizeMb.toFixed(0))],
  );
  const pages = values['no-page-cache'] ? 'every page rendered' : 'listings kept PAGE_CACHE_SECONDS';
  const buffers = results.some((r) => r.name === 'PostgreSQL')
    ? `, PostgreSQL shared buffers ${values['pg-shared-buffers'] ?? '128MB (its default)'}`
    : '';
  console.log(
    `\n${carriers.toLocaleString('en-US')} carriers (month 1), ${seconds} s per page, ${pages}${buffers}`,
  );
  console.log(`| figure | ${results.map((r) => r.name).join(' | ')} |`);
  console.log(`|---|${results.map(() => '---').join('|')}|`);
  for (const line of lines) console.log(`| ${line.join(' | ')} |`);
}

const results: DialectFigures[] = [];
if (!values['skip-sqlite']) results.push(await benchSqlite());
if (!values['skip-postgres']) results.push(await benchPostgres());
printTable(results);

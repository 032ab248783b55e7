/**
 * Search benchmark (npm run bench:search): generates 1,000,000 carriers with the demo model, imports
 * them into a fresh SQLite database and a fresh PostgreSQL database, then measures the supersearch
 * over a fixed mix of 200 realistic queries (names, prefixes, DOT and MC numbers, cities, with state,
 * type and radius filters) and prints p50/p95/p99 per dialect. Then it starts the built server on the
 * SQLite database and measures requests/s of a city page and a search page with autocannon
 * (10 connections). Build first: npm run build.
 *
 *   npm run bench:search [-- --carriers 1000000 --skip-postgres --seconds 10]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startBuiltServer } from './built-server.ts';
import type { DatabaseConfig } from '../../server/config.ts';
import { openDatabase, type Db } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { createSearchService } from '../../server/domains/search/service.ts';
import { parseSupersearchQuery } from '../../server/domains/search/supersearch-query.ts';
import { generateDemoData } from '../demo/generate.ts';
import { importFiles } from '../import/import-files.ts';

const { values } = parseArgs({
  options: {
    carriers: { type: 'string', default: '1000000' },
    'skip-postgres': { type: 'boolean', default: false },
    seconds: { type: 'string', default: '10' },
    // Measure an existing SQLite database instead of generating one (quicker while tuning).
    'sqlite-db': { type: 'string' },
    'show-slowest': { type: 'boolean', default: false },
  },
});
const carriers = Number(values.carriers);

/** A small deterministic generator, so every run measures the same 200 queries. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 200 queries drawn from the stored carriers: the kinds of things people type, with filters. */
async function queryMix(db: Db): Promise<Record<string, string>[]> {
  const random = seededRandom(42);
  const sample = await db
    .selectFrom('companies')
    .select(['name', 'dot_number', 'mc_number', 'phy_city', 'phy_state', 'phy_zip'])
    .where(
      'id',
      'in',
      Array.from({ length: 400 }, () => 1 + Math.floor(random() * carriers)),
    )
    .execute();
  const pick = () => sample[Math.floor(random() * sample.length)]!;
  const queries: Record<string, string>[] = [];
  const words = (name: string) => name.split(/\s+/).filter((word) => word.length > 2);
  for (let i = 0; i < 40; i += 1) queries.push({ super_search_term: pick().name });
  for (let i = 0; i < 30; i += 1)
    queries.push({ super_search_term: (words(pick().name)[0] ?? 'trans').slice(0, 4) });
  for (let i = 0; i < 20; i += 1)
    queries.push({ super_search_term: words(pick().name).slice(0, 2).join(' ') });
  for (let i = 0; i < 20; i += 1) queries.push({ super_search_term: String(pick().dot_number) });
  const withMc = sample.filter((row) => row.mc_number);
  for (let i = 0; i < 20; i += 1) {
    const mc = withMc[Math.floor(random() * withMc.length)]?.mc_number ?? '100000';
    queries.push({ super_search_term: i % 2 ? `MC${mc}` : mc });
  }
  for (let i = 0; i < 20; i += 1) {
    const row = pick();
    queries.push({ super_search_term: `${row.phy_city} ${row.phy_state}` });
  }
  for (let i = 0; i < 20; i += 1) {
    const row = pick();
    queries.push({
      super_search_term: words(row.name)[0] ?? 'freight',
      address_state: row.phy_state ?? 'TX',
    });
  }
  for (let i = 0; i < 15; i += 1) {
    queries.push({
      super_search_term: words(pick().name)[0] ?? 'logistics',
      company_types: i % 3 ? 'carrier' : 'broker',
    });
  }
  const radii = ['50', '250', '500'];
  for (let i = 0; i < 15; i += 1) {
    queries.push({
      super_search_term: words(pick().name)[0] ?? 'trucking',
      radius_zipcode: (pick().phy_zip ?? '75201').slice(0, 5),
      radius_miles: radii[i % 3]!,
    });
  }
  return queries.slice(0, 200);
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? NaN;
}

async function measureQueries(name: string, database: DatabaseConfig, mix: Record<string, string>[]) {
  const db = openDatabase(database);
  try {
    const search = createSearchService(db, database.dialect);
    const params = mix.map((query) => parseSupersearchQuery({ limit: '10', ...query }));
    for (const query of params.slice(0, 20)) await search.supersearch(query); // warm the caches
    const timings: number[] = [];
    const byQuery: [number, Record<string, string>][] = [];
    for (const [index, query] of params.entries()) {
      const started = performance.now();
      await search.supersearch(query);
      const elapsed = performance.now() - started;
      timings.push(elapsed);
      byQuery.push([elapsed, mix[index]!]);
    }
    timings.sort((a, b) => a - b);
    if (values['show-slowest']) {
      for (const [elapsed, query] of byQuery.sort((a, b) => b[0] - a[0]).slice(0, 12)) {
        console.log(`  ${elapsed.toFixed(1)} ms ${JSON.stringify(query)}`);
      }
    }
    console.log(
      `${name}: supersearch over ${timings.length} queries: p50 ${percentile(timings, 0.5).toFixed(2)} ms, ` +
        `p95 ${percentile(timings, 0.95).toFixed(2)} ms, p99 ${percentile(timings, 0.99).toFixed(2)} ms`,
    );
  } finally {
    await db.destroy();
  }
}

async function load(database: DatabaseConfig, files: string[]): Promise<void> {
  const db = openDatabase(database);
  try {
    await migrateToLatest(db, database.dialect);
    await importFiles(db, database.dialect, files, { showProgress: false });
  } finally {
    await db.destroy();
  }
}

async function measurePages(dataDir: string): Promise<void> {
  const server = await startBuiltServer(3198, dataDir);
  try {
    for (const page of ['/trucking-companies/dallas-tx', '/search?q=freight&addressState=TX']) {
      const result = await autocannon({
        url: `${server.baseUrl}${page}`,
        connections: 10,
        duration: Number(values.seconds),
      });
      console.log(
        `SSR ${page}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, ` +
          `p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}`,
      );
    }
  } finally {
    server.stop();
  }
}

if (values['sqlite-db']) {
  const sqlite: DatabaseConfig = { dialect: 'sqlite', filename: path.resolve(values['sqlite-db']) };
  const mixDb = openDatabase(sqlite);
  const mix = await queryMix(mixDb);
  await mixDb.destroy();
  await measureQueries('SQLite', sqlite, mix);
  process.exit(0);
}

const workDir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-bench-search-'));
try {
  console.log(`Generating ${carriers.toLocaleString('en-US')} carriers ...`);
  const files = await generateDemoData({
    carriers,
    seed: 11,
    outDir: workDir,
    inspectionsPerCarrierScale: 0,
  });
  const sqliteDir = path.join(workDir, 'sqlite');
  const sqlite: DatabaseConfig = { dialect: 'sqlite', filename: path.join(sqliteDir, 'app.db') };
  await load(sqlite, [files.census]);
  const mixDb = openDatabase(sqlite);
  const mix = await queryMix(mixDb);
  await mixDb.destroy();
  await measureQueries('SQLite', sqlite, mix);

  if (!values['skip-postgres']) {
    const url = execFileSync('bash', ['scripts/pg-cluster.sh', 'start'], { encoding: 'utf8' }).trim();
    try {
      const postgres: DatabaseConfig = { dialect: 'postgres', url };
      await load(postgres, [files.census]);
      await measureQueries('PostgreSQL', postgres, mix);
    } finally {
      execFileSync('bash', ['scripts/pg-cluster.sh', 'stop']);
    }
  }
  await measurePages(sqliteDir);
} finally {
  rmSync(workDir, { recursive: true, force: true });
}

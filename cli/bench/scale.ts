/**
 * National-scale benchmark (npm run bench:scale, issue 15): the demo census at the full FMCSA size,
 * generated once into a cache folder and reused, imported into SQLite (kept in the cache) and into a
 * fresh PostgreSQL cluster (PG_TEST_DIR, default /tmp/carrierpage-pg-bench), then both supersearch
 * mixes (the 200 realistic queries of bench:search and 200 hard ones: short prefixes, the commonest
 * words, every filter, deep pages) through the search service, printed beside the targets with the
 * databases' sizes on disk.
 *
 *   npm run bench:scale [-- --carriers 4400000 --skip-postgres --skip-sqlite --cache-dir .tmp/bench-scale --show-slowest]
 */
import { execFileSync } from 'node:child_process';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import type { DatabaseConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { createSearchService } from '../../server/domains/search/service.ts';
import { parseSupersearchQuery } from '../../server/domains/search/supersearch-query.ts';
import { DEMO_FILE_NAMES, generateDemoData } from '../demo/generate.ts';
import { importFiles } from '../import/import-files.ts';
import { hardMix, measureQueries, queryMix } from './search-mixes.ts';

const { values } = parseArgs({
  options: {
    carriers: { type: 'string', default: '4400000' },
    'skip-postgres': { type: 'boolean', default: false },
    'skip-sqlite': { type: 'boolean', default: false },
    'cache-dir': { type: 'string', default: '.tmp/bench-scale' },
    'show-slowest': { type: 'boolean', default: false },
  },
});
const carriers = Number(values.carriers);
const cacheDir = path.resolve(values['cache-dir'], String(carriers));
const census = path.join(cacheDir, DEMO_FILE_NAMES.census);
const showSlowest = values['show-slowest'];

/** Seconds a step took, printed as it ends. */
async function timed<T>(label: string, step: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await step();
  console.log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

async function load(database: DatabaseConfig): Promise<void> {
  const db = openDatabase(database);
  try {
    await migrateToLatest(db, database.dialect);
    await importFiles(db, database.dialect, [census], { showProgress: false });
  } finally {
    await db.destroy();
  }
}

type Figures = { p50: number; p95: number; p99: number };
const rows: [string, string, Figures, { p95: number; p99: number }][] = [];

async function measure(name: string, database: DatabaseConfig, targets: { p95: number; p99: number }) {
  const db = openDatabase(database);
  await migrateToLatest(db, database.dialect);
  const search = createSearchService(db, database.dialect);
  const realistic = await queryMix(db, carriers);
  const hard = await hardMix(async (query) =>
    Math.max(1, (await search.supersearch(parseSupersearchQuery({ ...query, limit: '10' }))).total_pages),
  );
  await db.destroy();
  rows.push([name, 'realistic 200', await measureQueries(name, database, realistic, showSlowest), targets]);
  rows.push([name, 'hard 200', await measureQueries(name, database, hard, showSlowest), targets]);
}

if (!existsSync(path.join(cacheDir, 'generated'))) {
  await timed(`generate ${carriers.toLocaleString('en-US')} carriers`, () =>
    generateDemoData({ carriers, seed: 11, outDir: cacheDir, inspectionsPerCarrierScale: 0 }),
  );
  writeFileSync(path.join(cacheDir, 'generated'), '');
}

const sqliteFile = path.join(cacheDir, 'sqlite', 'app.db');
const sqlite: DatabaseConfig = { dialect: 'sqlite', filename: sqliteFile };
if (!existsSync(path.join(cacheDir, 'sqlite', 'loaded'))) {
  await timed('SQLite census import (empty store)', () => load(sqlite));
  writeFileSync(path.join(cacheDir, 'sqlite', 'loaded'), '');
}
if (!values['skip-sqlite']) await measure('SQLite', sqlite, { p95: 10, p99: 25 });
const sizes = [`SQLite ${(statSync(sqliteFile).size / 1e6).toFixed(0)} MB`];

if (!values['skip-postgres']) {
  const env = { ...process.env, PG_TEST_DIR: process.env.PG_TEST_DIR ?? '/tmp/carrierpage-pg-bench' };
  const url = execFileSync('bash', ['scripts/pg-cluster.sh', 'start'], { encoding: 'utf8', env }).trim();
  try {
    const postgres: DatabaseConfig = { dialect: 'postgres', url };
    await timed('PostgreSQL census import (empty store)', () => load(postgres));
    const db = openDatabase(postgres);
    await sql`VACUUM ANALYZE companies`.execute(db);
    const size = await sql<{ bytes: string }>`SELECT pg_database_size(current_database()) AS bytes`.execute(
      db,
    );
    sizes.push(`PostgreSQL ${(Number(size.rows[0]!.bytes) / 1e6).toFixed(0)} MB`);
    await db.destroy();
    await measure('PostgreSQL', postgres, { p95: 20, p99: 50 });
  } finally {
    execFileSync('bash', ['scripts/pg-cluster.sh', 'stop'], { env });
  }
}

console.log(`\n${carriers.toLocaleString('en-US')} carriers; on disk: ${sizes.join(', ')}`);
console.log('| dialect | mix | p50 ms | p95 ms (target) | p99 ms (target) |');
console.log('|---|---|---|---|---|');
for (const [dialect, mix, figures, targets] of rows) {
  console.log(
    `| ${dialect} | ${mix} | ${figures.p50.toFixed(1)} | ${figures.p95.toFixed(1)} (<= ${targets.p95}) | ` +
      `${figures.p99.toFixed(1)} (<= ${targets.p99}) |`,
  );
}

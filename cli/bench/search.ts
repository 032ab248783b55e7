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
import { openDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { generateDemoData } from '../demo/generate.ts';
import { importFiles } from '../import/import-files.ts';
import { measureQueries, queryMix } from './search-mixes.ts';

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
  const mix = await queryMix(mixDb, carriers);
  await mixDb.destroy();
  await measureQueries('SQLite', sqlite, mix, { showSlowest: values['show-slowest'] });
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
  const mix = await queryMix(mixDb, carriers);
  await mixDb.destroy();
  await measureQueries('SQLite', sqlite, mix, { showSlowest: values['show-slowest'] });

  if (!values['skip-postgres']) {
    const url = execFileSync('bash', ['scripts/pg-cluster.sh', 'start'], { encoding: 'utf8' }).trim();
    try {
      const postgres: DatabaseConfig = { dialect: 'postgres', url };
      await load(postgres, [files.census]);
      await measureQueries('PostgreSQL', postgres, mix, { showSlowest: values['show-slowest'] });
    } finally {
      execFileSync('bash', ['scripts/pg-cluster.sh', 'stop']);
    }
  }
  await measurePages(sqliteDir);
} finally {
  rmSync(workDir, { recursive: true, force: true });
}

/**
 * Import benchmark (npm run bench:import): generates 1,000,000 Company Census rows (and about five
 * million inspections) with the demo model, imports them into a fresh SQLite database and into a
 * fresh PostgreSQL database (a private cluster started by scripts/pg-cluster.sh), and prints rows/s
 * and peak memory of each import (the violations of the inspections on their own), then the p50/p99
 * latency of the safety summary, and of the profile's safety detail (its two queries) over random
 * carriers and for the most inspected one, at that size.
 *
 *   npm run bench:import [-- --carriers 1000000 --inspections-scale 5.5 --skip-postgres]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase, type Db } from '../../server/db/database.ts';
import { createCarrierDataRepo } from '../../server/domains/carrier-data/repo.ts';
import { createCarrierDataService } from '../../server/domains/carrier-data/service.ts';
import { generateDemoData } from '../demo/generate.ts';
import { percentile } from './figures.ts';
import { runImport } from './run-import.ts';

const { values } = parseArgs({
  options: {
    carriers: { type: 'string', default: '1000000' },
    'inspections-scale': { type: 'string', default: '5.5' },
    'latency-samples': { type: 'string', default: '2000' },
    'skip-postgres': { type: 'boolean', default: false },
  },
});
const carriers = Number(values.carriers);
const latencySamples = Number(values['latency-samples']);
const workDir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-bench-import-'));
const TODAY = new Date();

/** Latency of `read` over random carriers' DOT numbers, measured in-process at the service. */
async function latencyOver(dots: readonly number[], read: (dot: number) => Promise<unknown>) {
  const timings: number[] = [];
  for (let i = 0; i < latencySamples; i += 1) {
    const dot = dots[Math.floor(Math.random() * dots.length)] as number;
    const started = performance.now();
    await read(dot);
    timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  return { p50: percentile(timings, 50), p99: percentile(timings, 99) };
}

const FIRST_PAGES = { inspectionsPage: 1, crashesPage: 1 };

async function safetyLatencies(db: Db) {
  const service = createCarrierDataService(createCarrierDataRepo(db), () => TODAY);
  const dots = (await db.selectFrom('companies').select('dot_number').orderBy('dot_number').execute()).map(
    (row) => row.dot_number,
  );
  const busiest = await db
    .selectFrom('inspections')
    .select(['dot_number', (eb) => eb.fn.countAll<number | string>().as('inspections')])
    .groupBy('dot_number')
    .orderBy('inspections', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  return {
    summary: await latencyOver(dots, (dot) => service.safetySummary(dot)),
    detail: await latencyOver(dots, (dot) => service.safetyDetailPages(dot, FIRST_PAGES)),
    busiest: {
      inspections: Number(busiest.inspections),
      detail: await latencyOver([busiest.dot_number], (dot) => service.safetyDetailPages(dot, FIRST_PAGES)),
    },
  };
}

async function benchDatabase(
  name: string,
  env: Record<string, string>,
  open: () => Db,
  files: {
    census: string;
    inspections: string;
    crashes: string;
    violations: string;
    counts: { violations: number };
  },
) {
  const census = await runImport([files.census], env);
  const rate = Math.round(carriers / census.seconds);
  console.log(
    `${name}: census ${carriers.toLocaleString('en-US')} rows in ${census.seconds.toFixed(1)} s = ${rate.toLocaleString('en-US')} rows/s end to end, peak RSS ${census.peakMb} MB`,
  );
  const activity = await runImport([files.inspections, files.crashes], env);
  console.log(
    `${name}: inspections and crashes imported in ${activity.seconds.toFixed(1)} s, peak RSS ${activity.peakMb} MB`,
  );
  const violations = await runImport([files.violations], env);
  console.log(
    `${name}: violations ${files.counts.violations.toLocaleString('en-US')} rows in ${violations.seconds.toFixed(1)} s = ` +
      `${Math.round(files.counts.violations / violations.seconds).toLocaleString('en-US')} rows/s end to end, peak RSS ${violations.peakMb} MB`,
  );
  const db = open();
  try {
    const { summary, detail, busiest } = await safetyLatencies(db);
    const figures = ({ p50, p99 }: { p50: number; p99: number }) =>
      `p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms`;
    console.log(`${name}: safety summary over ${latencySamples} random carriers: ${figures(summary)}`);
    console.log(`${name}: profile safety detail (two queries) over random carriers: ${figures(detail)}`);
    console.log(
      `${name}: profile safety detail of the most inspected carrier (${busiest.inspections.toLocaleString('en-US')} inspections): ${figures(busiest.detail)}`,
    );
  } finally {
    await db.destroy();
  }
}

try {
  console.log(`Generating ${carriers.toLocaleString('en-US')} carriers in ${workDir} ...`);
  const generationStarted = performance.now();
  const files = await generateDemoData({
    carriers,
    seed: 7,
    outDir: workDir,
    inspectionsPerCarrierScale: Number(values['inspections-scale']),
    today: TODAY,
  });
  console.log(
    `generated in ${((performance.now() - generationStarted) / 1000).toFixed(1)} s: ` +
      `${files.counts.inspections.toLocaleString('en-US')} inspections, ${files.counts.violations.toLocaleString('en-US')} violations, ${files.counts.crashes.toLocaleString('en-US')} crashes`,
  );

  // The generator leaves over a gigabyte of files for the kernel to write back; flushing them now keeps
  // that disk traffic out of the first import's time.
  execFileSync('sync');

  const sqliteDir = path.join(workDir, 'sqlite');
  await benchDatabase(
    'SQLite',
    { DATA_DIR: sqliteDir },
    () => openDatabase({ dialect: 'sqlite', filename: path.join(sqliteDir, 'app.db') }),
    files,
  );

  if (!values['skip-postgres']) {
    const url = execFileSync('bash', ['scripts/pg-cluster.sh', 'start'], { encoding: 'utf8' }).trim();
    try {
      await benchDatabase(
        'PostgreSQL',
        { DATA_DIR: path.join(workDir, 'pg'), DATABASE_URL: url },
        () => openDatabase({ dialect: 'postgres', url }),
        files,
      );
    } finally {
      execFileSync('bash', ['scripts/pg-cluster.sh', 'stop']);
    }
  }
} finally {
  rmSync(workDir, { recursive: true, force: true });
}

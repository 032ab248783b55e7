/**
 * Demo data in the real FMCSA CSV formats (Company Census, MCMIS inspections, MCMIS crashes), so the
 * importer that reads the government files loads it unchanged. Seeded and deterministic: the same
 * options give byte-identical files, whatever the number of threads.
 */
import { mkdir } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { LI_REVOCATION_HEADER, type LiLines } from './authority.ts';
import { CENSUS_HEADER } from './census.ts';
import { CHUNK_CARRIERS, type ChunkOutput, chunkCount, ChunkGenerator, type ChunkParams } from './chunk.ts';
import { CRASHES_HEADER } from './crashes.ts';
import { INSPECTIONS_HEADER } from './inspections.ts';
import { VIOLATIONS_HEADER } from './violations.ts';
import { chunksFromWorkers } from './workers.ts';
import { CsvFileWriter } from './writer.ts';

export interface DemoOptions {
  carriers: number;
  seed: number;
  outDir: string;
  /** Multiplies the inspection rate; at 1 carriers average about one inspection each. */
  inspectionsPerCarrierScale?: number;
  /** The day the data is "as of"; inspections and crashes fall in the 24 months before it. */
  today?: Date;
  /**
   * Worker threads generating chunks of carriers while this thread writes; 0 generates here. By
   * default one per CPU for big runs, none for small ones where starting workers costs more.
   */
  threads?: number;
}

export interface DemoFiles {
  census: string;
  inspections: string;
  crashes: string;
  /** SMS Input - Violation: the violations of the inspections. */
  violations: string;
  /** The L&I files, in the order they import: Carrier first (authority), then filings and history. */
  li: Record<keyof LiLines, string>;
  counts: { carriers: number; inspections: number; violations: number; crashes: number; crashRows: number };
}

export const DEMO_FILE_NAMES = {
  census: 'company_census.csv',
  inspections: 'vehicle_inspections.csv',
  crashes: 'crashes.csv',
  violations: 'sms_violations.csv',
} as const;

/** The legacy L&I text downloads' names (no header but Revocation's, as FMCSA publishes them). */
export const DEMO_LI_FILE_NAMES: Record<keyof LiLines, string> = {
  carrier: 'li_carrier.txt',
  insur: 'li_insur.txt',
  actPendInsur: 'li_actpendinsur.txt',
  authHist: 'li_authhist.txt',
  revocation: 'li_revocation.txt',
};
const LI_KEYS = Object.keys(DEMO_LI_FILE_NAMES) as (keyof LiLines)[];

/** Below this many carriers a run takes well under a second, less than starting worker threads. */
const MIN_CARRIERS_FOR_WORKERS = 20 * CHUNK_CARRIERS;

function validate(options: DemoOptions): void {
  if (!Number.isSafeInteger(options.carriers) || options.carriers < 0) {
    throw new RangeError('carriers must be a whole number of at least 0');
  }
  if (!Number.isSafeInteger(options.seed)) throw new RangeError('seed must be a whole number');
  const scale = options.inspectionsPerCarrierScale ?? 1;
  if (!Number.isFinite(scale) || scale < 0)
    throw new RangeError('inspectionsPerCarrierScale must be at least 0');
  if (options.today && Number.isNaN(options.today.getTime()))
    throw new RangeError('today is not a valid date');
  if (options.threads !== undefined && (!Number.isSafeInteger(options.threads) || options.threads < 0)) {
    throw new RangeError('threads must be a whole number of at least 0');
  }
  if (options.outDir === '') throw new RangeError('outDir is required');
}

async function* chunksInThisThread(params: ChunkParams, count: number): AsyncGenerator<ChunkOutput<string>> {
  const generator = new ChunkGenerator(params);
  for (let chunk = 0; chunk < count; chunk++) yield generator.generate(chunk);
}

export async function generateDemoData(options: DemoOptions): Promise<DemoFiles> {
  validate(options);
  const params: ChunkParams = {
    carriers: options.carriers,
    seed: options.seed,
    today: (options.today ?? new Date()).getTime(),
    inspectionsPerCarrierScale: options.inspectionsPerCarrierScale ?? 1,
  };
  const count = chunkCount(options.carriers);
  const threads =
    options.threads ?? (options.carriers >= MIN_CARRIERS_FOR_WORKERS ? availableParallelism() : 0);
  const chunks = threads > 0 ? chunksFromWorkers(params, count, threads) : chunksInThisThread(params, count);

  await mkdir(options.outDir, { recursive: true });
  const files = {
    census: join(options.outDir, DEMO_FILE_NAMES.census),
    inspections: join(options.outDir, DEMO_FILE_NAMES.inspections),
    crashes: join(options.outDir, DEMO_FILE_NAMES.crashes),
    violations: join(options.outDir, DEMO_FILE_NAMES.violations),
    li: Object.fromEntries(
      LI_KEYS.map((key) => [key, join(options.outDir, DEMO_LI_FILE_NAMES[key])]),
    ) as Record<keyof LiLines, string>,
  };
  const census = new CsvFileWriter(files.census, CENSUS_HEADER);
  const inspections = new CsvFileWriter(files.inspections, INSPECTIONS_HEADER);
  const crashes = new CsvFileWriter(files.crashes, CRASHES_HEADER);
  const violations = new CsvFileWriter(files.violations, VIOLATIONS_HEADER);
  const li = Object.fromEntries(
    LI_KEYS.map((key) => [
      key,
      new CsvFileWriter(files.li[key], key === 'revocation' ? LI_REVOCATION_HEADER : null),
    ]),
  ) as Record<keyof LiLines, CsvFileWriter>;
  const writers = [census, inspections, crashes, violations, ...Object.values(li)];
  const counts = { carriers: options.carriers, inspections: 0, violations: 0, crashes: 0, crashRows: 0 };

  try {
    for await (const chunk of chunks) {
      await Promise.all([
        census.write(chunk.census),
        inspections.write(chunk.inspections),
        crashes.write(chunk.crashes),
        violations.write(chunk.violations),
        ...LI_KEYS.map((key) => li[key].write(chunk.li[key])),
      ]);
      counts.inspections += chunk.inspectionCount;
      counts.violations += chunk.violationCount;
      counts.crashes += chunk.crashCount;
      counts.crashRows += chunk.crashRowCount;
    }
    await Promise.all(writers.map((writer) => writer.close()));
  } catch (error) {
    for (const writer of writers) writer.destroy();
    throw error;
  }
  return { ...files, counts };
}

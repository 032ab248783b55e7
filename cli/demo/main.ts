/**
 * Writes the demo data set: `tsx cli/demo/main.ts --carriers 50000 --seed 1 --out data/demo`
 * [--inspections-scale 5] [--today 2025-06-30] [--threads 2].
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { writeCensusChanges } from './census-changes.ts';
import { generateDemoData } from './generate.ts';

function wholeNumber(name: string, text: string): number {
  if (!/^\d+$/.test(text)) throw new Error(`--${name} must be a whole number, got "${text}"`);
  return Number(text);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      carriers: { type: 'string', default: '50000' },
      seed: { type: 'string', default: '1' },
      out: { type: 'string', default: 'data/demo' },
      'inspections-scale': { type: 'string', default: '1' },
      today: { type: 'string' },
      threads: { type: 'string' },
    },
  });
  const scale = Number(values['inspections-scale']);
  if (!Number.isFinite(scale) || scale < 0) throw new Error('--inspections-scale must be a number >= 0');
  const today = values.today === undefined ? new Date() : new Date(`${values.today}T12:00:00Z`);
  if (Number.isNaN(today.getTime())) throw new Error('--today must be a date like 2025-06-30');

  const started = performance.now();
  const seed = wholeNumber('seed', values.seed);
  const files = await generateDemoData({
    carriers: wholeNumber('carriers', values.carriers),
    seed,
    outDir: values.out,
    inspectionsPerCarrierScale: scale,
    today,
    threads: values.threads === undefined ? undefined : wholeNumber('threads', values.threads),
  });
  const changes = await writeCensusChanges({ census: files.census, outDir: values.out, seed, today });
  const seconds = (performance.now() - started) / 1000;
  const { counts } = files;
  console.log(`carriers     ${counts.carriers}  -> ${files.census} (as of ${changes.baseAsOf})`);
  for (const file of changes.files) console.log(`census changes  -> ${file}`);
  console.log(`inspections  ${counts.inspections}  -> ${files.inspections}`);
  console.log(`violations   ${counts.violations}  -> ${files.violations}`);
  console.log(`crashes      ${counts.crashes} (${counts.crashRows} vehicle rows)  -> ${files.crashes}`);
  for (const [name, file] of Object.entries(files.li)) console.log(`L&I ${name.padEnd(13)} -> ${file}`);
  console.log(`done in ${seconds.toFixed(2)} s`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});

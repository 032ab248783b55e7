/**
 * Loads the demo data set: generates FMCSA-format files (Company Census and a few months of its
 * changes, inspections, crashes, the L&I Carrier, Insur, ActPendInsur, AuthHist and Revocation files) with
 * the seeded industry model and imports them through the real importer.
 *
 *   npm run demo:seed [-- --carriers 50000 --seed 1 --if-empty]
 *
 * With --if-empty it does nothing when carriers are already stored (the start command uses this, so
 * only the first start pays for it).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { writeCensusChanges } from './demo/census-changes.ts';
import { generateDemoData } from './demo/generate.ts';
import { describeReport, importFiles } from './import/import-files.ts';

/** The full FMCSA census has about 4.4 million carriers. */
const MAX_CARRIERS = 4_400_000;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      carriers: { type: 'string', default: '50000' },
      seed: { type: 'string', default: '1' },
      'if-empty': { type: 'boolean', default: false },
    },
  });
  const carriers = Number(values.carriers);
  if (!Number.isInteger(carriers) || carriers < 1 || carriers > MAX_CARRIERS) {
    throw new ConfigError(
      `--carriers must be a whole number from 1 to ${MAX_CARRIERS.toLocaleString('en-US')}`,
    );
  }
  const config = loadConfig();
  const db = openDatabase(config.database);
  try {
    await migrateToLatest(db, config.database.dialect);
    if (values['if-empty']) {
      const stored = await db.selectFrom('companies').select('id').limit(1).executeTakeFirst();
      if (stored) {
        console.log('Carrier data already present; demo data not generated.');
        return;
      }
    }
    const outDir = path.join(config.dataDir, 'demo');
    console.log(`Generating the demo data set (${carriers.toLocaleString('en-US')} carriers) in ${outDir}`);
    const today = new Date();
    const seed = Number(values.seed);
    const files = await generateDemoData({ carriers, seed, outDir, today });
    const changes = await writeCensusChanges({ census: files.census, outDir, seed, today });
    // The census as of the first month, then a file of each month's changes: record histories.
    const reports = [
      ...(await importFiles(db, config.database.dialect, [files.census], { asOf: changes.baseAsOf })),
      ...(await importFiles(db, config.database.dialect, [
        ...changes.files,
        files.inspections,
        files.crashes,
        files.violations,
        ...Object.values(files.li),
      ])),
    ];
    for (const report of reports) console.log(describeReport(report));
    if (reports.some((report) => report.error)) process.exitCode = 1;
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});

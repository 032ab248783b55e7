/**
 * Imports FMCSA files into the configured database (DATABASE_URL / DATA_DIR, as the server reads them).
 *
 *   npm run import -- company_census.csv.gz vehicle_inspections.zip crashes.csv
 *
 * Exits 1 when any file could not be read at all; skipped rows alone do not fail the run.
 */
import { ConfigError, loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { describeReport, importFiles } from './import-files.ts';

async function main(): Promise<number> {
  const files = process.argv.slice(2).filter((argument) => argument !== '--');
  if (files.length === 0) {
    console.error('usage: npm run import -- <file.csv|file.csv.gz|file.zip|file.json> [more files...]');
    return 2;
  }
  const config = loadConfig();
  const db = openDatabase(config.database);
  try {
    await migrateToLatest(db, config.database.dialect);
    const reports = await importFiles(db, config.database.dialect, files);
    for (const report of reports) console.log(describeReport(report));
    // maxRSS is in kilobytes.
    console.log(`peak memory: ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
    return reports.some((report) => report.error) ? 1 : 0;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);

/**
 * Imports FMCSA files into the configured database (DATABASE_URL / DATA_DIR, as the server reads them).
 *
 *   npm run import -- company_census.csv.gz vehicle_inspections.zip crashes.csv
 *   npm run import -- --as-of 2026-11-02 census.csv
 *
 * Each file's data is dated (pages show 'FMCSA census as of {date}'): --as-of for every file given,
 * else the date in the file's name (Company_Census_File_20261102.csv), else the import day.
 *
 * Exits 1 when any file could not be read at all; skipped rows alone do not fail the run.
 */
import { loadConfig } from '../../server/config.ts';
import { runCommand } from '../run-command.ts';
import { openDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { parseAsOfFlag } from './as-of.ts';
import { describeDerivedRefresh, refreshDerivedData } from './derived-data.ts';
import { describeReport, importFiles } from './import-files.ts';
import { computeAlerts, describeAlerts } from '../../server/domains/alerts/compute.ts';

const USAGE =
  'usage: npm run import -- [--as-of YYYY-MM-DD] <file.csv|file.csv.gz|file.zip|file.json> [more files...]';

/** The files, and the --as-of day (`--as-of 2026-11-02` or `--as-of=2026-11-02`) if given. */
function parseArguments(argv: readonly string[]): { files: string[]; asOf?: string } | null {
  const files: string[] = [];
  let asOf: string | undefined;
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index] as string;
    if (argument === '--') continue;
    if (argument === '--as-of' || argument.startsWith('--as-of=')) {
      const value = argument === '--as-of' ? argv[(index += 1)] : argument.slice('--as-of='.length);
      const day = parseAsOfFlag(value ?? '');
      if (!day) {
        console.error(`--as-of: ${JSON.stringify(value ?? '')} is not a day written YYYY-MM-DD`);
        return null;
      }
      asOf = day;
    } else files.push(argument);
  }
  return { files, asOf };
}

async function main(): Promise<number> {
  const parsed = parseArguments(process.argv.slice(2));
  if (!parsed || parsed.files.length === 0) {
    console.error(USAGE);
    return 2;
  }
  const { files, asOf } = parsed;
  const config = loadConfig();
  const db = openDatabase(config.database);
  try {
    await migrateToLatest(db, config.database.dialect);
    const reports = await importFiles(db, config.database.dialect, files, {
      asOf,
      refreshAfterImports: false,
    });
    for (const report of reports) console.log(describeReport(report));
    console.log(describeDerivedRefresh(await refreshDerivedData(db, new Date().toISOString())));
    // The alerts of what the files changed: queued for e-mail and webhooks, once each.
    const alerts = await computeAlerts({ db, dialect: config.database.dialect, appUrl: config.appUrl });
    console.log(describeAlerts(alerts));
    // maxRSS is in kilobytes.
    console.log(`peak memory: ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
    return reports.some((report) => report.error) ? 1 : 0;
  } finally {
    await db.destroy();
  }
}

runCommand(main);

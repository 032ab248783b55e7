/**
 * `npm run sync`: brings the store up to date with FMCSA's open-data portal (FMCSA_PORTAL_URL; FMCSA_APP_TOKEN is sent
 * as X-App-Token when set): only what changed since the last successful sync, checked, then imported.
 *
 *   npm run sync
 *   npm run sync -- --datasets az4n-8mr2,kjg3-diqy
 *
 * Exits 0 when every dataset is current; 1 when any could not be brought up to date (each named, its
 * last good data kept); 2 on a wrong argument; 3 when another sync is running.
 */
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import type { PortalClientOptions } from './portal-client.ts';
import { selectDatasets, UnknownDatasetError } from './portal-datasets.ts';
import { runSync } from './run-sync.ts';
import { holdSyncLease, LeaseHeldError } from './lease.ts';

const USAGE = 'usage: npm run sync -- [--datasets ID,ID,...]';

/** The --datasets ids (`--datasets a,b` or `--datasets=a,b`), null for the default set; undefined when wrong. */
function parseArguments(argv: readonly string[]): string[] | null | undefined {
  let ids: string[] | null = null;
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index] as string;
    if (argument === '--') continue;
    if (argument === '--datasets' || argument.startsWith('--datasets=')) {
      const value = argument === '--datasets' ? argv[(index += 1)] : argument.slice('--datasets='.length);
      ids = (value ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean);
      if (ids.length === 0) return undefined;
    } else return undefined;
  }
  return ids;
}

export interface SyncCommandOptions {
  env?: NodeJS.ProcessEnv;
  /** Retry and stall timings (tests shorten them). */
  portal?: Partial<PortalClientOptions>;
  pageRows?: number;
  out?: (line: string) => void;
  err?: (line: string) => void;
}

/** The command: its exit code. */
export async function syncCommand(
  argv: readonly string[],
  options: SyncCommandOptions = {},
): Promise<number> {
  const out = options.out ?? ((line: string) => console.log(line));
  const err = options.err ?? ((line: string) => console.error(line));
  const ids = parseArguments(argv);
  if (ids === undefined) {
    err(USAGE);
    return 2;
  }
  let datasets;
  try {
    datasets = selectDatasets(ids);
  } catch (error) {
    if (!(error instanceof UnknownDatasetError)) throw error;
    err(error.message);
    return 2;
  }
  const config = loadConfig(options.env);
  const db = openDatabase(config.database);
  try {
    await migrateToLatest(db, config.database.dialect);
    const outcomes = await holdSyncLease(db, () =>
      runSync({
        db,
        dialect: config.database.dialect,
        dataDir: config.dataDir,
        appUrl: config.appUrl,
        datasets,
        portal: { baseUrl: config.portal.url, appToken: config.portal.appToken, ...options.portal },
        pageRows: options.pageRows,
        showProgress: options.out ? false : undefined,
        log: out,
      }),
    );
    const failed = outcomes.filter((outcome) => outcome.status === 'failed');
    if (failed.length === 0) {
      out(`sync: all ${outcomes.length} datasets are current`);
      return 0;
    }
    err(
      `sync: ${failed.length} of ${outcomes.length} datasets are not current (their last good data is kept):\n` +
        failed.map((outcome) => `  ${outcome.message}`).join('\n'),
    );
    return 1;
  } catch (error) {
    if (!(error instanceof LeaseHeldError)) throw error;
    err(error.message);
    return 3;
  } finally {
    await db.destroy();
  }
}

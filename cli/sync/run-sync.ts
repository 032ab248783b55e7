/**
 * One sync: for each dataset, ask the portal what changed since the stored version, fetch and check it,
 * import it with the importer, and only then store the new version. A dataset that fails keeps its
 * last good data and its stored version (the next run tries again); the others go on.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../server/db/database.ts';
import type { Dialect } from '../../server/db/migrate.ts';
import { createSyncRepo, type SyncedDataset } from '../../server/domains/sync/repo.ts';
import { createCarrierDataRepo } from '../../server/domains/carrier-data/repo.ts';
import { describeReport, importFiles, TABLE_OF } from '../import/import-files.ts';
import { computeAlerts, describeAlerts } from '../../server/domains/alerts/compute.ts';
import { describeDerivedRefresh, refreshDerivedData } from '../import/derived-data.ts';
import { createProgress, type Progress } from '../import/progress.ts';
import { columnProblem } from './check-download.ts';
import { fetchChanges, fetchExport, PAGE_ROWS } from './downloads.ts';
import {
  createPortalClient,
  PortalError,
  type PortalClientOptions,
  type PortalMetadata,
} from './portal-client.ts';
import { describeDataset, type PortalDataset } from './portal-datasets.ts';

/** File system failures a download meets (a full or read-only disk, a file in the way): the dataset fails, the run goes on. */
const DISK_ERRORS = new Set(['ENOSPC', 'EACCES', 'EROFS', 'EDQUOT', 'ENOTDIR']);

/** A daily-change dataset further behind than this has skipped a day: catch up from the full dataset. */
const MISSED_DAY_SECONDS = 36 * 3600;

export interface SyncOptions {
  db: Db;
  dialect: Dialect;
  /** Downloads go to DATA_DIR/sync/{dataset id}/ until imported. */
  dataDir: string;
  datasets: readonly PortalDataset[];
  portal: PortalClientOptions;
  /** The site's address, for the links of alert e-mails. */
  appUrl: string;
  /** Rows per SoQL page (downloads.ts PAGE_ROWS unless a test asks for fewer). */
  pageRows?: number;
  showProgress?: boolean;
  /** Where the run's lines go (the command prints them). */
  log?: (line: string) => void;
  now?: () => Date;
}

export interface DatasetOutcome {
  id: string;
  /** current: nothing to fetch; updated: changes imported; failed: refused or broke, see message. */
  status: 'current' | 'updated' | 'failed';
  message: string;
}

/** The ISO day of a portal version (Unix seconds): what its data is "as of" (decision 024). */
const dayOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

export async function runSync(options: SyncOptions): Promise<DatasetOutcome[]> {
  const log = options.log ?? (() => undefined);
  const now = options.now ?? (() => new Date());
  const repo = createSyncRepo(options.db);
  const stored = new Map((await repo.datasets()).map((state) => [state.datasetId, state]));
  const outcomes: DatasetOutcome[] = [];

  for (const dataset of options.datasets) {
    const what = describeDataset(dataset);
    const dir = path.join(options.dataDir, 'sync', dataset.id);
    // The download's bar; the importer draws its own.
    const bar: { progress: Progress | null } = { progress: null };
    const startBar = (label: string) => {
      bar.progress = options.showProgress === false ? null : createProgress(label, process.stderr, 'bytes');
    };
    const client = createPortalClient({
      ...options.portal,
      onBytes: (bytes, total) => bar.progress?.update(bytes, total ? bytes / total : 0),
    });

    const metadata = async (id: string, label: string) => {
      const found = await client.metadata(id, label);
      const problem = columnProblem(
        dataset.kind,
        found.columns.map((column) => column.name),
      );
      if (problem) throw new PortalError(`${label}: ${problem}; not imported`);
      return found;
    };

    /** Imports one checked file; throws when the importer cannot read it. */
    const importFile = async (file: string, version: number): Promise<string> => {
      bar.progress?.done();
      bar.progress = null;
      const [report] = await importFiles(options.db, options.dialect, [file], {
        showProgress: options.showProgress,
        asOf: dayOf(version),
        // Once after every dataset, below.
        refreshAfterImports: false,
      });
      if (!report || report.error || report.dataset !== dataset.kind) {
        throw new PortalError(
          `${what}: the importer could not read the download: ${report?.error ?? 'another dataset'}`,
        );
      }
      return describeReport(report);
    };

    const save = (id: string, version: number) =>
      repo.saveDataset({ datasetId: id, rowsUpdatedAt: version, syncedAt: now().toISOString() });

    /** The whole export of `id` at `meta`'s version, imported. */
    const loadExport = async (id: string, label: string, meta: PortalMetadata) => {
      startBar(`${label} download`);
      const file = await fetchExport(client, {
        id,
        kind: dataset.kind,
        version: meta.rowsUpdatedAt,
        dir: path.join(dir, id),
        what: label,
      });
      return importFile(file, meta.rowsUpdatedAt);
    };

    /** The rows of `id` changed after `since`, imported (nothing to import when none did). */
    const loadChanges = async (id: string, label: string, since: number, meta: PortalMetadata) => {
      startBar(`${label} changes`);
      const { file, rows } = await fetchChanges(client, {
        id,
        kind: dataset.kind,
        since,
        metadata: meta,
        dir: path.join(dir, id),
        what: label,
        pageRows: options.pageRows ?? PAGE_ROWS,
      });
      if (rows > 0) return importFile(file, meta.rowsUpdatedAt);
      // Nothing changed: the data is as of the portal's new version all the same (the profile's date).
      await createCarrierDataRepo(options.db).recordImport({
        dataset: dataset.kind,
        table_name: TABLE_OF[dataset.kind],
        file: path.basename(file),
        as_of: dayOf(meta.rowsUpdatedAt),
        imported_rows: 0,
        imported_at: now().toISOString(),
      });
      return `${label}: no rows changed (data as of ${dayOf(meta.rowsUpdatedAt)})`;
    };

    try {
      const outcome = await syncOne(dataset, stored, {
        what,
        metadata,
        loadExport,
        loadChanges,
        save,
      });
      outcomes.push(outcome);
      // Imported: the downloads have served (a kill before this point imports them again).
      if (outcome.status === 'updated') await rm(dir, { recursive: true, force: true });
    } catch (error) {
      bar.progress?.done();
      const code = (error as NodeJS.ErrnoException).code;
      if (error instanceof PortalError) {
        outcomes.push({ id: dataset.id, status: 'failed', message: error.message });
      } else if (code && DISK_ERRORS.has(code)) {
        outcomes.push({
          id: dataset.id,
          status: 'failed',
          message: `${what}: cannot write the download under ${dir} (${code})`,
        });
      } else throw error;
    }
    log(outcomes[outcomes.length - 1]?.message ?? '');
  }
  // Once for the run: the carriers every import touched (left due, so a killed run's are done by the
  // next), and a day with nothing new still moves filings' and orders' dates past today.
  log(describeDerivedRefresh(await refreshDerivedData(options.db, now().toISOString())));
  // The alerts of what the imports changed: queued for e-mail and webhooks, once each.
  const alerts = await computeAlerts({
    db: options.db,
    dialect: options.dialect,
    appUrl: options.appUrl,
    now,
  });
  log(describeAlerts(alerts));
  return outcomes;
}

interface Steps {
  what: string;
  metadata(id: string, label: string): Promise<PortalMetadata>;
  loadExport(id: string, label: string, meta: PortalMetadata): Promise<string>;
  loadChanges(id: string, label: string, since: number, meta: PortalMetadata): Promise<string>;
  save(id: string, version: number): Promise<void>;
}

/** What one dataset needs, by how it is refreshed (portal-datasets.ts), done. */
async function syncOne(
  dataset: PortalDataset,
  stored: ReadonlyMap<string, SyncedDataset>,
  steps: Steps,
): Promise<DatasetOutcome> {
  const { what } = steps;
  const state = stored.get(dataset.id);
  const refresh = dataset.refresh;
  const current = (message: string): DatasetOutcome => ({ id: dataset.id, status: 'current', message });
  const updated = (message: string): DatasetOutcome => ({ id: dataset.id, status: 'updated', message });

  if (refresh.by === 'frozen') {
    if (state) return current(`${what}: the frozen archive, loaded once (${dayOf(state.rowsUpdatedAt)})`);
    const meta = await steps.metadata(dataset.id, what);
    const report = await steps.loadExport(dataset.id, what, meta);
    await steps.save(dataset.id, meta.rowsUpdatedAt);
    return updated(report);
  }

  if (refresh.by === 'changes') {
    const meta = await steps.metadata(dataset.id, what);
    if (state?.rowsUpdatedAt === meta.rowsUpdatedAt) {
      await steps.save(dataset.id, meta.rowsUpdatedAt);
      return current(`${what}: current (as of ${dayOf(meta.rowsUpdatedAt)})`);
    }
    const report = state
      ? await steps.loadChanges(dataset.id, what, state.rowsUpdatedAt, meta)
      : await steps.loadExport(dataset.id, what, meta);
    await steps.save(dataset.id, meta.rowsUpdatedAt);
    return updated(report);
  }

  // Motus: all with history once, then the daily-change dataset; a skipped day is caught up from the
  // full dataset's changed rows.
  const dailyWhat = describeDataset(dataset, refresh.dailyId);
  const dailyState = stored.get(refresh.dailyId);
  if (!state || !dailyState) {
    const meta = await steps.metadata(dataset.id, what);
    const dailyMeta = await steps.metadata(refresh.dailyId, dailyWhat);
    const report = await steps.loadExport(dataset.id, what, meta);
    await steps.save(dataset.id, meta.rowsUpdatedAt);
    await steps.save(refresh.dailyId, dailyMeta.rowsUpdatedAt);
    return updated(report);
  }
  const dailyMeta = await steps.metadata(refresh.dailyId, dailyWhat);
  if (dailyMeta.rowsUpdatedAt === dailyState.rowsUpdatedAt) {
    await steps.save(refresh.dailyId, dailyMeta.rowsUpdatedAt);
    await steps.save(dataset.id, state.rowsUpdatedAt);
    return current(`${what}: current (daily changes as of ${dayOf(dailyMeta.rowsUpdatedAt)})`);
  }
  let report: string;
  if (dailyMeta.rowsUpdatedAt - dailyState.rowsUpdatedAt > MISSED_DAY_SECONDS) {
    const meta = await steps.metadata(dataset.id, what);
    report = await steps.loadChanges(dataset.id, what, state.rowsUpdatedAt, meta);
    await steps.save(dataset.id, meta.rowsUpdatedAt);
  } else {
    report = await steps.loadExport(refresh.dailyId, dailyWhat, dailyMeta);
    await steps.save(dataset.id, state.rowsUpdatedAt);
  }
  await steps.save(refresh.dailyId, dailyMeta.rowsUpdatedAt);
  return updated(report);
}

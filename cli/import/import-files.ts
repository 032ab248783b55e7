import type { Db } from '../../server/db/database.ts';
import type { Dialect } from '../../server/db/migrate.ts';
import { createCarrierDataRepo } from '../../server/domains/carrier-data/repo.ts';
import { createSearchIndex } from '../../server/domains/search/search-index.ts';
import { isTableEmpty, suspendSecondaryIndexes } from '../../server/db/bulk-load.ts';
import type {
  CarrierRecord,
  CrashRecord,
  InspectionRecord,
} from '../../server/domains/carrier-data/records.ts';
import { openFmcsaFile, UnreadableFileError, type DatasetKind } from '../fmcsa/open-file.ts';
import { createProgress } from './progress.ts';

/** Rows written per statement: well under both dialects' bound-parameter limits at ~35 columns. */
const BATCH_SIZE = 500;
const TABLE_OF: Record<DatasetKind, 'companies' | 'inspections' | 'crashes'> = {
  company_census: 'companies',
  sms_census: 'companies',
  mcmis_inspection: 'inspections',
  sms_inspection: 'inspections',
  mcmis_crash: 'crashes',
  sms_crash: 'crashes',
};

/** Skipped rows reported one by one; the rest are only counted. */
const SKIPS_SHOWN = 5;

export interface FileReport {
  file: string;
  dataset: DatasetKind | null;
  label: string;
  imported: number;
  skipped: number;
  skipExamples: string[];
  seconds: number;
  error?: string;
}

/**
 * Streams each file into the store: carriers upsert by DOT number (then the search index is
 * refreshed for them), inspections by inspection id, crashes by crash id, so a re-run or a newer monthly file updates in place. Bad rows are skipped
 * and counted; a file that cannot be read at all is reported with `error` and the next file goes on.
 */
export async function importFiles(
  db: Db,
  dialect: Dialect,
  files: readonly string[],
  options: { showProgress?: boolean; now?: () => string } = {},
): Promise<FileReport[]> {
  const now = options.now ?? (() => new Date().toISOString());
  const reports: FileReport[] = [];
  for (const file of files) {
    const started = performance.now();
    try {
      const opened = await openFmcsaFile(file);
      const report: FileReport = {
        file,
        dataset: opened.dataset,
        label: opened.label,
        imported: 0,
        skipped: 0,
        skipExamples: [],
        seconds: 0,
      };
      const progress = options.showProgress === false ? null : createProgress(opened.label);
      const timestamp = now();
      let carriers: CarrierRecord[] = [];
      let inspections: InspectionRecord[] = [];
      let crashes: CrashRecord[] = [];

      const flush = async () => {
        if (carriers.length + inspections.length + crashes.length === 0) return;
        const [carrierBatch, inspectionBatch, crashBatch] = [carriers, inspections, crashes];
        carriers = [];
        inspections = [];
        crashes = [];
        await db.transaction().execute(async (trx) => {
          const repo = createCarrierDataRepo(trx);
          await repo.upsertCarriers(carrierBatch, timestamp);
          await repo.upsertInspections(inspectionBatch);
          await repo.upsertCrashes(crashBatch);
        });
        report.imported += carrierBatch.length + inspectionBatch.length + crashBatch.length;
        progress?.update(
          report.imported + report.skipped,
          opened.bytesRead() / Math.max(opened.totalBytes, 1),
        );
      };

      // Into an empty table, rows go in first and the indexes are built once at the end.
      const table = TABLE_OF[opened.dataset];
      const restoreIndexes = (await isTableEmpty(db, table))
        ? await suspendSecondaryIndexes(db, dialect, table)
        : null;
      try {
        for await (const row of opened.rows) {
          if (row.kind === 'skip') {
            report.skipped += 1;
            if (report.skipExamples.length < SKIPS_SHOWN) {
              report.skipExamples.push(`line ${row.line}: ${row.reason}`);
            }
            continue;
          }
          if (row.kind === 'carrier') carriers.push(row.record);
          else if (row.kind === 'inspection') inspections.push(row.record);
          else crashes.push(row.record);
          if (carriers.length + inspections.length + crashes.length >= BATCH_SIZE) await flush();
        }
        await flush();
      } finally {
        await restoreIndexes?.();
      }
      if (table === 'companies') await createSearchIndex(db, dialect).refreshSince(timestamp);
      progress?.done();
      report.seconds = (performance.now() - started) / 1000;
      reports.push(report);
    } catch (error) {
      if (!(error instanceof UnreadableFileError)) throw error;
      reports.push({
        file,
        dataset: null,
        label: file,
        imported: 0,
        skipped: 0,
        skipExamples: [],
        seconds: (performance.now() - started) / 1000,
        error: error.message,
      });
    }
  }
  return reports;
}

/** The human summary of one file's import. */
export function describeReport(report: FileReport): string {
  // The reader's messages already name the file.
  if (report.error) return `cannot be read: ${report.error}`;
  const rate = Math.round(report.imported / Math.max(report.seconds, 0.001));
  const lines = [
    `${report.label} (${report.file}): ${report.imported.toLocaleString('en-US')} rows imported, ` +
      `${report.skipped.toLocaleString('en-US')} skipped, ${report.seconds.toFixed(1)} s, ${rate.toLocaleString('en-US')} rows/s`,
    ...report.skipExamples.map((example) => `  skipped ${example}`),
  ];
  if (report.skipped > report.skipExamples.length) {
    lines.push(
      `  ... and ${(report.skipped - report.skipExamples.length).toLocaleString('en-US')} more skipped rows`,
    );
  }
  return lines.join('\n');
}

import path from 'node:path';
import type { Db } from '../../server/db/database.ts';
import type { Dialect } from '../../server/db/migrate.ts';
import {
  companyRowSets,
  crashRowSet,
  inspectionRowSets,
  violationRowSet,
} from '../../server/domains/carrier-data/table-rows.ts';
import { isRecognisedJurisdiction } from '../../core/jurisdictions.ts';
import { createSearchIndex } from '../../server/domains/search/search-index.ts';
import {
  applyBulkLoadSettings,
  isTableEmpty,
  restoreSuspendedIndexes,
  suspendSecondaryIndexes,
  vacuumWrittenTables,
} from '../../server/db/bulk-load.ts';
import { createRowUpserter } from '../../server/db/upsert-rows.ts';
import type {
  CarrierRecord,
  CrashRecord,
  InspectionRecord,
  ViolationRecord,
} from '../../server/domains/carrier-data/records.ts';
import { openFmcsaFile, UnreadableFileError, type DatasetKind } from '../fmcsa/open-file.ts';
import { createCarrierDataRepo } from '../../server/domains/carrier-data/repo.ts';
import { readStoredSourceHashes } from '../../server/domains/carrier-data/stored-source-hashes.ts';
import { createLiBatch, LI_WRITER_INDEXES } from '../../server/domains/authority/li-writer.ts';
import { createOosBatch } from '../../server/domains/authority/oos-writer.ts';
import type { DataImportsTable } from '../../server/db/schema.ts';
import { isLiDataset, portalIdOf } from '../fmcsa/datasets.ts';
import { historyEventsWritten } from '../../server/domains/history/repo.ts';
import { refreshDerivedData } from './derived-data.ts';
import { createHistoryWriter } from './history-writer.ts';
import { asOfFor, type AsOfSource } from './as-of.ts';
import { createProgress } from './progress.ts';
import { startSearchIndexBuild } from './search-index-build.ts';

/**
 * Rows gathered before they are written: one COPY and upsert a lane on PostgreSQL, runs of prepared
 * statements on SQLite (docs/decisions/140).
 */
const BATCH_SIZE = 5_000;
/** The table each dataset's rows go to (data_imports.table_name). */
export const TABLE_OF: Record<DatasetKind, DataImportsTable['table_name']> = {
  company_census: 'companies',
  sms_census: 'companies',
  mcmis_inspection: 'inspections',
  sms_inspection: 'inspections',
  sms_violation: 'violations',
  mcmis_crash: 'crashes',
  sms_crash: 'crashes',
  li_carrier: 'li_dockets',
  li_insur: 'li_insurance',
  li_actpendinsur: 'li_insurance',
  li_authhist: 'li_authority_events',
  li_revocation: 'li_revocations',
  motus_carrier: 'li_dockets',
  motus_insur: 'li_insurance',
  motus_inshist: 'li_insurance',
  motus_revoke: 'li_revocations',
  motus_authhist: 'li_authority_events',
  li_inshist: 'li_insurance',
  oos_orders: 'oos_orders',
};

/**
 * Bytes of an L&I file for each history event it may write (a row of an all-with-history file is
 * about this size and writes one or two).
 */
const LI_BYTES_PER_EVENT = 100;

/** Skipped rows reported one by one; the rest are only counted. */
const SKIPS_SHOWN = 5;

export interface FileReport {
  file: string;
  dataset: DatasetKind | null;
  label: string;
  imported: number;
  /** Of the imported census rows, those the store held already: passed over, not written. */
  unchanged: number;
  /** Changes of the carriers' records kept in their history (a refresh of the census). */
  historyEvents: number;
  skipped: number;
  skipExamples: string[];
  /** Rows kept with a state/province code outside FMCSA's list (stored as published). */
  unrecognisedJurisdictions: number;
  unrecognisedExamples: string[];
  /** How the rows were read, where the file leaves it open (L&I: Motus amounts in dollars or thousands). */
  notes: string[];
  /** The ISO day the file describes, and where that came from. */
  asOf: string | null;
  asOfSource: AsOfSource | null;
  seconds: number;
  error?: string;
}

/** The report of a file before any of its rows is read. */
function emptyReport(file: string, dataset: DatasetKind | null, label: string): FileReport {
  return {
    file,
    dataset,
    label,
    imported: 0,
    unchanged: 0,
    historyEvents: 0,
    skipped: 0,
    skipExamples: [],
    unrecognisedJurisdictions: 0,
    unrecognisedExamples: [],
    notes: [],
    asOf: null,
    asOfSource: null,
    seconds: 0,
  };
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
  options: {
    showProgress?: boolean;
    now?: () => string;
    asOf?: string;
    /**
     * False: leave the L&I search flags due, and the links and signals, for the caller to refresh once
     * after all its imports (the sync imports one file a call); each refresh reads every touched carrier.
     */
    refreshAfterImports?: boolean;
  } = {},
): Promise<FileReport[]> {
  const now = options.now ?? (() => new Date().toISOString());
  const reports: FileReport[] = [];
  const carrierData = createCarrierDataRepo(db);
  // An import killed during a bulk load (kill -9) left its tables without their secondary indexes.
  await restoreSuspendedIndexes(db);
  for (const file of files) {
    const started = performance.now();
    try {
      const opened = await openFmcsaFile(file);
      const report = emptyReport(file, opened.dataset, opened.label);
      const progress = options.showProgress === false ? null : createProgress(opened.label);
      const timestamp = now();
      let carriers: CarrierRecord[] = [];
      /** Each carrier's source hash, at its index in `carriers`. */
      let carrierHashes: number[] = [];
      let inspections: InspectionRecord[] = [];
      let crashes: CrashRecord[] = [];
      let violations: ViolationRecord[] = [];
      const upserter = createRowUpserter(db);
      const { asOf, source: asOfSource } = asOfFor(file, options.asOf, timestamp.slice(0, 10));
      const table = TABLE_OF[opened.dataset];
      const empty = await isTableEmpty(db, table);
      const liFirstLoad = isLiDataset(opened.dataset) && empty;
      // A first load of a file that brings about as many history events as the store holds builds
      // the history's secondary indexes after it, as the table's own (docs/decisions/169).
      const historyUnindexed =
        liFirstLoad && opened.totalBytes / LI_BYTES_PER_EVENT >= (await historyEventsWritten(db));
      const li = isLiDataset(opened.dataset)
        ? createLiBatch(db, upserter, {
            timestamp,
            asOf,
            system: opened.dataset.startsWith('li_') ? 'legacy' : 'motus',
            portalId: opened.portalId,
            emptyTable: liFirstLoad ? table : undefined,
          })
        : null;
      const oos =
        opened.dataset === 'oos_orders'
          ? createOosBatch(db, upserter, {
              timestamp,
              asOf,
              portalId: opened.portalId,
              today: timestamp.slice(0, 10),
            })
          : null;
      const batches = li ?? oos;

      // Into a store holding carriers, a census's changed records are history events (issue 52).
      const fresh = !batches && empty;
      const history =
        table === 'companies' && !fresh
          ? createHistoryWriter(db, upserter, { firstSeenOn: asOf, source: portalIdOf(opened.dataset) })
          : null;

      const buffered = () => carriers.length + inspections.length + crashes.length + violations.length;
      const flush = async () => {
        const events = history ? await history.eventsOf(carriers) : [];
        const sets = [
          ...(carriers.length > 0 ? companyRowSets(carriers, timestamp, carrierHashes) : []),
          ...inspectionRowSets(inspections),
          ...(crashes.length > 0 ? [crashRowSet(crashes)] : []),
          ...(violations.length > 0 ? [violationRowSet(violations)] : []),
        ];
        report.imported += buffered() + (batches?.size() ?? 0);
        await batches?.flush();
        carriers = [];
        carrierHashes = [];
        inspections = [];
        crashes = [];
        violations = [];
        if (history) await history.write(sets, events);
        else for (const set of sets) await upserter.upsert(set);
        progress?.update(
          report.imported + report.skipped,
          opened.bytesRead() / Math.max(opened.totalBytes, 1),
        );
      };

      // Into an empty table, rows go in first and the indexes are built once at the end (an L&I
      // first load too, but for the indexes its writer reads by).
      const restoreIndexes =
        fresh || liFirstLoad
          ? await suspendSecondaryIndexes(db, dialect, table, li ? LI_WRITER_INDEXES : [])
          : null;
      if (historyUnindexed) await suspendSecondaryIndexes(db, dialect, 'record_history_events');
      // PostgreSQL's word postings (migration 036) go in by trigger with the carriers: their index
      // is built once at the end too (restoreIndexes builds every suspended index).
      if (fresh && table === 'companies' && dialect === 'postgres')
        await suspendSecondaryIndexes(db, dialect, 'search_postings');
      // A fresh census load on SQLite builds its search index on another thread as the rows go in.
      const searchBuild = table === 'companies' && restoreIndexes ? startSearchIndexBuild(db) : null;
      // Into a store holding carriers, the census records it holds already are passed over unmapped.
      if (table === 'companies' && !fresh)
        opened.passOverUnchanged((await readStoredSourceHashes(db)).isUnchanged);
      const restoreSettings = applyBulkLoadSettings(db);
      try {
        for await (const row of opened.rows) {
          if (row.kind === 'skip') {
            report.skipped += 1;
            if (report.skipExamples.length < SKIPS_SHOWN) {
              report.skipExamples.push(`line ${row.line}: ${row.reason}`);
            }
            continue;
          }
          if (row.kind === 'li' || row.kind === 'oos') {
            if (row.kind === 'li') li?.add(row.record);
            else oos?.add(row.record);
            if ((batches?.size() ?? 0) >= BATCH_SIZE) await flush();
            continue;
          }
          if (row.kind === 'violation') {
            violations.push(row.record);
            if (buffered() >= BATCH_SIZE) await flush();
            continue;
          }
          const code =
            row.kind === 'carrier'
              ? row.record.phy_state
              : row.kind === 'unchanged'
                ? row.phy_state
                : row.record.report_state;
          if (code != null && !isRecognisedJurisdiction(code)) {
            report.unrecognisedJurisdictions += 1;
            if (report.unrecognisedExamples.length < SKIPS_SHOWN) {
              // Only a short prefix: a garbled row could put personal data in the column.
              report.unrecognisedExamples.push(`line ${row.line}: ${code.slice(0, 10)}`);
            }
          }
          if (row.kind === 'unchanged') {
            report.imported += 1;
            report.unchanged += 1;
            continue;
          }
          if (row.kind === 'carrier') {
            carriers.push(row.record);
            carrierHashes.push(row.sourceHash);
            searchBuild?.noteCarrier(row.record.dot_number);
          } else if (row.kind === 'inspection') inspections.push(row.record);
          else crashes.push(row.record);
          if (buffered() >= BATCH_SIZE) await flush();
        }
        await flush();
        report.historyEvents = (await history?.finish()) ?? 0;
      } finally {
        // A batch in flight is committed or rolled back before the indexes are restored.
        await history?.finish().catch(() => undefined);
        // Rows written before a failure stay, as the indexes and the search index must then.
        await upserter.close();
        searchBuild?.rowsWritten();
        await restoreIndexes?.();
        if (searchBuild) await searchBuild.install();
        else if (table === 'companies') {
          // Also what changed after the last import that ran to its end (all, before any): the rows of
          // one killed before its refresh are passed over now, their hashes stored, but not indexed.
          const indexedThrough = (await carrierData.newestImportAt('companies')) ?? '';
          await createSearchIndex(db, dialect).refreshSince(timestamp, indexedThrough);
        }
        restoreSettings();
      }
      // The carriers' word postings are written with them, by trigger (migration 036).
      if (report.imported > 0 && !batches)
        await vacuumWrittenTables(
          db,
          dialect,
          table === 'companies' ? [table, 'search_postings'] : [table],
          report.imported - report.unchanged,
        );
      report.notes = opened.notes();
      progress?.done();
      if (report.imported > 0) {
        report.asOf = asOf;
        report.asOfSource = asOfSource;
        await carrierData.recordImport({
          dataset: opened.dataset,
          table_name: table,
          file: path.basename(file),
          as_of: asOf,
          imported_rows: report.imported,
          imported_at: timestamp,
        });
      }
      report.seconds = (performance.now() - started) / 1000;
      reports.push(report);
    } catch (error) {
      if (!(error instanceof UnreadableFileError)) throw error;
      reports.push({
        ...emptyReport(file, null, file),
        seconds: (performance.now() - started) / 1000,
        error: error.message,
      });
    }
  }
  if (options.refreshAfterImports !== false) await refreshDerivedData(db, now());
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
  if (report.unchanged > 0) {
    lines.splice(
      1,
      0,
      `  ${report.unchanged.toLocaleString('en-US')} of them as stored already (passed over, not written)`,
    );
  }
  if (report.historyEvents > 0) {
    lines.splice(
      1,
      0,
      `  ${report.historyEvents.toLocaleString('en-US')} record changes kept in the history`,
    );
  }
  if (report.asOf) lines.splice(1, 0, `  data as of ${report.asOf} (from ${report.asOfSource})`);
  lines.push(...report.notes.map((note) => `  ${note}`));
  if (report.skipped > report.skipExamples.length) {
    lines.push(
      `  ... and ${(report.skipped - report.skipExamples.length).toLocaleString('en-US')} more skipped rows`,
    );
  }
  if (report.unrecognisedJurisdictions > 0) {
    lines.push(
      `  unrecognised jurisdiction: ${report.unrecognisedJurisdictions.toLocaleString('en-US')} ` +
        `${report.unrecognisedJurisdictions === 1 ? 'row' : 'rows'} kept with the code as published ` +
        `(${report.unrecognisedExamples.join(', ')}${report.unrecognisedJurisdictions > report.unrecognisedExamples.length ? ', ...' : ''})`,
    );
  }
  return lines.join('\n');
}

/**
 * A dataset's data on disk, checked and ready for the importer: its whole export, or the rows changed
 * since a version as SoQL pages joined into one CSV. Everything lands under the dataset's folder with
 * the portal version in its name, so a run killed part way picks up what an earlier one finished (a
 * checked page, a whole export) or left half done (an export, resumed by Range).
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { DatasetKind } from '../fmcsa/types.ts';
import { columnProblem, headerForImport, scanCsv, type CsvShape } from './check-download.ts';
import { PortalError, type PortalClient, type PortalMetadata } from './portal-client.ts';

/** Rows a SoQL page asks for: the most SODA 2.0 serves in one response. */
export const PAGE_ROWS = 50_000;

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/** Quotes a CSV field when it needs it. */
const csvField = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** Refuses a file that is cut short or holds other columns than the dataset's. */
function checkShape(shape: CsvShape, kind: DatasetKind, what: string, header: readonly string[]): void {
  if (!shape.whole) throw new PortalError(`${what}: the download ends inside a row (an incomplete file)`);
  if (shape.header.length === 0) throw new PortalError(`${what}: the download is empty`);
  const problem = columnProblem(kind, header);
  if (problem) throw new PortalError(`${what}: ${problem}; not imported`);
}

/** The dataset's whole export as `dir/export-{version}.csv`, downloaded unless an earlier run finished it. */
export async function fetchExport(
  client: PortalClient,
  request: { id: string; kind: DatasetKind; version: number; dir: string; what: string },
): Promise<string> {
  const file = path.join(request.dir, `export-${request.version}.csv`);
  if (await exists(file)) return file;
  await mkdir(request.dir, { recursive: true });
  const part = `${file}.part`;
  await client.download(
    `/api/views/${encodeURIComponent(request.id)}/rows.csv?accessType=DOWNLOAD`,
    part,
    request.what,
    { resume: true },
  );
  const shape = await scanCsv(part);
  try {
    checkShape(shape, request.kind, request.what, shape.header);
  } catch (error) {
    // Refused whole: the next run must download it again, not resume it.
    await rm(part, { force: true });
    throw error;
  }
  await rename(part, file);
  return file;
}

/** The SoQL query of one page of rows changed after `since` (Unix seconds), in a stable order. */
export function changedRowsQuery(id: string, since: number, offset: number, limit: number): string {
  const params = new URLSearchParams({
    $select: '*',
    $where: `:updated_at > '${new Date(since * 1000).toISOString().replace('Z', '')}'`,
    $order: ':id',
    $limit: String(limit),
    $offset: String(offset),
  });
  return `/resource/${encodeURIComponent(id)}.csv?${params.toString()}`;
}

/**
 * The rows changed since version `since` up to `metadata`'s, as `dir/changes-{since}-{version}.csv`
 * with the column names the importer reads. Each page is kept as `page-{offset}.csv` once checked (a
 * full page holds `pageRows` rows; the first shorter one is the last), so a rerun asks only for the rest.
 */
export async function fetchChanges(
  client: PortalClient,
  request: {
    id: string;
    kind: DatasetKind;
    since: number;
    metadata: PortalMetadata;
    dir: string;
    what: string;
    pageRows: number;
  },
): Promise<{ file: string; rows: number }> {
  const { pageRows } = request;
  const pagesDir = path.join(request.dir, `changes-${request.since}-${request.metadata.rowsUpdatedAt}`);
  const file = `${pagesDir}.csv`;
  await mkdir(pagesDir, { recursive: true });
  const pages: { file: string; shape: CsvShape }[] = [];
  for (let offset = 0; ; offset += pageRows) {
    const page = path.join(pagesDir, `page-${offset}.csv`);
    if (!(await exists(page))) {
      const what = `${request.what}, changed rows from ${offset.toLocaleString('en-US')}`;
      await client.download(
        changedRowsQuery(request.id, request.since, offset, pageRows),
        `${page}.part`,
        what,
        {
          resume: false,
        },
      );
      const shape = await scanCsv(`${page}.part`);
      const header = headerForImport(request.kind, shape.header, request.metadata.columns);
      checkShape(shape, request.kind, what, header);
      if (shape.rows > pageRows) throw new PortalError(`${what}: the page holds more rows than asked for`);
      // Pages are joined under the first one's header.
      const first = pages[0]?.shape.header;
      if (first && shape.header.join(',') !== first.join(',')) {
        throw new PortalError(
          `${what}: the page's columns differ from the first page's (the dataset changed while paging)`,
        );
      }
      await rename(`${page}.part`, page);
    }
    const shape = await scanCsv(page);
    pages.push({ file: page, shape });
    if (shape.rows < pageRows) break;
  }
  // One file for one import: the first page's header renamed, then every page's rows.
  const first = pages[0] as { shape: CsvShape };
  const header = headerForImport(request.kind, first.shape.header, request.metadata.columns);
  const out = createWriteStream(`${file}.part`);
  out.write(`${header.map(csvField).join(',')}\n`);
  for (const page of pages) {
    await pipeline(createReadStream(page.file, { start: page.shape.headerBytes }), out, { end: false });
  }
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
  await rename(`${file}.part`, file);
  return { file, rows: pages.reduce((sum, page) => sum + page.shape.rows, 0) };
}

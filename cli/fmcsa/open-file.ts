/**
 * Opens an FMCSA file for the importer: CSV or the portal's JSON export, plain, gzip or zipped. The file
 * is recognised from its header and streamed row by row; memory does not grow with its size.
 */
import { UnreadableFileError } from './errors.ts';
import { RowIterator } from './row-iterator.ts';
import { openCsvRows, openJsonRows } from './row-sources.ts';
import { describeError, openByteSource } from './source.ts';
import { textChunks } from './text-chunks.ts';
import type { DatasetKind, ParsedRow, UnchangedCarrier } from './types.ts';

export { UnreadableFileError } from './errors.ts';
export { normalizeMcNumber } from './normalize.ts';
export type { DatasetKind, ParsedRow, UnchangedCarrier } from './types.ts';

export interface OpenedFile {
  dataset: DatasetKind;
  /** e.g. 'Company Census File (az4n-8mr2)'. */
  label: string;
  /** The dataset's portal id, 'az4n-8mr2'. */
  portalId: string;
  /** Size of the file on disk (compressed size for .gz and .zip). */
  totalBytes: number;
  /** Bytes of the file on disk consumed so far, for a progress bar. */
  bytesRead(): number;
  /** The rows, once. The file stays open until they have been read to the end or the loop is left. */
  rows: AsyncIterable<ParsedRow>;
  /** What the report should say of how the rows were read (L&I: which amount reading), once read. */
  notes(): string[];
  /**
   * Census files: from now on, a record `isUnchanged` says the store holds (by its DOT number and
   * source hash) comes out as an `unchanged` row, not mapped. Other datasets have no such rows.
   */
  passOverUnchanged(isUnchanged: UnchangedCarrier): void;
}

/** Opens the file and recognises its dataset. Throws UnreadableFileError, naming the file, when it cannot. */
export async function openFmcsaFile(filePath: string): Promise<OpenedFile> {
  const source = await openByteSource(filePath);
  try {
    const chunks = textChunks(source.chunks);
    const nextText = async () => {
      try {
        return await chunks();
      } catch (error) {
        throw new UnreadableFileError(`${filePath}: ${describeError(error)}`);
      }
    };
    let first = '';
    let start = -1;
    while (start < 0) {
      const text = await nextText();
      if (text === null) throw new UnreadableFileError(`${filePath}: the file is empty`);
      first += text;
      start = first.search(/\S/);
    }
    if (first.includes('\u0000')) throw new UnreadableFileError(`${filePath}: not a CSV or JSON file`);
    const json = first[start] === '[' || first[start] === '{';
    const { dataset, rows, notes, passOverUnchanged } = await (json ? openJsonRows : openCsvRows)(
      filePath,
      first,
      nextText,
    );
    return {
      dataset: dataset.kind,
      label: dataset.label,
      portalId: dataset.portalId,
      totalBytes: source.totalBytes,
      bytesRead: () => source.bytesRead(),
      rows: new RowIterator(rows, nextText, () => source.close()),
      notes,
      passOverUnchanged,
    };
  } catch (error) {
    source.close();
    throw error;
  }
}

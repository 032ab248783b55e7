/**
 * What a download must be before the importer gets it: a CSV whose last row is whole, no HTML page,
 * and the columns the importer's dataset expects (cli/fmcsa/datasets.ts).
 */
import { createReadStream } from 'node:fs';
import { DATASETS, detectDataset } from '../fmcsa/datasets.ts';
import type { DatasetKind } from '../fmcsa/types.ts';
import type { PortalColumn } from './portal-client.ts';

const QUOTE = 0x22;
const NEWLINE = 0x0a;

export interface CsvShape {
  /** The header's fields, unquoted. */
  header: string[];
  /** Rows after the header. */
  rows: number;
  /** The file ends after a whole row: a line end outside quotes (or it is empty). */
  whole: boolean;
  /** Where the header line ends (the byte after its line end). */
  headerBytes: number;
}

/** Splits one CSV line (no line end) into its fields, unquoting them. */
export function splitCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index] as string;
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields.map((value) => value.replace(/\r$/, ''));
}

/** Reads a CSV file once: its header, how many rows follow, and whether its last row is whole. */
export async function scanCsv(file: string): Promise<CsvShape> {
  let quoted = false;
  let lines = 0;
  let lastByte = -1;
  let size = 0;
  let headerBytes = -1;
  const headerChunks: Buffer[] = [];
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    let from = 0;
    // Jumps from quote to line end with indexOf: the bytes between need no look. Each is searched
    // again only once passed (-1: none left in the chunk); searching every line for the next quote
    // read the rest of the chunk again for each line of a file without quotes.
    let nextQuote = chunk.indexOf(QUOTE);
    let nextNewline = chunk.indexOf(NEWLINE);
    for (;;) {
      if (nextQuote !== -1 && nextQuote < from) nextQuote = chunk.indexOf(QUOTE, from);
      if (nextNewline !== -1 && nextNewline < from) nextNewline = chunk.indexOf(NEWLINE, from);
      const quote = nextQuote;
      const newline = quoted ? -1 : nextNewline;
      if (quote === -1 && newline === -1) break;
      if (newline !== -1 && (quote === -1 || newline < quote)) {
        lines += 1;
        if (headerBytes < 0) {
          headerBytes = size + newline + 1;
          headerChunks.push(chunk.subarray(0, newline));
        }
        from = newline + 1;
      } else {
        quoted = !quoted;
        from = quote + 1;
      }
    }
    if (headerBytes < 0) headerChunks.push(chunk);
    size += chunk.length;
    lastByte = chunk[chunk.length - 1] ?? lastByte;
  }
  const endsWithLine = lastByte === NEWLINE && !quoted;
  const header = size === 0 ? [] : splitCsvLine(Buffer.concat(headerChunks).toString('utf8'));
  return {
    header: header.map((name) => name.replace(/^\uFEFF/, '')),
    rows:
      Math.max(0, lines - 1) + (size > 0 && !endsWithLine ? 1 : 0) - (headerBytes < 0 && size > 0 ? 1 : 0),
    whole: size === 0 || endsWithLine,
    headerBytes: headerBytes < 0 ? size : headerBytes,
  };
}

/** The importer's column lists for a dataset kind (L&I Revocation has two spellings). */
function expectedColumnSets(kind: DatasetKind): string[][] {
  return DATASETS.filter((dataset) => dataset.kind === kind).map((dataset) => [...dataset.columns]);
}

/**
 * Null when `names` hold every column the importer reads from `kind` and the importer would read them
 * as that dataset; else what is wrong, for a refusal.
 */
export function columnProblem(kind: DatasetKind, names: readonly string[]): string | null {
  const have = new Set(names.map((name) => name.trim().toUpperCase()));
  const missing = expectedColumnSets(kind)
    .map((columns) => columns.filter((column) => !have.has(column)))
    .sort((a, b) => a.length - b.length)[0];
  if (missing && missing.length > 0) {
    const shown =
      missing.slice(0, 5).join(', ') + (missing.length > 5 ? `, and ${missing.length - 5} more` : '');
    return `the portal's columns changed: ${missing.length === 1 ? 'column' : 'columns'} ${shown} missing`;
  }
  const detected = detectDataset(names);
  if (detected?.kind !== kind) {
    return `the columns read as ${detected ? detected.label : 'no dataset the importer knows'}`;
  }
  return null;
}

/**
 * The header the importer reads for a SoQL page, whose CSV names columns by their API field names: each
 * field under its column name where the importer knows that name, else as it is.
 */
export function headerForImport(
  kind: DatasetKind,
  fields: readonly string[],
  columns: readonly PortalColumn[],
) {
  const known = new Set(expectedColumnSets(kind).flat());
  return fields.map((field) => {
    const column = columns.find((candidate) => candidate.fieldName === field);
    return column && known.has(column.name.toUpperCase()) ? column.name : field;
  });
}

/** Test helpers: a minimal RFC 4180 reader, independent of the writer it checks. */
import { readFile } from 'node:fs/promises';

/** Splits CSV text into rows of fields: quoted fields may hold commas, `""` quotes and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch !== '"') field += ch;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

export interface CsvTable {
  header: string[];
  rows: string[][];
  /** The value of `column` in `row`. */
  get(row: string[], column: string): string;
}

export async function readCsv(path: string): Promise<CsvTable> {
  const [header = [], ...rows] = parseCsv(await readFile(path, 'utf8'));
  const index = new Map(header.map((column, i) => [column, i]));
  return {
    header,
    rows,
    get(row, column) {
      const i = index.get(column);
      if (i === undefined) throw new Error(`no column ${column}`);
      return row[i] as string;
    },
  };
}

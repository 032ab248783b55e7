/**
 * Recognising a file's dataset from its first text, and turning the rest into parsed rows: CSV through
 * its header's column indexes, JSON objects through the dataset's columns.
 */
import { CsvParser, MAX_RECORD_CHARS } from './csv.ts';
import { DATASETS, detectDataset, detectHeaderless, isLiDataset, type Dataset } from './datasets.ts';
import { UnreadableFileError } from './errors.ts';
import { JsonObjectReader, JsonSyntaxError, type JsonObject } from './json.ts';
import { createCompanyCensusMapper, createSmsCensusMapper, type CensusMapper } from './map-census.ts';
import { createCrashMapper } from './map-crash.ts';
import { createInspectionMapper } from './map-inspection.ts';
import { createLiMapper, type MapperNotes } from './map-li.ts';
import { createOosMapper } from './map-oos.ts';
import { createViolationMapper } from './map-violation.ts';
import type { RowSource } from './row-iterator.ts';
import type { ColumnLookup, DatasetKind, FieldSource, RowMapper, UnchangedCarrier } from './types.ts';

/** JSON objects read before recognising the dataset: the first ones may lack columns that are null there. */
const JSON_SAMPLE_OBJECTS = 50;

export interface OpenedRows extends MapperNotes {
  dataset: Dataset;
  rows: RowSource;
  /** Census files: rows the store holds already come out unmapped (OpenedFile.passOverUnchanged). */
  passOverUnchanged(isUnchanged: UnchangedCarrier): void;
}

type NextText = () => Promise<string | null>;

type Mapper = RowMapper & Partial<MapperNotes> & Partial<Pick<CensusMapper, 'passOverUnchanged'>>;

/** The mapper of a file of `kind` whose records hold `columns` (`column` looks them up). */
function createMapper(kind: DatasetKind, columns: readonly string[]): Mapper {
  const column = lookup(columns);
  if (isLiDataset(kind)) return createLiMapper(kind, column);
  switch (kind) {
    case 'company_census':
      return createCompanyCensusMapper(columns, column);
    case 'sms_census':
      return createSmsCensusMapper(columns, column);
    case 'mcmis_inspection':
    case 'sms_inspection':
      return createInspectionMapper(kind, column);
    case 'mcmis_crash':
    case 'sms_crash':
      return createCrashMapper(kind, column);
    case 'sms_violation':
      return createViolationMapper(column);
    case 'oos_orders':
      return createOosMapper(column);
  }
}

function lookup(names: readonly string[]): ColumnLookup {
  const indexes = new Map<string, number>();
  names.forEach((name, index) => {
    const key = name.trim().toUpperCase();
    if (!indexes.has(key)) indexes.set(key, index);
  });
  return (name) => indexes.get(name) ?? -1;
}

function unknownDataset(filePath: string): never {
  const known = DATASETS.map((dataset) => dataset.label).join('; ');
  throw new UnreadableFileError(`${filePath}: the columns match no known FMCSA dataset (${known})`);
}

/**
 * Whether the parser holds no complete record although the file goes on. A line without a break for
 * a megabyte is no FMCSA CSV (binary data, say); reading on would hold all of it in memory.
 */
function needsMore(parser: CsvParser, final: boolean, filePath: string): boolean {
  if (parser.next(final)) return false;
  if (!final && parser.pending > MAX_RECORD_CHARS) {
    throw new UnreadableFileError(`${filePath}: not a CSV file (no line break in a megabyte)`);
  }
  return true;
}

/** Reads the header from `first` (and more text if needed); the parser then goes on with the rows. */
export async function openCsvRows(filePath: string, first: string, nextText: NextText): Promise<OpenedRows> {
  const parser = new CsvParser();
  parser.push(first);
  let final = false;
  while (needsMore(parser, final, filePath)) {
    if (final) throw new UnreadableFileError(`${filePath}: the file is empty`);
    const text = await nextText();
    if (text === null) final = true;
    else parser.push(text);
  }
  const row = parser.row;
  const header = Array.from({ length: row.count }, (_, index) => row.get(index));
  const named = detectDataset(header);
  // The L&I text downloads have no header: their first line is already a row.
  const positional = named ? null : detectHeaderless(header);
  const dataset = named ?? positional ?? unknownDataset(filePath);
  const map = createMapper(dataset.kind, positional ? dataset.columns : header);
  const width = header.length;
  let firstIsRow = positional !== null;
  return {
    dataset,
    notes: () => map.notes?.() ?? [],
    passOverUnchanged: (isUnchanged) => map.passOverUnchanged?.(isUnchanged),
    rows: {
      push: (text) => parser.push(text),
      next(final) {
        if (firstIsRow) {
          firstIsRow = false;
          return map(row, parser.line);
        }
        if (needsMore(parser, final, filePath)) return null;
        const line = parser.line;
        if (row.unterminated) return { kind: 'skip', line, reason: 'unterminated quoted field' };
        if (row.count !== width) {
          return { kind: 'skip', line, reason: `${row.count} fields, the header has ${width}` };
        }
        return map(row, line);
      },
    },
  };
}

/** A JSON object seen through the dataset's column indexes; absent keys (null columns) read as ''. */
class JsonRow implements FieldSource {
  private readonly values: string[];
  private readonly indexes = new Map<string, number>();
  private filled: number[] = [];

  constructor(private readonly columns: readonly string[]) {
    this.values = columns.map(() => '');
  }

  get(index: number): string {
    return index < 0 ? '' : (this.values[index] ?? '');
  }

  isEmpty(index: number): boolean {
    return this.get(index) === '';
  }

  recordText(): string {
    return this.values.join('\u0001');
  }

  load(object: JsonObject): void {
    for (const index of this.filled) this.values[index] = '';
    this.filled = [];
    const { keys, values } = object;
    for (let i = 0; i < keys.length; i += 1) {
      const key = keys[i] as string;
      let index = this.indexes.get(key);
      if (index === undefined) {
        index = this.columns.indexOf(key.toUpperCase());
        this.indexes.set(key, index);
      }
      if (index < 0) continue;
      this.values[index] = values[i] as string;
      this.filled.push(index);
    }
  }
}

function notJson(filePath: string, error: unknown): unknown {
  return error instanceof JsonSyntaxError
    ? new UnreadableFileError(`${filePath}: not valid JSON: ${error.message}`)
    : error;
}

/** Reads the first objects to recognise the dataset from their keys; they are handed out first. */
export async function openJsonRows(filePath: string, first: string, nextText: NextText): Promise<OpenedRows> {
  const reader = new JsonObjectReader();
  reader.push(first);
  const sample: JsonObject[] = [];
  let final = false;
  try {
    while (sample.length < JSON_SAMPLE_OBJECTS) {
      const object = reader.next(final);
      if (object !== null) sample.push(object);
      else if (final) break;
      else {
        const text = await nextText();
        if (text === null) final = true;
        else reader.push(text);
      }
    }
  } catch (error) {
    throw notJson(filePath, error);
  }
  if (sample.length === 0) throw new UnreadableFileError(`${filePath}: the file holds no rows`);
  const keys = new Set(sample.flatMap((object) => object.keys));
  const dataset = detectDataset([...keys]) ?? unknownDataset(filePath);
  const row = new JsonRow(dataset.columns);
  const map = createMapper(dataset.kind, dataset.columns);
  return {
    dataset,
    notes: () => map.notes?.() ?? [],
    passOverUnchanged: (isUnchanged) => map.passOverUnchanged?.(isUnchanged),
    rows: {
      push: (text) => reader.push(text),
      next(final) {
        let object: JsonObject | null;
        try {
          object = sample.shift() ?? reader.next(final);
        } catch (error) {
          throw notJson(filePath, error);
        }
        if (object === null) return null;
        row.load(object);
        return map(row, object.line);
      },
    },
  };
}

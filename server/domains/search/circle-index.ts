/** Quarter-degree cells numbered row by row, so an index ordered by them reads a circle a run at a time (docs/search.md). */
import { sql, type RawBuilder } from 'kysely';
import { radiusCellBoxes, type GridCell } from './geo.ts';
import { DOT_BITS } from './rank-key.ts';

const QUARTER_DEGREE = 0.25;
/** Quarter-degree rows and columns are numbered from the south pole and from 180° west. */
const ROWS_SOUTH_OF_EQUATOR = 360;
const COLUMNS_WEST_OF_GREENWICH = 720;
/** Columns in a row, with one of its own for a longitude of exactly 180. */
const COLUMNS_PER_ROW = 1441;

function cellNumber(row: number, column: number): number {
  return (row + ROWS_SOUTH_OF_EQUATOR) * COLUMNS_PER_ROW + column + COLUMNS_WEST_OF_GREENWICH;
}

/** cellNumber in SQL (null without a position); PostgreSQL's postings by place index this very spelling. */
export function quarterCellSql(latitude: RawBuilder<unknown>, longitude: RawBuilder<unknown>) {
  const quarters = (degrees: RawBuilder<unknown>) =>
    sql`cast(floor(${degrees} / ${sql.lit(QUARTER_DEGREE)}) AS integer)`;
  return sql`((${quarters(latitude)} + ${sql.lit(ROWS_SOUTH_OF_EQUATOR)}) * ${sql.lit(COLUMNS_PER_ROW)}
    + ${quarters(longitude)} + ${sql.lit(COLUMNS_WEST_OF_GREENWICH)})`;
}

/** A carrier's circle key: its cell's number above the DOT number. Pure SQL, for the build worker. */
export function circleKeySql(): RawBuilder<unknown> {
  return sql`${quarterCellSql(sql`latitude`, sql`longitude`)} * ${sql.lit(2 ** DOT_BITS)} + dot_number`;
}

/** The quarter-degree cell numbers of `cells` as ranges [start, end), one per run of cells in a row. */
export function quarterCellRanges(cells: readonly GridCell[]): [number, number][] {
  const rows = cells.flatMap(({ south, west, degrees }) => {
    const side = Math.round(degrees / QUARTER_DEGREE);
    const firstRow = Math.round(south / QUARTER_DEGREE);
    const column = Math.round(west / QUARTER_DEGREE);
    // Cells past 180° or a pole hold no carrier, and their numbers would be another row's.
    const first = Math.max(column, -COLUMNS_WEST_OF_GREENWICH);
    const end = Math.min(column + side, COLUMNS_PER_ROW - COLUMNS_WEST_OF_GREENWICH);
    if (first >= end) return [];
    return Array.from({ length: side }, (_, step) => firstRow + step)
      .filter((row) => row >= -ROWS_SOUTH_OF_EQUATOR && row <= ROWS_SOUTH_OF_EQUATOR)
      .map((row): [number, number] => [cellNumber(row, first), cellNumber(row, end)]);
  });
  rows.sort((a, b) => a[0] - b[0]);
  const runs: [number, number][] = [];
  for (const [start, end] of rows) {
    const last = runs[runs.length - 1];
    if (last && last[1] === start) last[1] = end;
    else runs.push([start, end]);
  }
  return runs;
}

/** A circle's quarter-degree cells as runs [start, end): those inside it, and those on its edge. */
export type CircleRuns = { inside: [number, number][]; edge: [number, number][] };

type Circle = { latitude: number; longitude: number; miles: number };

/** The runs of a circle's quarter-degree cells as cell numbers. */
export function circleCellRuns({ latitude, longitude, miles }: Circle): CircleRuns {
  const { inside, edge } = radiusCellBoxes(latitude, longitude, miles, QUARTER_DEGREE);
  return { inside: quarterCellRanges(inside), edge: quarterCellRanges(edge) };
}

/** The runs as ranges of circle keys: integers in JSON, since FTS5 ignores a rowid bound given as a real. */
export function circleKeyRuns(circle: Circle): CircleRuns {
  const keys = (runs: [number, number][]) =>
    runs.map(([start, end]): [number, number] => [start * 2 ** DOT_BITS, end * 2 ** DOT_BITS]);
  const { inside, edge } = circleCellRuns(circle);
  return { inside: keys(inside), edge: keys(edge) };
}

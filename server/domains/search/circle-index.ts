/**
 * Carriers ordered by place, for counting a circle's matches: each quarter-degree grid cell has a
 * number, row by row (south to north, west to east within a row), so the cells of a circle side by
 * side in a row are one range of numbers, and an index ordered by them reads a circle's carriers a
 * run at a time instead of every match in the country.
 * - SQLite's circle index (migration 042, docs/search.md section 8):
 *   companies_circle_fts, a second contentless FTS5 table of every carrier with a position under its
 *   words and filter facets, whose rowid is the cell's number above the DOT number (circleKeySql);
 *   FTS5 seeks each term's list to the start of a range.
 * - PostgreSQL's index of the search postings by term and cell (search_postings_place, migration
 *   043, docs/search.md section 8), built on quarterCellSql.
 */
import { sql, type RawBuilder } from 'kysely';
import { radiusCellBoxes, type GridCell } from './geo.ts';
import { DOT_BITS } from './rank-key.ts';

const QUARTER_DEGREE = 0.25;
/** Quarter-degree rows and columns are numbered from the south pole and from 180° west. */
const ROWS_SOUTH_OF_EQUATOR = 360;
const COLUMNS_WEST_OF_GREENWICH = 720;
/** Columns in a row: 180° west to 180° east, with a column of its own for a longitude of exactly 180. */
const COLUMNS_PER_ROW = 1441;

/** The number of the quarter-degree cell at `row` and `column` (floor of degrees / 0.25). */
function cellNumber(row: number, column: number): number {
  return (row + ROWS_SOUTH_OF_EQUATOR) * COLUMNS_PER_ROW + column + COLUMNS_WEST_OF_GREENWICH;
}

/**
 * The number of the quarter-degree cell at `latitude` and `longitude` (SQL over those columns; null
 * without a position), on both dialects: PostgreSQL's index of the postings by place
 * (search_postings_place, migration 043) is built on this expression, which its reads must spell
 * the same way.
 */
export function quarterCellSql(
  latitude: RawBuilder<unknown>,
  longitude: RawBuilder<unknown>,
): RawBuilder<unknown> {
  const quarters = (degrees: RawBuilder<unknown>) =>
    sql`cast(floor(${degrees} / ${sql.lit(QUARTER_DEGREE)}) AS integer)`;
  return sql`((${quarters(latitude)} + ${sql.lit(ROWS_SOUTH_OF_EQUATOR)}) * ${sql.lit(COLUMNS_PER_ROW)}
    + ${quarters(longitude)} + ${sql.lit(COLUMNS_WEST_OF_GREENWICH)})`;
}

/**
 * A carrier's circle key in SQL over the companies columns (null without a position): its cell's
 * number above the DOT number's bits. Pure SQL: the importer's build worker has no functions of ours.
 */
export function circleKeySql(): RawBuilder<unknown> {
  return sql`${quarterCellSql(sql`latitude`, sql`longitude`)} * ${sql.lit(2 ** DOT_BITS)} + dot_number`;
}

/**
 * The numbers of the quarter-degree cells in `cells` (of a quarter degree or larger, as geo.ts
 * radiusCellBoxes names them) as ranges [start, end), one a run of cells side by side in a row.
 */
export function quarterCellRanges(cells: readonly GridCell[]): [number, number][] {
  const rows = cells.flatMap(({ south, west, degrees }) => {
    const side = Math.round(degrees / QUARTER_DEGREE);
    const firstRow = Math.round(south / QUARTER_DEGREE);
    const column = Math.round(west / QUARTER_DEGREE);
    // A circle's box can reach past 180° (around the Aleutians) or a pole, where geo.ts names cells
    // no carrier is in: their numbers would be another row's cells, so they are left out.
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

/** A circle's quarter-degree cells as runs [start, end): those entirely inside it, and those on its edge. */
export interface CircleRuns {
  inside: [number, number][];
  edge: [number, number][];
}

/** A circle as search filters name it. */
interface Circle {
  latitude: number;
  longitude: number;
  miles: number;
}

/**
 * The runs of a circle's quarter-degree cells (geo.ts radiusCellBoxes) as cell numbers
 * (quarterCellRanges), as PostgreSQL's postings by place are read.
 */
export function circleCellRuns({ latitude, longitude, miles }: Circle): CircleRuns {
  const { inside, edge } = radiusCellBoxes(latitude, longitude, miles, QUARTER_DEGREE);
  return { inside: quarterCellRanges(inside), edge: quarterCellRanges(edge) };
}

/**
 * The same runs as ranges of circle keys, the carriers' rowids in SQLite's circle index. Below 2^47:
 * safe as JavaScript numbers, and written as JSON integers, which SQLite reads as integers (FTS5
 * ignores a rowid bound given as a real).
 */
export function circleKeyRuns(circle: Circle): CircleRuns {
  const keys = (runs: [number, number][]) =>
    runs.map(([start, end]): [number, number] => [start * 2 ** DOT_BITS, end * 2 ** DOT_BITS]);
  const { inside, edge } = circleCellRuns(circle);
  return { inside: keys(inside), edge: keys(edge) };
}

import { describe, expect, it } from 'vitest';
import { quarterCellRanges } from './circle-index.ts';
import { radiusCellBoxes, type GridCell } from './geo.ts';

/** The quarter-degree cells (row, column: floor of degrees / 0.25) a list of grid cells covers. */
function quarterCells(cells: readonly GridCell[]): string[] {
  return cells.flatMap(({ south, west, degrees }) => {
    const side = Math.round(degrees / 0.25);
    return Array.from({ length: side * side }, (_, index) => {
      const row = Math.round(south / 0.25) + Math.floor(index / side);
      const column = Math.round(west / 0.25) + (index % side);
      return `${row},${column}`;
    });
  });
}

/** The cells the numbers of `ranges` stand for, numbered as circle-index.ts numbers them. */
function cellsOfRanges(ranges: [number, number][]): string[] {
  return ranges.flatMap(([start, end]) =>
    Array.from({ length: end - start }, (_, offset) => {
      const number = start + offset;
      return `${Math.floor(number / 1441) - 360},${(number % 1441) - 720}`;
    }),
  );
}

const onEarth = (cell: string) => {
  const [row, column] = cell.split(',').map(Number) as [number, number];
  return row >= -360 && row <= 360 && column >= -720 && column <= 720;
};

describe('quarterCellRanges', () => {
  it.each([
    ['Dallas, 50 miles', 32.79, -96.8, 50],
    ['Atlanta, 500 miles', 33.75, -84.39, 500],
    // The box reaches past 180° west: the cells beyond are left out, never another row's.
    ['Adak, Alaska, 500 miles', 51.88, -176.65, 500],
    ['Barrow, Alaska, 500 miles', 71.29, -156.79, 500],
  ])('numbers exactly the cells of the circle on earth: %s', (_, latitude, longitude, miles) => {
    const { inside, edge } = radiusCellBoxes(latitude, longitude, miles, 0.25);
    for (const cells of [inside, edge]) {
      const named = quarterCells(cells).filter(onEarth).sort();
      expect(cellsOfRanges(quarterCellRanges(cells)).sort()).toEqual(named);
    }
  });
});

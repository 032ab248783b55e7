import { distanceMiles, EARTH_RADIUS_MILES, toRadians } from '../../../core/geo.ts';

/** A box that contains the circle, so an index on latitude narrows rows before the exact distance. */
export function boundingBox(latitude: number, longitude: number, miles: number) {
  const latitudeDelta = (miles / EARTH_RADIUS_MILES) * (180 / Math.PI);
  const cosine = Math.max(Math.cos(toRadians(latitude)), 0.01);
  const longitudeDelta = Math.min(180, latitudeDelta / cosine);
  return {
    minLatitude: latitude - latitudeDelta,
    maxLatitude: latitude + latitudeDelta,
    minLongitude: longitude - longitudeDelta,
    maxLongitude: longitude + longitudeDelta,
  };
}

/** Grid cell sizes, largest first: cell tokens let an index narrow a circle by place (docs/search.md). */
export const CELL_DEGREES = [4, 1, 0.25] as const;

/** A cell size in its token: the degrees, or 'q' for a quarter ('.' would end the token). */
export function cellLabel(degrees: number): string {
  return degrees === 0.25 ? 'q' : String(degrees);
}

export function cellToken(latitude: number, longitude: number, degrees: number): string {
  const row = Math.floor(latitude / degrees);
  const column = Math.floor(longitude / degrees);
  return `_g${cellLabel(degrees)}${row >= 0 ? 'n' : 's'}${Math.abs(row)}${column >= 0 ? 'e' : 'w'}${Math.abs(column)}`;
}

/** A grid cell: its south-west corner and its size in degrees (one of CELL_DEGREES). */
export type GridCell = { south: number; west: number; degrees: number };

/** The tokens of radiusCellBoxes' cells, as the search indexes hold them. */
export function radiusCells(latitude: number, longitude: number, miles: number, finest: 1 | 0.25 = 1) {
  const { inside, edge } = radiusCellBoxes(latitude, longitude, miles, finest);
  const tokens = (cells: GridCell[]) => cells.map((cell) => cellToken(cell.south, cell.west, cell.degrees));
  return { inside: tokens(inside), edge: tokens(edge) };
}

const corners = ({ south, west, degrees }: GridCell): [number, number][] => [
  [south, west],
  [south + degrees, west],
  [south, west + degrees],
  [south + degrees, west + degrees],
];

/**
 * The cells a circle touches, `inside` it or on its `edge`, a cell not inside split into the next size down to
 * `finest`. Inside when its corners are: along a parallel or a meridian the distance grows toward one end.
 */
export function radiusCellBoxes(latitude: number, longitude: number, miles: number, finest: 1 | 0.25 = 1) {
  const box = boundingBox(latitude, longitude, miles);
  const distance = (to: [number, number]) => distanceMiles(latitude, longitude, ...to);
  // A margin for rounding: a cell at the very edge is checked row by row.
  const cellInside = (cell: GridCell) => corners(cell).every((corner) => distance(corner) <= miles * 0.999);
  // No point of a cell is nearer the centre than the cell's centre less its reach, its farthest corner.
  const cellOutside = (cell: GridCell) => {
    const middle: [number, number] = [cell.south + cell.degrees / 2, cell.west + cell.degrees / 2];
    const reach = Math.max(...corners(cell).map((corner) => distanceMiles(...middle, ...corner)));
    return distance(middle) - reach > miles;
  };
  const sizes = CELL_DEGREES.slice(0, CELL_DEGREES.indexOf(finest) + 1);
  const inside: GridCell[] = [];
  const edge: GridCell[] = [];
  const visit = (level: number, parent?: GridCell) => {
    const degrees = sizes[level]!;
    // The last row and column start inside the parent, so floor() never steps into the next one.
    const span = (min: number, max: number, start?: number): [number, number] =>
      parent && start !== undefined
        ? [Math.max(min, start), Math.min(max, start + parent.degrees - degrees)]
        : [min, max];
    const [south, north] = span(box.minLatitude, box.maxLatitude, parent?.south);
    const [west, east] = span(box.minLongitude, box.maxLongitude, parent?.west);
    for (let row = Math.floor(south / degrees); row <= Math.floor(north / degrees); row += 1) {
      for (let column = Math.floor(west / degrees); column <= Math.floor(east / degrees); column += 1) {
        const cell = { south: row * degrees, west: column * degrees, degrees };
        if (cellOutside(cell)) continue;
        if (cellInside(cell)) inside.push(cell);
        else if (level === sizes.length - 1) edge.push(cell);
        else visit(level + 1, cell);
      }
    }
  };
  visit(0);
  return { inside, edge };
}

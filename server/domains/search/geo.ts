import { distanceMiles, EARTH_RADIUS_MILES, toRadians } from '../../../core/geo.ts';

export interface BoundingBox {
  minLatitude: number;
  maxLatitude: number;
  minLongitude: number;
  maxLongitude: number;
}

/** A box that contains the circle, so an index on latitude narrows rows before the exact distance. */
export function boundingBox(latitude: number, longitude: number, miles: number): BoundingBox {
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

/**
 * Grid cells for the search indexes' geography facets: every carrier carries the token of its cell of
 * each size, and a radius search asks for the cells its circle touches (radiusCells), so the index
 * narrows by place before the exact distance is checked, and counts the carriers of the cells entirely
 * inside without reading their rows. Migration 033 writes the tokens of every size into PostgreSQL's
 * search vector; SQLite's companies_fts holds the 4- and 1-degree ones (search-index.ts), and its
 * circle index orders carriers by quarter-degree cell instead (circle-index.ts). Sizes, largest
 * first: 4 degrees, 1 degree and a quarter degree (about 17 by 14 miles).
 */
export const CELL_DEGREES = [4, 1, 0.25] as const;

/**
 * PostgreSQL asks circles up to this radius as their quarter-degree cells. A 50-mile circle holds no
 * whole 1-degree cell, so every carrier of the four to nine it touches is a candidate, two to four
 * times the circle's; in quarter degrees most of the circle is inside (decisions 059 and 064).
 */
export const QUARTER_CELL_MILES = 60;

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
export interface GridCell {
  south: number;
  west: number;
  degrees: number;
}

/** The tokens of radiusCellBoxes' cells, as the search indexes hold them (cellToken). */
export function radiusCells(
  latitude: number,
  longitude: number,
  miles: number,
  finestDegrees: 1 | 0.25 = 1,
): { inside: string[]; edge: string[] } {
  const { inside, edge } = radiusCellBoxes(latitude, longitude, miles, finestDegrees);
  const tokens = (cells: GridCell[]) => cells.map((cell) => cellToken(cell.south, cell.west, cell.degrees));
  return { inside: tokens(inside), edge: tokens(edge) };
}

/**
 * The grid cells a circle touches, split into those entirely inside it (`inside`: every carrier there
 * is within the radius, so the index alone counts them) and those on its edge (`edge`: each carrier's
 * distance is checked). Each cell of the box is named whole when it is inside, and otherwise as its
 * cells of the next size, down to `finestDegrees` (1 or a quarter), where the rest are the edge;
 * cells no point of the circle falls in are left out. A cell is inside when its four corners are:
 * along a parallel or a meridian the distance from the centre grows toward one end, so a cell's
 * farthest point is a corner.
 */
export function radiusCellBoxes(
  latitude: number,
  longitude: number,
  miles: number,
  finestDegrees: 1 | 0.25 = 1,
): { inside: GridCell[]; edge: GridCell[] } {
  const box = boundingBox(latitude, longitude, miles);
  // A margin for rounding: a cell at the very edge is checked row by row.
  const within = (rowLatitude: number, rowLongitude: number) =>
    distanceMiles(latitude, longitude, rowLatitude, rowLongitude) <= miles * 0.999;
  const cellInside = (south: number, west: number, degrees: number) =>
    within(south, west) &&
    within(south + degrees, west) &&
    within(south, west + degrees) &&
    within(south + degrees, west + degrees);
  // No point of a cell is nearer the centre than the cell's own centre is, less the cell's reach
  // (its farthest point from its centre is a corner, as above): a cell beyond that is left out.
  const cellOutside = (south: number, west: number, degrees: number) => {
    const middleLatitude = south + degrees / 2;
    const middleLongitude = west + degrees / 2;
    const reach = Math.max(
      ...[
        [south, west],
        [south + degrees, west],
        [south, west + degrees],
        [south + degrees, west + degrees],
      ].map(([cornerLatitude, cornerLongitude]) =>
        distanceMiles(middleLatitude, middleLongitude, cornerLatitude!, cornerLongitude!),
      ),
    );
    return distanceMiles(latitude, longitude, middleLatitude, middleLongitude) - reach > miles;
  };
  const sizes = CELL_DEGREES.slice(0, CELL_DEGREES.indexOf(finestDegrees) + 1);
  const inside: GridCell[] = [];
  const edge: GridCell[] = [];
  /** The cells of sizes[level] in the box and in the cell of `parent` degrees at south, west. */
  const visit = (level: number, parent: { south: number; west: number; degrees: number } | null) => {
    const degrees = sizes[level]!;
    // The last row and column start inside the parent, so floor() never steps into the next one.
    const fromLatitude = parent ? Math.max(box.minLatitude, parent.south) : box.minLatitude;
    const toLatitude = parent
      ? Math.min(box.maxLatitude, parent.south + parent.degrees - degrees)
      : box.maxLatitude;
    const fromLongitude = parent ? Math.max(box.minLongitude, parent.west) : box.minLongitude;
    const toLongitude = parent
      ? Math.min(box.maxLongitude, parent.west + parent.degrees - degrees)
      : box.maxLongitude;
    for (let row = Math.floor(fromLatitude / degrees); row <= Math.floor(toLatitude / degrees); row += 1) {
      for (
        let column = Math.floor(fromLongitude / degrees);
        column <= Math.floor(toLongitude / degrees);
        column += 1
      ) {
        const south = row * degrees;
        const west = column * degrees;
        if (cellOutside(south, west, degrees)) continue;
        if (cellInside(south, west, degrees)) inside.push({ south, west, degrees });
        else if (level === sizes.length - 1) edge.push({ south, west, degrees });
        else visit(level + 1, { south, west, degrees });
      }
    }
  };
  visit(0, null);
  return { inside, edge };
}

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
 * Grid cells for the SQLite search index's geography facets: every carrier carries the token of
 * its 1-degree cell and of its 4-degree cell, and a radius search asks for the cells its circle
 * touches (radiusCells), so the full-text index narrows by place before the exact distance is
 * checked, and counts the carriers of the cells entirely inside without reading their rows. The SQL
 * in search-index.ts writes the same tokens.
 */
export const FINE_CELL_DEGREES = 1;
export const COARSE_CELL_DEGREES = 4;

export function cellToken(latitude: number, longitude: number, degrees: number): string {
  const row = Math.floor(latitude / degrees);
  const column = Math.floor(longitude / degrees);
  return `_g${degrees}${row >= 0 ? 'n' : 's'}${Math.abs(row)}${column >= 0 ? 'e' : 'w'}${Math.abs(column)}`;
}

/**
 * The grid cells a circle touches, split into those entirely inside it (`inside`: every carrier there
 * is within the radius, so the index alone counts them) and those on its edge (`edge`: each carrier's
 * distance is checked on its row). Coarse cells entirely inside are named whole, the rest as fine
 * cells. A cell is inside when its four corners are: along a parallel or a meridian the distance from
 * the centre grows toward one end, so a cell's farthest point is a corner.
 */
export function radiusCells(
  latitude: number,
  longitude: number,
  miles: number,
): { inside: string[]; edge: string[] } {
  const box = boundingBox(latitude, longitude, miles);
  // A margin for rounding: a cell at the very edge is checked row by row.
  const within = (rowLatitude: number, rowLongitude: number) =>
    distanceMiles(latitude, longitude, rowLatitude, rowLongitude) <= miles * 0.999;
  const cellInside = (south: number, west: number, degrees: number) =>
    within(south, west) &&
    within(south + degrees, west) &&
    within(south, west + degrees) &&
    within(south + degrees, west + degrees);
  const inside: string[] = [];
  const edge: string[] = [];
  const cells = (
    degrees: number,
    fromLatitude: number,
    toLatitude: number,
    fromLongitude: number,
    toLongitude: number,
  ) => {
    const found: [number, number][] = [];
    for (let row = Math.floor(fromLatitude / degrees); row <= Math.floor(toLatitude / degrees); row += 1) {
      for (
        let column = Math.floor(fromLongitude / degrees);
        column <= Math.floor(toLongitude / degrees);
        column += 1
      ) {
        found.push([row * degrees, column * degrees]);
      }
    }
    return found;
  };
  for (const [south, west] of cells(
    COARSE_CELL_DEGREES,
    box.minLatitude,
    box.maxLatitude,
    box.minLongitude,
    box.maxLongitude,
  )) {
    if (cellInside(south, west, COARSE_CELL_DEGREES)) {
      inside.push(cellToken(south, west, COARSE_CELL_DEGREES));
      continue;
    }
    const top = Math.min(box.maxLatitude, south + COARSE_CELL_DEGREES - FINE_CELL_DEGREES);
    const east = Math.min(box.maxLongitude, west + COARSE_CELL_DEGREES - FINE_CELL_DEGREES);
    for (const [fineSouth, fineWest] of cells(
      FINE_CELL_DEGREES,
      Math.max(box.minLatitude, south),
      top,
      Math.max(box.minLongitude, west),
      east,
    )) {
      (cellInside(fineSouth, fineWest, FINE_CELL_DEGREES) ? inside : edge).push(
        cellToken(fineSouth, fineWest, FINE_CELL_DEGREES),
      );
    }
  }
  return { inside, edge };
}

import { EARTH_RADIUS_MILES, toRadians } from '../../../core/geo.ts';

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
 * touches (fine cells up to 100 miles, coarse ones beyond), so the full-text index narrows by place
 * before the exact distance is checked (engine-sqlite.ts uses the cells for circles up to 100 miles).
 * The SQL in search-index.ts writes the same tokens.
 */
export const FINE_CELL_DEGREES = 1;
export const COARSE_CELL_DEGREES = 4;
const FINE_CELLS_UP_TO_MILES = 100;

export function cellToken(latitude: number, longitude: number, degrees: number): string {
  const row = Math.floor(latitude / degrees);
  const column = Math.floor(longitude / degrees);
  return `_g${degrees}${row >= 0 ? 'n' : 's'}${Math.abs(row)}${column >= 0 ? 'e' : 'w'}${Math.abs(column)}`;
}

export function radiusCellTokens(latitude: number, longitude: number, miles: number): string[] {
  const degrees = miles <= FINE_CELLS_UP_TO_MILES ? FINE_CELL_DEGREES : COARSE_CELL_DEGREES;
  const box = boundingBox(latitude, longitude, miles);
  const tokens: string[] = [];
  for (
    let row = Math.floor(box.minLatitude / degrees);
    row <= Math.floor(box.maxLatitude / degrees);
    row += 1
  ) {
    for (
      let column = Math.floor(box.minLongitude / degrees);
      column <= Math.floor(box.maxLongitude / degrees);
      column += 1
    ) {
      tokens.push(cellToken(row * degrees, column * degrees, degrees));
    }
  }
  return tokens;
}

/** Mean Earth radius in statute miles. */
export const EARTH_RADIUS_MILES = 3958.8;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle (haversine) distance in miles. */
export function distanceMiles(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = toRadians(lat2 - lat1);
  const dLon = toRadians(lon2 - lon1);
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(lat1)) * Math.cos(toRadians(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}

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

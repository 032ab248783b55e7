import zipcodes from 'zipcodes';

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/**
 * The centroid of a US ZIP code, from the offline `zipcodes` data package
 * (docs/decisions/008-zip-geocoding.md); null for an unknown or malformed ZIP.
 */
export function zipCentroid(zip: string | null | undefined): Coordinates | null {
  if (!zip || !/^\d{5}$/.test(zip)) return null;
  const place = zipcodes.lookup(zip);
  if (!place || typeof place.latitude !== 'number' || typeof place.longitude !== 'number') return null;
  return { latitude: place.latitude, longitude: place.longitude };
}

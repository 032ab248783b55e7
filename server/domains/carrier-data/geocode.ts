import zipcodes from 'zipcodes';

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/**
 * The five-digit ZIP of a US ZIP or ZIP+4 as FMCSA publishes it (`34604`, `34604-1486`, `346041486`);
 * null for anything else (a Canadian or Mexican postal code). Used for geocoding only: the record
 * keeps the code as published.
 */
export function fiveDigitZip(zip: string | null | undefined): string | null {
  const match = zip ? /^(\d{5})(?:-?\d{4})?$/.exec(zip.trim()) : null;
  return match ? (match[1] as string) : null;
}

/**
 * The centroid of a US ZIP code (ZIP+4 by its five-digit prefix), from the offline `zipcodes` data
 * package (docs/decisions/008-zip-geocoding.md); null for an unknown or malformed ZIP.
 */
export function zipCentroid(zip: string | null | undefined): Coordinates | null {
  const fiveDigits = fiveDigitZip(zip);
  if (!fiveDigits) return null;
  const place = zipcodes.lookup(fiveDigits);
  if (!place || typeof place.latitude !== 'number' || typeof place.longitude !== 'number') return null;
  return { latitude: place.latitude, longitude: place.longitude };
}

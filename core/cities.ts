/** The 24 city pages linked from the footer, in the order of the spec (public-side section 2). */
export const FOOTER_CITIES: ReadonlyArray<{ city: string; state: string }> = [
  { city: 'Dallas', state: 'TX' },
  { city: 'Atlanta', state: 'GA' },
  { city: 'Los Angeles', state: 'CA' },
  { city: 'Chicago', state: 'IL' },
  { city: 'Kansas City', state: 'MO' },
  { city: 'Phoenix', state: 'AZ' },
  { city: 'Houston', state: 'TX' },
  { city: 'Newark', state: 'NJ' },
  { city: 'Cincinnati', state: 'OH' },
  { city: 'Charlotte', state: 'NC' },
  { city: 'Indianapolis', state: 'IN' },
  { city: 'Philadelphia', state: 'PA' },
  { city: 'Louisville', state: 'KY' },
  { city: 'Minneapolis', state: 'MN' },
  { city: 'Charleston', state: 'SC' },
  { city: 'Columbus', state: 'OH' },
  { city: 'Las Vegas', state: 'NV' },
  { city: 'Chattanooga', state: 'TN' },
  { city: 'Boston', state: 'MA' },
  { city: 'Seattle', state: 'WA' },
  { city: 'Baltimore', state: 'MD' },
  { city: 'Nashville', state: 'TN' },
  { city: 'Orlando', state: 'FL' },
  { city: 'Fresno', state: 'CA' },
];

/**
 * The city page path: words joined by hyphens, state code last, lower case (dallas-tx). Periods and
 * apostrophes are dropped ('ST. LOUIS' -> st-louis, "O'FALLON" -> ofallon), the way the server's
 * city key reads the stored name (server/domains/search/sql-conditions.ts).
 */
export function cityPagePath(city: string, state: string): string {
  const slug = `${city} ${state}`
    .toLowerCase()
    .replace(/['.]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `/trucking-companies/${slug}`;
}

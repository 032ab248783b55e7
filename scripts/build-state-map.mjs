// Writes public/maps/us-states.svg: one <path id="XX"> per state and DC, in the Albers USA projection
// of the us-atlas TopoJSON (975 x 610, already projected, so no projection code is needed). The
// inspection heat map places each state with <use href="/maps/us-states.svg#XX"> and colours it,
// so the page carries no map geometry of its own.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';

const require = createRequire(import.meta.url);
const topology = JSON.parse(readFileSync(require.resolve('us-atlas/states-albers-10m.json'), 'utf8'));

// FIPS state codes of the 50 states and DC (territories in the atlas are left out).
const FIPS_TO_CODE = {
  '01': 'AL',
  '02': 'AK',
  '04': 'AZ',
  '05': 'AR',
  '06': 'CA',
  '08': 'CO',
  '09': 'CT',
  10: 'DE',
  11: 'DC',
  12: 'FL',
  13: 'GA',
  15: 'HI',
  16: 'ID',
  17: 'IL',
  18: 'IN',
  19: 'IA',
  20: 'KS',
  21: 'KY',
  22: 'LA',
  23: 'ME',
  24: 'MD',
  25: 'MA',
  26: 'MI',
  27: 'MN',
  28: 'MS',
  29: 'MO',
  30: 'MT',
  31: 'NE',
  32: 'NV',
  33: 'NH',
  34: 'NJ',
  35: 'NM',
  36: 'NY',
  37: 'NC',
  38: 'ND',
  39: 'OH',
  40: 'OK',
  41: 'OR',
  42: 'PA',
  44: 'RI',
  45: 'SC',
  46: 'SD',
  47: 'TN',
  48: 'TX',
  49: 'UT',
  50: 'VT',
  51: 'VA',
  53: 'WA',
  54: 'WV',
  55: 'WI',
  56: 'WY',
};

const ring = (points) => `M${points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join('L')}Z`;
const polygons = (geometry) => (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates);

const paths = feature(topology, topology.objects.states)
  .features.filter((state) => FIPS_TO_CODE[state.id])
  .map((state) => {
    const d = polygons(state.geometry)
      .flatMap((polygon) => polygon.map(ring))
      .join('');
    return `<path id="${FIPS_TO_CODE[state.id]}" d="${d}"/>`;
  });

if (paths.length !== 51) throw new Error(`expected 51 state shapes, found ${paths.length}`);
mkdirSync('public/maps', { recursive: true });
writeFileSync(
  'public/maps/us-states.svg',
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 975 610">${paths.join('')}</svg>\n`,
);

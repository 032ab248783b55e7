import { US_STATES } from '../../lib/us-states';
import type { CarrierPanels } from '../types';

/** Tile positions [column, row] of the 50 states and DC on an 11 x 8 grid, roughly where they lie. */
const TILES: Record<string, [number, number]> = {
  AK: [0, 0],
  ME: [10, 0],
  VT: [9, 1],
  NH: [10, 1],
  WA: [0, 2],
  ID: [1, 2],
  MT: [2, 2],
  ND: [3, 2],
  MN: [4, 2],
  IL: [5, 2],
  WI: [6, 2],
  MI: [7, 2],
  NY: [8, 2],
  RI: [9, 2],
  MA: [10, 2],
  OR: [0, 3],
  NV: [1, 3],
  WY: [2, 3],
  SD: [3, 3],
  IA: [4, 3],
  IN: [5, 3],
  OH: [6, 3],
  PA: [7, 3],
  NJ: [8, 3],
  CT: [9, 3],
  CA: [0, 4],
  UT: [1, 4],
  CO: [2, 4],
  NE: [3, 4],
  MO: [4, 4],
  KY: [5, 4],
  WV: [6, 4],
  VA: [7, 4],
  MD: [8, 4],
  DE: [9, 4],
  AZ: [1, 5],
  NM: [2, 5],
  KS: [3, 5],
  AR: [4, 5],
  TN: [5, 5],
  NC: [6, 5],
  SC: [7, 5],
  DC: [8, 5],
  OK: [3, 6],
  LA: [4, 6],
  MS: [5, 6],
  AL: [6, 6],
  GA: [7, 6],
  HI: [0, 7],
  TX: [3, 7],
  FL: [8, 7],
};

const LIGHT_BLUE = [173, 216, 230] as const;
const NAVY = [25, 25, 112] as const;
const ZERO_GREY = 'rgb(228, 231, 235)';

/** The spec's colour scale: light blue to navy relative to the busiest state; grey for none. */
export function heatColor(count: number, max: number): string {
  if (count <= 0 || max <= 0) return ZERO_GREY;
  const t = count / max;
  const [r, g, b] = LIGHT_BLUE.map((from, index) => Math.round(from + (NAVY[index]! - from) * t));
  return `rgb(${r}, ${g}, ${b})`;
}

/** Dark text on light tiles, white on dark ones, so every label stays readable. */
function labelColor(count: number, max: number): string {
  return count > 0 && max > 0 && count / max > 0.45 ? '#ffffff' : '#102a43';
}

export function InspectionHeatMapBlock({ panels }: { panels: CarrierPanels }) {
  if (panels.inspectionStates.status === 'unavailable')
    return <p className="muted">DOT number not available</p>;
  if (panels.inspectionStates.status === 'error') {
    return <p className="alert alert--error">Error: Failed to load inspection data</p>;
  }
  const counts = new Map(panels.inspectionStates.value.map((entry) => [entry.state, entry.count]));
  const inStates = US_STATES.map(([code]) => counts.get(code) ?? 0);
  const max = Math.max(0, ...inStates);
  if (max === 0) return <p className="muted">No inspection data available for the past 12 months.</p>;
  return (
    <div className="heat-map">
      <p className="muted">Roadside inspections by state, past 12 months.</p>
      <ul className="heat-map__grid">
        {US_STATES.map(([code, name]) => {
          const count = counts.get(code) ?? 0;
          const [column, row] = TILES[code] ?? [0, 0];
          return (
            <li
              key={code}
              className="heat-map__tile"
              style={{
                gridColumn: column + 1,
                gridRow: row + 1,
                background: heatColor(count, max),
                color: labelColor(count, max),
              }}
              title={`${name}: ${count} ${count === 1 ? 'inspection' : 'inspections'}`}
            >
              <span aria-hidden="true">{code}</span>
              <span className="visually-hidden">
                {name}: {count} {count === 1 ? 'inspection' : 'inspections'}
              </span>
            </li>
          );
        })}
      </ul>
      <p className="heat-map__legend">
        <span>0</span>
        <span className="heat-map__scale" aria-hidden="true" />
        <span>{max} inspections</span>
      </p>
    </div>
  );
}

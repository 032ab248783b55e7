import { useRef, useState, type KeyboardEvent } from 'react';
import { US_STATES } from '../../../core/us-states.ts';
import type { CarrierPanels } from '../types.ts';
import { FIRST_STATE, stateAfterKey } from './heat-map-keys.ts';

/** The state shapes, built from the us-atlas TopoJSON at build time (scripts/build-state-map.mjs). */
const STATE_SHAPES = '/maps/us-states.svg';

const LIGHT_BLUE = [173, 216, 230] as const;
const NAVY = [25, 25, 112] as const;
export const ZERO_GREY = 'rgb(228, 231, 235)';

/** The spec's colour scale: light blue to navy relative to the busiest state; light grey for none. */
export function heatColor(count: number, max: number): string {
  if (count <= 0 || max <= 0) return ZERO_GREY;
  const t = count / max;
  const [r, g, b] = LIGHT_BLUE.map((from, index) => Math.round(from + (NAVY[index]! - from) * t));
  return `rgb(${r}, ${g}, ${b})`;
}

function describe(name: string, count: number): string {
  return `${name}: ${count} ${count === 1 ? 'inspection' : 'inspections'}`;
}

/**
 * Inspections per state over the past 12 months, as a map of the 50 states and DC. The map is one
 * tab stop (a roving tab index): the arrow keys move to the neighbouring state that way, Home and
 * End to the first and last state (Alabama, Wyoming), and the detail line announces each state as
 * it is reached. States are only read, so Enter and Space do nothing. The public profile is not
 * hydrated: there app/islands/heat-map.ts gives the server-rendered map the same keys.
 */
export function InspectionHeatMapBlock({ panels }: { panels: CarrierPanels }) {
  const [focused, setFocused] = useState<string | null>(null);
  const [tabStop, setTabStop] = useState(FIRST_STATE);
  const map = useRef<SVGSVGElement>(null);

  function moveFocus(event: KeyboardEvent<SVGSVGElement>) {
    const next = stateAfterKey(tabStop, event.key);
    if (!next) return;
    event.preventDefault();
    setTabStop(next);
    map.current?.querySelector<SVGGElement>(`[data-state="${next}"]`)?.focus();
  }

  if (panels.inspectionStates.status === 'unavailable')
    return <p className="muted">DOT number not available</p>;
  if (panels.inspectionStates.status === 'error') {
    return <p className="alert alert--error">Error: Failed to load inspection data</p>;
  }
  const counts = new Map(panels.inspectionStates.value.map((entry) => [entry.state, entry.count]));
  const max = Math.max(0, ...US_STATES.map(([code]) => counts.get(code) ?? 0));
  if (max === 0) return <p className="muted">No inspection data available for the past 12 months.</p>;
  return (
    <div className="heat-map">
      {/* Keys pressed on a state bubble up to the map, which moves the focus. */}
      <svg
        ref={map}
        viewBox="0 0 975 610"
        className="heat-map__svg"
        role="group"
        aria-label="Inspections by state, past 12 months"
        onKeyDown={moveFocus}
      >
        {US_STATES.map(([code, name]) => {
          const count = counts.get(code) ?? 0;
          const label = describe(name, count);
          return (
            <g
              key={code}
              className="heat-map__state"
              data-state={code}
              tabIndex={code === tabStop ? 0 : -1}
              role="img"
              aria-label={label}
              onMouseEnter={() => setFocused(label)}
              onFocus={() => {
                // A state focused by a click keeps the tab stop too.
                setTabStop(code);
                setFocused(label);
              }}
              onMouseLeave={() => setFocused(null)}
              onBlur={() => setFocused(null)}
            >
              <title>{label}</title>
              <use href={`${STATE_SHAPES}#${code}`} fill={heatColor(count, max)} />
            </g>
          );
        })}
      </svg>
      <p className="heat-map__detail" aria-live="polite">
        {focused ?? 'Point at a state, or tab to the map and use the arrow keys, to see its inspections.'}
      </p>
      <p className="heat-map__legend">
        <span>0</span>
        <span className="heat-map__scale" aria-hidden="true" />
        <span>{max} inspections</span>
      </p>
    </div>
  );
}

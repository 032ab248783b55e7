import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { US_STATES } from '../../../core/us-states.ts';
import { useHydratedPage } from '../../lib/hydrated-page.tsx';
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

const HINT = 'Point at a state, or tab to the map and use the arrow keys, to see its inspections.';

/** The map's own attributes; its states are its children. */
const MAP_PROPS = {
  viewBox: '0 0 975 610',
  className: 'heat-map__svg',
  role: 'group',
  'aria-label': 'Inspections by state, past 12 months',
} as const;

type StateCounts = ReadonlyMap<string, number>;

/**
 * Inspections per state over the past 12 months, as a map of the 50 states and DC. The map is one
 * tab stop (a roving tab index): the arrow keys move to the neighbouring state that way, Home and
 * End to the first and last state (Alabama, Wyoming), and the detail line announces each state as
 * it is reached. States are only read, so Enter and Space do nothing. The public profile is not
 * hydrated: there the server renders the states as markup alone (StaticHeatMap) and
 * app/islands/heat-map.ts gives them the same keys.
 */
export function InspectionHeatMapBlock({ panels }: { panels: CarrierPanels }) {
  const hydrated = useHydratedPage();
  if (panels.inspectionStates.status === 'unavailable')
    return <p className="muted">DOT number not available</p>;
  if (panels.inspectionStates.status === 'error') {
    return <p className="alert alert--error">Error: Failed to load inspection data</p>;
  }
  const counts = new Map(panels.inspectionStates.value.map((entry) => [entry.state, entry.count]));
  const max = Math.max(0, ...US_STATES.map(([code]) => counts.get(code) ?? 0));
  if (max === 0) return <p className="muted">No inspection data available for the past 12 months.</p>;
  return hydrated ? (
    <InteractiveHeatMap counts={counts} max={max} />
  ) : (
    <StaticHeatMap counts={counts} max={max} />
  );
}

/** The map with its detail line and legend. */
function HeatMapFrame({
  max,
  detail,
  children,
}: {
  max: number;
  detail: string | null;
  children: ReactNode;
}) {
  return (
    <div className="heat-map">
      {children}
      <p className="heat-map__detail" aria-live="polite">
        {detail ?? HINT}
      </p>
      <p className="heat-map__legend">
        <span>0</span>
        <span className="heat-map__scale" aria-hidden="true" />
        <span>{`${max} inspections`}</span>
      </p>
    </div>
  );
}

/** The map React runs (the editor's previews): its state elements follow the pointer and the keys. */
function InteractiveHeatMap({ counts, max }: { counts: StateCounts; max: number }) {
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

  return (
    <HeatMapFrame max={max} detail={focused}>
      {/* Keys pressed on a state bubble up to the map, which moves the focus. */}
      <svg ref={map} {...MAP_PROPS} onKeyDown={moveFocus}>
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
    </HeatMapFrame>
  );
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
};

/** Text escaped for HTML as React escapes it. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

/**
 * The map as the server renders it for a page React does not hydrate: the same markup as
 * InteractiveHeatMap's first render (a test holds them equal), written as one string instead of 153
 * React elements with handlers that would do nothing there.
 */
function StaticHeatMap({ counts, max }: { counts: StateCounts; max: number }) {
  const states = US_STATES.map(([code, name]) => {
    const count = counts.get(code) ?? 0;
    const label = escapeHtml(describe(name, count));
    return (
      `<g class="heat-map__state" data-state="${code}" tabindex="${code === FIRST_STATE ? 0 : -1}" ` +
      `role="img" aria-label="${label}"><title>${label}</title>` +
      `<use href="${STATE_SHAPES}#${code}" fill="${heatColor(count, max)}"></use></g>`
    );
  });
  return (
    <HeatMapFrame max={max} detail={null}>
      <svg {...MAP_PROPS} dangerouslySetInnerHTML={{ __html: states.join('') }} />
    </HeatMapFrame>
  );
}

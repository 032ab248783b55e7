import { FIRST_STATE, stateAfterKey } from '../blocks/renderers/heat-map-keys.ts';

/**
 * The inspection heat maps of a profile (server-rendered by InspectionHeatMapBlock.tsx, the first
 * state the tab stop): one tab stop with a roving tab index, the arrow keys moving to the
 * neighbouring state that way and Home and End to the first and last state; the detail line says the
 * state pointed at or focused, and its hint again when there is none.
 */
export function enhanceHeatMaps(): void {
  for (const map of document.querySelectorAll<SVGSVGElement>('.heat-map__svg')) {
    const detail = map.closest('.heat-map')?.querySelector('.heat-map__detail');
    const hint = detail?.textContent ?? '';
    const stateElement = (code: string) => map.querySelector<SVGGElement>(`[data-state="${code}"]`);
    const say = (text: string) => {
      if (detail) detail.textContent = text;
    };

    map.addEventListener('keydown', (event) => {
      const current = map.querySelector<SVGGElement>('[tabindex="0"]')?.dataset.state ?? FIRST_STATE;
      const next = stateAfterKey(current, event.key);
      if (!next) return;
      event.preventDefault();
      // Its focus handler below moves the tab stop.
      stateElement(next)?.focus();
    });
    for (const state of map.querySelectorAll<SVGGElement>('.heat-map__state')) {
      const label = state.getAttribute('aria-label') ?? '';
      state.addEventListener('mouseenter', () => say(label));
      state.addEventListener('mouseleave', () => say(hint));
      state.addEventListener('focus', () => {
        // A state focused by a click keeps the tab stop too.
        map.querySelector('[tabindex="0"]')?.setAttribute('tabindex', '-1');
        state.setAttribute('tabindex', '0');
        say(label);
      });
      state.addEventListener('blur', () => say(hint));
    }
  }
}

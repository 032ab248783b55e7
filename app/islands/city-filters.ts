import { PAGE_PARAM } from '../../core/search-filters.ts';
import { cargoTypesSummary } from '../lib/city-page.ts';

/**
 * A city page's filters (app/routes/public/city.tsx): on a phone the 'Filters' button opens and closes
 * their panel (aria-expanded says which), and the Cargo Types dropdown counts the ticked types as they
 * change.
 */
export function enhanceCityFilters(): void {
  const toggle = document.querySelector<HTMLButtonElement>('.city-filters__toggle');
  const panel = document.querySelector('.city-filters__panel');
  toggle?.addEventListener('click', () => {
    const open = toggle.getAttribute('aria-expanded') !== 'true';
    toggle.setAttribute('aria-expanded', String(open));
    panel?.classList.toggle('city-filters__panel--open', open);
  });

  const form = document.querySelector<HTMLFormElement>('form[data-city-filters]');
  const summary = form?.querySelector('[data-cargo-summary]');
  form?.addEventListener('change', () => {
    const ticked = form.querySelectorAll(`input[name="${PAGE_PARAM.cargo_types}"]:checked`).length;
    if (summary) summary.textContent = cargoTypesSummary(ticked);
  });
}

import { readSearchParams, searchUrl } from '../lib/carrier-search.ts';
import { cityUrl, readCityFilters } from '../lib/city-page.ts';
import { searchPathFor } from '../lib/search-path.ts';
import { formQuery } from './dom.ts';

/** Sends a form to a URL of our choosing instead of the browser's, or nowhere when the URL is null. */
function onSubmitGoTo(form: HTMLFormElement, target: (query: URLSearchParams) => string | null): void {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const url = target(formQuery(form));
    if (url) window.location.assign(url);
  });
}

/**
 * The search forms of public pages. They are plain GET forms that work without JavaScript; with it
 * they go to the same URLs the hydrated pages' forms go to, and a blank search term does nothing (spec:
 * public-side section 5):
 * - a search box (the header's, the landing page's Super Search, a city's Custom Search):
 *   /search?q=<trimmed term>, then any hidden field of the form (the city's state);
 * - the search page's filters: searchUrl, page 1;
 * - a city page's filters: cityUrl, page 1 (entering or leaving filtered mode starts again at page 1).
 */
export function enhanceSearchForms(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-search-box]')) {
    onSubmitGoTo(form, (query) => {
      const path = searchPathFor(query.get('q') ?? '');
      query.delete('q');
      const rest = query.toString();
      return path && rest ? `${path}&${rest}` : path;
    });
  }
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-search-filters]')) {
    onSubmitGoTo(form, (query) => {
      const params = readSearchParams(query);
      return params.q ? searchUrl({ ...params, page: 1 }) : null;
    });
  }
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-city-filters]')) {
    onSubmitGoTo(form, (query) => cityUrl(window.location.pathname, readCityFilters(query), 1));
  }
}

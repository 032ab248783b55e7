import { loadAsDocument } from '../../lib/island-page.ts';

/**
 * The public pages' layout (app/routes.ts): they are rendered on the server and not hydrated, each
 * with its island script (docs/decisions/046). A hydrated owner page that navigates to one (a header
 * link, the search box) loads it as a new document, which brings the page's island, instead of
 * rendering it with React in the browser, where it would have no behaviour.
 */
export const clientLoader = loadAsDocument;

/**
 * With a client loader alone, the server would render the page's HydrateFallback (React Router waits
 * for the browser's data); a server loader makes the server render the page itself.
 */
export function loader() {
  return null;
}

import { createContext, useContext } from 'react';

/**
 * Whether React hydrates the page being rendered: false on a public page, which loads its island
 * script instead (docs/decisions/046-public-pages-without-react.md); app/root.tsx provides it. What
 * React would only need in the browser (a Link's click handler, a map's key and pointer handlers) is
 * left out of a page that is not hydrated.
 */
const HydratedPageContext = createContext(true);

export const HydratedPageProvider = HydratedPageContext.Provider;

export function useHydratedPage(): boolean {
  return useContext(HydratedPageContext);
}

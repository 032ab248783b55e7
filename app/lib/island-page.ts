/**
 * Public pages are rendered on the server and not hydrated (docs/decisions/046-public-pages-without-react.md):
 * each names, in its route `handle`, the one island script it loads instead of React (app/islands/).
 * app/root.tsx reads the handle to choose between the island and React Router's scripts.
 */
export interface IslandHandle {
  /** The built island's URL: `import island from '../../islands/<page>-island.ts?worker&url'`. */
  island: string;
}

/** The island of the deepest matched route that names one, or null for a hydrated page. */
export function islandOf(handles: readonly unknown[]): string | null {
  for (const handle of [...handles].reverse()) {
    if (
      typeof handle === 'object' &&
      handle !== null &&
      'island' in handle &&
      typeof handle.island === 'string'
    )
      return handle.island;
  }
  return null;
}

/** The public pages' `clientLoader` (routes/public/public-pages.tsx): the navigation loads a new document. */
export function loadAsDocument({ request }: { request: Request }): Promise<never> {
  window.location.assign(request.url);
  // Never settles: the document is replaced.
  return new Promise<never>(() => undefined);
}

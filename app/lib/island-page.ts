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

/**
 * A public page's loader data, kept out of the hydration data of its document. React Router encodes
 * every document's loader data for the browser (turbo-stream) before rendering, whether the page loads
 * its scripts or not; a public page loads none, so for a carrier profile that was half a millisecond of
 * every request for nothing. The encoder writes a plain object's enumerable properties only: the page
 * renders from the same object with its properties made non-enumerable. A `.data` request (a hydrated
 * page navigating here, `documentRequest` false) gets the data as it is.
 */
export function notForHydration<T extends object>(data: T, documentRequest: boolean): T {
  if (!documentRequest) return data;
  const hidden = {} as T;
  for (const [key, value] of Object.entries(data)) {
    Object.defineProperty(hidden, key, { value, enumerable: false });
  }
  return hidden;
}

import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/**
 * Server-only: the HTML of public pages, kept by what they were rendered from
 * (docs/decisions/083-public-renders-kept-by-their-data.md). A public page is a pure function of its
 * URL and its loaders' data (its dates come from the loaders, nothing depends on who asks: decision
 * 047), so a page whose data is the same as a rendered one's is that HTML again, with this request's
 * CSP nonce. The key is the data itself, hashed: an owner's edit, a rating or an import changes the
 * data and so the key, on every instance, without anything to invalidate.
 */
export interface RenderedPages {
  /** The page's HTML: the one rendered from the same URL and data, or `render()`'s, which is kept. */
  html(page: PageInputs, nonce: string, render: () => string): string;
}

/** What a public page renders from (React Router's static handler context, in part). */
export interface PageInputs {
  url: string;
  status: number;
  /** The loaders' data by route id. */
  loaderData: Record<string, unknown>;
  actionData: Record<string, unknown> | null;
  errors: Record<string, unknown> | null;
}

interface RenderedPage {
  html: string;
  /** The nonce the HTML was rendered with, replaced by each request's own. */
  nonce: string;
}

/** At most this many characters of HTML (a carrier profile is about 21,000): a bound on memory, whatever the URLs. */
const MAX_CHARACTERS = 16 * 1024 * 1024;

/** Data the key cannot tell apart by its JSON (a Map, a class instance, NaN): such a page is rendered every time. */
class NotPlainData extends Error {}

/**
 * The page's key: a hash of its URL, status and data, or null when the data is not plain (objects,
 * arrays, strings, numbers, booleans, null, dates). Loader data is read with its non-enumerable
 * properties too: a public page's are hidden from the hydration data that way (island-page.ts
 * notForHydration).
 */
export function pageKey(page: PageInputs): string | null {
  if (page.status !== 200 || page.errors !== null || page.actionData !== null) return null;
  const data = Object.entries(page.loaderData).map(([route, value]) => [route, ownProperties(value)]);
  let json: string;
  try {
    json = JSON.stringify([page.url, data], plainOnly);
  } catch (error) {
    if (error instanceof NotPlainData) return null;
    throw error;
  }
  return createHash('sha256').update(json).digest('base64url');
}

/** An object's own properties, non-enumerable ones included, as a plain object (other values as they are). */
function ownProperties(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.getOwnPropertyNames(value).map((name) => [name, (value as Record<string, unknown>)[name]]),
  );
}

/** JSON.stringify's replacer: refuses objects whose JSON would not tell two of them apart. */
function plainOnly(_key: string, value: unknown): unknown {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const prototype = Object.getPrototypeOf(value) as unknown;
    if (prototype !== Object.prototype && prototype !== null) throw new NotPlainData();
  }
  // NaN and the infinities are JSON's null, which a page would show otherwise.
  if (typeof value === 'number' && !Number.isFinite(value)) throw new NotPlainData();
  if (typeof value === 'bigint' || typeof value === 'function' || typeof value === 'symbol')
    throw new NotPlainData();
  return value;
}

export function createRenderedPages(maxCharacters = MAX_CHARACTERS): RenderedPages {
  const pages = new LRUCache<string, RenderedPage>({
    maxSize: maxCharacters,
    sizeCalculation: (page) => page.html.length + 1,
  });
  return {
    html(page, nonce, render) {
      // A page rendered without a nonce could not be given the next request's.
      const key = nonce === '' ? null : pageKey(page);
      if (key === null) return render();
      const kept = pages.get(key);
      // The nonce is 16 random bytes, so it occurs nowhere else in the page.
      if (kept) return kept.html.replaceAll(kept.nonce, nonce);
      const html = render();
      pages.set(key, { html, nonce });
      return html;
    },
  };
}

import { LRUCache } from 'lru-cache';

/**
 * Rendered public listing and information pages, kept in this instance's memory for a few seconds
 * (PAGE_CACHE_SECONDS; docs/decisions/047-shared-page-cache.md). Rendering a search or city page
 * costs several milliseconds of the one thread that serves every request, and the same few pages
 * (the big cities, the common words) are asked for again and again; their HTML is the same for
 * every visitor, because nothing on a public page depends on who asks (the session lives in the
 * browser and the header's scripts read it there).
 *
 * Profiles are not kept: an owner who saves a change expects to see it on the next load, on whichever
 * instance answers. Listings may lag a write made on another instance (or by an import, which runs in
 * its own process) by at most the time to live; a write of listed data this instance answers empties
 * the cache (listing-writes.ts).
 */
export interface SharedPageCache {
  /** Whether a page at this URL is one of the kept kinds (never, when the cache is off). */
  keeps(url: string): boolean;
  /** The page kept for this URL, if any and still fresh. */
  get(url: string): CachedPage | undefined;
  /** Keeps a rendered page of a URL `keeps` accepts. */
  set(url: string, page: CachedPage): void;
  /** Forgets every page: data changed. */
  clear(): void;
}

export interface CachedPage {
  body: Buffer;
  /** The CSP nonce the body was rendered with, replaced by each response's own. */
  nonce: string;
  /** Its weak ETag (page-cache.ts), which leaves the nonce out and so holds for every copy sent. */
  etag: string;
  /** The response headers React Router set (content type and the like), without the policy. */
  headers: [string, string][];
}

/** The kinds of page kept: the same for everyone and costly to render (public-side section 2). */
const KEPT_PATHS = [
  /^\/$/,
  /^\/search$/,
  /^\/trucking-companies\/[^/.]+$/,
  /^\/(how-it-works|privacy-policy|terms-of-service|resources)$/,
  /^\/resources\/[^/.]+$/,
  // A vetting report's permanent link: its report never changes (docs/decisions/112).
  /^\/reports\/[A-Za-z0-9_-]{22}$/,
];

/** At most this many bytes of pages (a search page is about 30 KB): a bound on memory, whatever the URLs. */
const MAX_BYTES = 32 * 1024 * 1024;

export function isKeptPath(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  return KEPT_PATHS.some((pattern) => pattern.test(path));
}

/** A cache of `seconds` time to live; 0 keeps nothing. `now` (milliseconds) is for tests. */
export function createSharedPageCache(seconds: number, now?: () => number): SharedPageCache {
  if (seconds === 0) {
    return { keeps: () => false, get: () => undefined, set: () => undefined, clear: () => undefined };
  }
  const pages = new LRUCache<string, CachedPage>({
    maxSize: MAX_BYTES,
    sizeCalculation: (page) => page.body.length + 1,
    ttl: seconds * 1000,
    // Read the clock on every look-up (a few nanoseconds) rather than reusing one reading for a while.
    ttlResolution: 0,
    ...(now ? { perf: { now } } : {}),
  });
  return {
    keeps: isKeptPath,
    get: (url) => pages.get(url),
    set: (url, page) => void pages.set(url, page),
    clear: () => pages.clear(),
  };
}

/** The body of a kept page with this response's nonce in place of the one it was rendered with. */
export function withNonce(page: CachedPage, nonce: string): Buffer {
  return Buffer.from(page.body.toString('utf8').replaceAll(page.nonce, nonce));
}

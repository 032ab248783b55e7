import { createHash } from 'node:crypto';

/**
 * Validators for server-rendered pages (docs/decisions/026-compression-caching-and-page-javascript.md).
 * Every page carries a fresh CSP nonce, so a hash of the bytes sent would differ on every response:
 * the ETag hashes the body with this response's nonce blanked out, which is the same for two
 * renders of the same data. It is weak (`W/`): the page is the same, not its bytes (nonce, and
 * the brotli or gzip encoding chosen per request).
 */
export function pageEtag(body: Buffer, nonce: string): string {
  const stable = nonce === '' ? body : body.toString('utf8').replaceAll(nonce, '');
  return `W/"${createHash('sha256').update(stable).digest('base64url').slice(0, 27)}"`;
}

/** If-None-Match against an ETag, by the weak comparison RFC 9110 (13.1.2) prescribes for it. */
export function matchesIfNoneMatch(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/**
 * Pages are revalidated on every use (their data changes with imports and owners' edits) and answered
 * with 304 when unchanged. A page rendered with something only this client may see (the outbox, for a
 * local client) is never stored anywhere.
 */
export const PAGE_CACHE_CONTROL = { shared: 'no-cache', personal: 'private, no-store' } as const;

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../../core/errors.ts';

/** Methods that change state: every one of them must prove it was not sent by another site. */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const OTHER_ORIGIN_DETAIL =
  "This request was sent by a page of another site; changes are accepted only from this site's own pages";

export const CROSS_SITE_DETAIL =
  'Send a JSON body (Content-Type: application/json) or an Authorization: Bearer header with this request';

/**
 * True when a browser could only have sent this request after a CORS preflight, which this server
 * never grants (it sends no Access-Control-* headers): a JSON content type, or a bearer token. A page
 * on another site can send a form or a body-less POST (text/plain, urlencoded, multipart, no
 * Authorization) without asking; it cannot send either of these. Only a Bearer scheme counts: a
 * browser attaches cached Basic credentials by itself, even to another site's form post.
 */
export function cannotComeFromAnotherSite(request: FastifyRequest): boolean {
  const mediaType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (mediaType === 'application/json') return true;
  return /^Bearer\s+\S/i.test(request.headers.authorization ?? '');
}

/** The origin of a request sent to `host` over `protocol`, as `URL` writes it; null when it is none. */
function originOf(protocol: string, host: string | undefined): string | null {
  try {
    return new URL(`${protocol}://${host ?? ''}`).origin;
  } catch {
    return null;
  }
}

/**
 * True when the browser says a page of another origin sent the request: its `Origin` (or without
 * one its `Referer`) is neither APP_URL's origin nor the one the request was sent to, or it says
 * `Sec-Fetch-Site: cross-site` or `same-site` (another port or subdomain is another origin). A
 * request that names no source at all is an API client's (curl, a script), not a page's: browsers
 * send `Origin` with every write they make (docs/decisions/091-same-origin-writes-and-host-names.md).
 */
export function sentByAnotherOrigin(request: FastifyRequest, appOrigin: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true;
  const source = request.headers.origin ?? request.headers.referer;
  if (source === undefined) return false;
  let sender: string;
  try {
    sender = new URL(source).origin;
  } catch {
    return true;
  }
  if (sender === appOrigin) return false;
  return ![request.headers.host, request.host].some((host) => originOf(request.protocol, host) === sender);
}

/**
 * Refuses, in the API scope it is registered in, any state-changing request another site could have
 * sent, before the body is read or any handler runs: 415 with a detail when it is of a kind a page
 * elsewhere can send without asking, 403 when a browser says a page of another origin sent it.
 */
export function registerCrossSiteGuard(app: FastifyInstance, appUrl: string): void {
  const appOrigin = new URL(appUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    if (!cannotComeFromAnotherSite(request)) {
      throw new DomainError('unsupported_media_type', CROSS_SITE_DETAIL);
    }
    if (sentByAnotherOrigin(request, appOrigin)) throw new DomainError('forbidden', OTHER_ORIGIN_DETAIL);
  });
}

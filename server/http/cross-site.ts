import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../../core/errors.ts';

/** Methods that change state: every one of them must prove it was not sent by another site. */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

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

/**
 * Refuses, in the API scope it is registered in, any state-changing request another site could have
 * sent: 415 with a detail, before the body is read or any handler runs.
 */
export function registerCrossSiteGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (STATE_CHANGING.has(request.method) && !cannotComeFromAnotherSite(request)) {
      throw new DomainError('unsupported_media_type', CROSS_SITE_DETAIL);
    }
  });
}

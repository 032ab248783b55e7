import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';

/** The response header that names a request; the same id is the `reqId` of its log lines (Fastify's default label). */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Fastify's request-id options: every request gets a fresh random UUID, and an incoming
 * X-Request-Id is ignored (`requestIdHeader: false`), so a client can neither write what it likes
 * into the logs nor make two requests share an id. See docs/decisions/030-backups-and-request-ids.md.
 */
export const requestIdOptions = {
  genReqId: () => randomUUID(),
  requestIdHeader: false,
} satisfies Pick<FastifyServerOptions, 'genReqId' | 'requestIdHeader'>;

/** Puts the request's id on its reply. */
export function withRequestId(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.header(REQUEST_ID_HEADER, request.id);
}

/**
 * Names every response with its request's id: API answers, pages, static files, 404s and errors
 * alike. Set as the request arrives, so the header is there whatever answers the request later.
 * (A URL the router cannot decode never reaches the hooks: app.ts's `frameworkErrors` names that one.)
 */
export function registerRequestIdHeader(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', async (request, reply) => {
    withRequestId(request, reply);
  });
}

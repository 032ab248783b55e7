import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { createRequestListener } from '@react-router/node';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ServerBuild } from 'react-router';
import type { Services } from '../services.ts';
import { isLocalRequest } from './loopback.ts';
import { sendError } from './errors.ts';

/** What getLoadContext (which only sees a fetch Request) needs to know about the Fastify request. */
interface RequestFacts {
  /** The per-request CSP nonce. */
  nonce: string;
  /** The outbox, for a request from this machine while the outbox page is on; null otherwise. */
  outbox: Services['outbox'];
  /** The request's logger, so a loader's or the renderer's failure is logged with the request id. */
  log: FastifyBaseLogger;
}
const requestFacts = new AsyncLocalStorage<RequestFacts>();

/** Page routes have no actions, so the server renders pages for reading methods only. */
const PAGE_METHODS = new Set(['GET', 'HEAD']);

/**
 * The document policy (docs/decisions/004 and 022). Scripts and <style> elements work only with
 * this response's nonce: the profile's custom CSS and the editor's (the preview, CodeMirror, the
 * cropper) carry it, so a <style> that reached the page any other way does nothing.
 * Style attributes stay allowed: the server renders a few (bar widths, the header image) and carrier
 * HTML never keeps one (sanitize-html.ts). `style-src` is the fallback for browsers without the
 * -elem and -attr directives.
 */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    `style-src-elem 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Mounts React Router's server rendering on every path the API and static files do not claim.
 * Registered as its own encapsulated plugin so Fastify's body parsers can be removed here only:
 * React Router actions read the raw request body themselves.
 */
export function ssrPlugin(build: ServerBuild, services: Services) {
  // Loaders reach the outbox only through the load context's `outbox`, decided per request below.
  const { outbox, ...pageServices } = services;
  return async function mountSsr(app: FastifyInstance) {
    const listener = createRequestListener({
      build,
      mode: process.env.NODE_ENV === 'production' ? 'production' : 'development',
      getLoadContext: () => {
        const facts = requestFacts.getStore();
        return {
          services: pageServices,
          nonce: facts?.nonce ?? '',
          outbox: facts?.outbox ?? null,
          log: facts?.log ?? app.log,
        };
      },
    });

    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => done(null));

    app.all('/*', { config: { rateLimit: false } }, async (request, reply) => {
      // No page route has an action (state changes go through the JSON API, guarded against other
      // sites by server/http/cross-site.ts): a form posted from anywhere reaches no page code.
      if (!PAGE_METHODS.has(request.method)) {
        return sendError(reply.header('Allow', 'GET, HEAD'), 'method_not_allowed', 'Method Not Allowed');
      }
      const nonce = randomBytes(16).toString('base64');
      reply.raw.setHeader('Content-Security-Policy', contentSecurityPolicy(nonce));
      reply.hijack();
      const facts: RequestFacts = {
        nonce,
        outbox: outbox && isLocalRequest(request) ? outbox : null,
        log: request.log,
      };
      await requestFacts.run(facts, () => listener(request.raw, reply.raw));
    });
  };
}

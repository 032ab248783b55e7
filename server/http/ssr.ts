import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, data, type ServerBuild } from 'react-router';
import { DATABASE_RETRY_AFTER_SECONDS, databaseUnavailableDetail } from '../db/unavailable.ts';
import type { Services } from '../services.ts';
import { isLocalRequest } from './loopback.ts';
import { matchesIfNoneMatch, PAGE_CACHE_CONTROL, pageEtag } from './page-cache.ts';
import { withNonce, type SharedPageCache } from './shared-page-cache.ts';
import type { ContactCheckLimit } from './contact-check-limit.ts';
import { sendError } from './errors.ts';

/** Pages are rendered for reading methods; the one page with an action also takes its form's POST. */
const PAGE_METHODS = new Set(['GET', 'HEAD']);
/**
 * The contact check posts its form to itself so that a pasted e-mail address stays out of URLs, logs
 * and browser history. Its action only reads; nothing on the server changes.
 */
const FORM_PAGE_PATHS = new Set(['/check']);
/** A form's fields are a few short texts. */
const FORM_BODY_LIMIT_BYTES = 4096;

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

/** The fetch Request React Router reads, made from Fastify's request (with a form page's posted fields). */
function fetchRequestOf(request: FastifyRequest, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      headers.append(name, item);
    }
  }
  return new Request(`${request.protocol}://${request.host}${request.url}`, {
    method: request.method,
    headers,
    signal,
    body: request.method === 'POST' && typeof request.body === 'string' ? request.body : undefined,
  });
}

/**
 * The loaders still running for each request, by its load context. A client that goes away ends the
 * rendering (and so the route handler) at once, but not its loaders' database reads: the handler
 * waits for them, so the graceful shutdown (shutdown.ts), which waits for handlers, never closes the
 * database under a loader.
 */
const runningLoaders = new WeakMap<object, Set<Promise<unknown>>>();

/**
 * The build with every loader answering a database outage (server/db/unavailable.ts) as a 503 route
 * error with the outage's detail, instead of a thrown error React Router renders as a 500: the root
 * error boundary then shows the "temporarily unavailable" page, and a `.data` request gets 503 too.
 * Each running loader is kept in `runningLoaders` under its request's load context.
 */
export function withOutageAnswers(build: ServerBuild): ServerBuild {
  const routes: ServerBuild['routes'] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const loader = route?.module.loader;
    routes[id] =
      route && loader
        ? {
            ...route,
            module: {
              ...route.module,
              loader: (args) => {
                const running = answeringOutage(() => loader(args));
                runningLoaders.get(args.context)?.add(running);
                return running;
              },
            },
          }
        : route;
  }
  return { ...build, routes };
}

/** What a loader answers, with a database outage thrown as the 503 route error (withOutageAnswers). */
async function answeringOutage<T>(load: () => T | Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const detail = databaseUnavailableDetail(error);
    if (!detail) throw error;
    throw data(
      { detail, code: 'busy' },
      { status: 503, headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) } },
    );
  }
}

/**
 * Mounts React Router's server rendering on every path the API and static files do not claim.
 * Registered as its own encapsulated plugin so Fastify's body parsers can be removed here only: a
 * request with any body type gets the 405 below, never a parser's 415.
 *
 * The page is rendered to a buffer and sent with `reply.send` (not written to `reply.raw`), so that
 * Fastify's hooks see it: @fastify/compress compresses it, and the weak ETag of page-cache.ts is
 * computed on the whole body (docs/decisions/026-compression-caching-and-page-javascript.md).
 */
export function ssrPlugin(
  build: ServerBuild,
  services: Services,
  sharedPages: SharedPageCache,
  limitContactCheck: ContactCheckLimit,
) {
  // Loaders reach the outbox only through the load context's `outbox`, decided per request below.
  const { outbox, ...pageServices } = services;
  return async function mountSsr(app: FastifyInstance) {
    const handle = createRequestHandler(
      withOutageAnswers(build),
      process.env.NODE_ENV === 'production' ? 'production' : 'development',
    );

    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => done(null));
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES },
      (request, body, done) =>
        FORM_PAGE_PATHS.has(request.url.split('?', 1)[0]!.toLowerCase()) ? done(null, body) : done(null),
    );

    app.all('/*', { config: { rateLimit: false } }, async (request, reply) => {
      // Only the contact check has an action, and it changes nothing (state changes go through the
      // JSON API, guarded against other sites by server/http/cross-site.ts): a form posted anywhere
      // else reaches no page code.
      const formPost =
        request.method === 'POST' && FORM_PAGE_PATHS.has(request.url.split('?', 1)[0]!.toLowerCase());
      if (!PAGE_METHODS.has(request.method) && !formPost) {
        return sendError(reply.header('Allow', 'GET, HEAD'), 'method_not_allowed', 'Method Not Allowed');
      }
      const nonce = randomBytes(16).toString('base64');
      reply.header('Content-Security-Policy', contentSecurityPolicy(nonce));
      // A request with credentials may be answered with what only its sender may see (an owner's
      // data): it is rendered for itself and stored nowhere.
      const credentialed = request.headers.authorization !== undefined;
      const kept = request.method === 'GET' && !credentialed ? sharedPages.get(request.url) : undefined;
      if (kept) {
        for (const [name, value] of kept.headers) reply.header(name, value);
        return sendSharedPage(request, reply.status(200), withNonce(kept, nonce), kept.etag);
      }
      const pageOutbox = outbox && isLocalRequest(request) ? outbox : null;
      // A client that goes away stops the rendering.
      const aborted = new AbortController();
      reply.raw.once('close', () => aborted.abort());
      let outboxRead = false;
      const loadContext = {
        services: pageServices,
        nonce,
        log: request.log,
        limitContactCheck: () => limitContactCheck(request),
        // React Router answers a path ending in .data with the loaders' data alone.
        documentRequest: !request.url.split('?', 1)[0]!.endsWith('.data'),
        // Only the outbox page reads it; a page that did holds what only this client may see.
        get outbox() {
          outboxRead = pageOutbox !== null;
          return pageOutbox;
        },
      };
      const loaders = new Set<Promise<unknown>>();
      runningLoaders.set(loadContext, loaders);
      let response: Response;
      try {
        response = await handle(fetchRequestOf(request, aborted.signal), loadContext);
      } finally {
        await Promise.allSettled(loaders);
      }

      reply.status(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') reply.header(name, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('Set-Cookie', cookies);
      const body = Buffer.from(await response.arrayBuffer());

      // A page that failed (a loader's error, or a database outage: withOutageAnswers) is stored
      // nowhere, so the next request loads it again.
      if (response.status >= 500) {
        if (response.status === 503) reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
        return reply.header('Cache-Control', 'no-store').send(body);
      }
      // A route may say its page is for its reader alone (a review link's page): kept nowhere.
      const privatePage = /no-store/i.test(response.headers.get('cache-control') ?? '');
      if (outboxRead || cookies.length > 0 || credentialed || privatePage) {
        return reply.header('Cache-Control', PAGE_CACHE_CONTROL.personal).send(body);
      }
      if (response.status !== 200 || request.method !== 'GET')
        return sendSharedPage(request, reply, body, null);
      const etag = pageEtag(body, nonce);
      if (sharedPages.keeps(request.url)) {
        const headers: [string, string][] = [];
        response.headers.forEach((value, name) => headers.push([name, value]));
        sharedPages.set(request.url, { body, nonce, etag, headers });
      }
      return sendSharedPage(request, reply, body, etag);
    });
  };
}

/**
 * A page the same for everyone: revalidated on each use; a 200 to a GET carries its weak `etag` and
 * answers 304 when the browser's stored copy is still the page.
 */
function sendSharedPage(request: FastifyRequest, reply: FastifyReply, body: Buffer, etag: string | null) {
  reply.header('Cache-Control', PAGE_CACHE_CONTROL.shared);
  if (etag === null) return reply.send(body);
  reply.header('ETag', etag);
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
    // The browser keeps its stored page and takes the 304's headers over the stored ones: a new
    // nonce in a policy would block the stored page's scripts, which carry the old one. Without
    // the header the stored policy, whose nonce matches the stored page, stays in force.
    reply.removeHeader('Content-Security-Policy');
    // The compression plugin adds Vary only to what it compresses; a 304 stands for that too.
    return reply.status(304).header('Vary', 'Accept-Encoding').send();
  }
  return reply.send(body);
}

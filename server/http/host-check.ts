import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isLoopbackName, splitHost } from './loopback.ts';
import { sendError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route answers whatever `Host` it is asked under: the health checks a load balancer sends to
     * an instance's address, and /metrics, which checks its own callers.
     */
    anyHost?: boolean;
  }
}

export const MISDIRECTED_DETAIL = 'Misdirected request: this server does not answer for that host name';

/**
 * Whether a `Host` names this deployment: APP_URL's host name (with its port, or none when a proxy
 * leaves it out), or this machine (`localhost`, a loopback address) on any port for local use. A
 * page on a rebinding domain reaches the server's address under its own name, which is none of these.
 */
export function hostAccepter(appUrl: string): (host: string | undefined) => boolean {
  const app = new URL(appUrl);
  const appPort = app.port || (app.protocol === 'https:' ? '443' : '80');
  return (host) => {
    const parts = splitHost(host);
    if (!parts) return false;
    if (isLoopbackName(parts.name)) return true;
    return parts.name === app.hostname && (parts.port === null || parts.port === appPort);
  };
}

/**
 * Fastify's `rewriteUrl`: an absolute-form target (`GET http://host/path`, which proxies are sent) is
 * answered as its path, under the target's host, which RFC 9112 (3.2.2) puts in place of `Host`.
 */
export function pathOfAbsoluteTarget(request: IncomingMessage): string {
  const url = request.url ?? '/';
  const absolute = /^https?:\/\/([^/?#]*)(.*)$/i.exec(url);
  if (!absolute) return url;
  request.headers.host = absolute[1];
  const rest = absolute[2] ?? '';
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/**
 * Refuses, before any route or API hook runs, a request asked under another name than this deployment's
 * (421 with a detail), and one whose target is not a path (400): both `Host` and the host Fastify
 * takes from a trusted proxy's X-Forwarded-Host must be accepted, as either may be what a page reads.
 */
export function registerHostCheck(app: FastifyInstance, appUrl: string): void {
  const accepts = hostAccepter(appUrl);
  app.addHook('onRequest', async (request: FastifyRequest, reply) => {
    if (!request.url.startsWith('/')) {
      return sendError(reply, 'invalid', 'The request target must be a path');
    }
    if (request.routeOptions.config.anyHost) return;
    if (!accepts(request.headers.host) || !accepts(request.host)) {
      return sendError(reply, 'misdirected', MISDIRECTED_DETAIL);
    }
  });
}

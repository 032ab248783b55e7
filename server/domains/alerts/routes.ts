import type { FastifyInstance } from 'fastify';
import { alertContracts } from '../../../core/contracts/alerts.ts';
import { contractRoute } from '../../http/contracts.ts';
import { sendError } from '../../http/errors.ts';
import type { RouteOptions } from '../../services.ts';
import type { AlertEmailKind } from './messages.ts';

const KINDS: readonly AlertEmailKind[] = ['severe', 'digest'];
/** Feed readers poll; a token guessed at is refused long before it could be found. */
const FEED_RATE_LIMIT = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/**
 * The links alert e-mails and feed readers follow, which carry their own secret instead of a
 * session: a list's Atom feed, and the one-click unsubscribe (RFC 8058), which a mail provider POSTs
 * from anywhere with `List-Unsubscribe=One-Click`. Its page (app/routes/alerts/unsubscribe.tsx)
 * posts the same form.
 */
export async function alertLinkRoutes(app: FastifyInstance, { services }: RouteOptions): Promise<void> {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, new URLSearchParams(String(body))),
  );

  app.get<{ Params: { token: string } }>(
    '/alerts/feeds/:token',
    { config: FEED_RATE_LIMIT },
    async (request, reply) => {
      const document = await services.alerts.feedDocument(request.params.token);
      if (document === null)
        return sendError(reply, 'not_found', 'No feed at this address: it was revoked or never existed');
      return reply
        .type('application/atom+xml; charset=utf-8')
        .header('Cache-Control', 'private, max-age=300')
        .header('X-Robots-Tag', 'noindex')
        .send(document);
    },
  );

  app.post<{ Params: { token: string }; Querystring: { email?: string } }>(
    '/alerts/unsubscribe/:token',
    async (request, reply) => {
      const kind = request.query.email as AlertEmailKind;
      if (!KINDS.includes(kind)) {
        return sendError(
          reply,
          'invalid',
          'The unsubscribe link names no e-mail: ?email=severe or ?email=digest',
        );
      }
      if (!(await services.alerts.unsubscribe(request.params.token, kind))) {
        return sendError(reply, 'not_found', 'This unsubscribe link is not valid');
      }
      const form = request.body instanceof URLSearchParams ? request.body : null;
      // The page's own button comes back to the page, which then says it is done.
      if (form?.get('from') === 'page') {
        return reply.redirect(
          `/alerts/unsubscribe/${encodeURIComponent(request.params.token)}?email=${kind}&done=1`,
          303,
        );
      }
      return reply.send({ unsubscribed: kind });
    },
  );
}

/** A watcher's alert settings, feeds and webhooks (core/contracts/alerts.ts): the account's own only. */
export async function alertAccountRoutes(app: FastifyInstance, { services }: RouteOptions): Promise<void> {
  const c = alertContracts;
  const alerts = services.alerts;
  const WATCHER = { auth: 'watcher' } as const;
  // Feed URLs and webhook secrets are shown once: made on the account page's session only.
  const SESSION = { auth: 'watcher-session' } as const;

  contractRoute(app, c.settings, {
    config: WATCHER,
    handler: async (request) => alerts.settings(request.watcher.accountId),
  });
  contractRoute(app, c.saveSettings, {
    config: WATCHER,
    handler: async (request) => alerts.saveSettings(request.watcher.accountId, request.body),
  });
  contractRoute(app, c.feeds, {
    config: WATCHER,
    handler: async (request) => alerts.feeds(request.watcher.accountId),
  });
  contractRoute(app, c.makeFeed, {
    config: SESSION,
    handler: async (request, reply) =>
      reply.status(201).send(await alerts.regenerateFeed(request.watcher.accountId, request.params.id)),
  });
  contractRoute(app, c.revokeFeed, {
    config: SESSION,
    handler: async (request, reply) => {
      await alerts.revokeFeed(request.watcher.accountId, request.params.id);
      return reply.status(204).send();
    },
  });
  contractRoute(app, c.webhooks, {
    config: WATCHER,
    handler: async (request) => alerts.endpoints(request.watcher.accountId),
  });
  contractRoute(app, c.addWebhook, {
    config: { ...SESSION, rateLimit: { max: 10, timeWindow: '1 hour' } },
    handler: async (request, reply) =>
      reply.status(201).send(await alerts.addEndpoint(request.watcher.accountId, request.body.url)),
  });
  contractRoute(app, c.deleteWebhook, {
    config: SESSION,
    handler: async (request, reply) => {
      await alerts.deleteEndpoint(request.watcher.accountId, request.params.id);
      return reply.status(204).send();
    },
  });
  contractRoute(app, c.deliveries, {
    config: WATCHER,
    handler: async (request) => alerts.deliveries(request.watcher.accountId),
  });
}

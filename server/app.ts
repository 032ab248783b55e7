import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerBuild } from 'react-router';
import type { AppConfig } from './config.ts';
import type { Db } from './db/database.ts';
import { authRoutes } from './domains/auth/routes.ts';
import { blockRoutes } from './domains/blocks/routes.ts';
import { capacityRoutes } from './domains/capacity/routes.ts';
import { carrierDataRoutes } from './domains/carrier-data/routes.ts';
import { companyRoutes } from './domains/companies/routes.ts';
import { contactCheckRoutes } from './domains/contact-check/routes.ts';
import { resolveSessionSecret } from './domains/auth/session-secret.ts';
import { healthRoutes } from './domains/health/routes.ts';
import { historyRoutes } from './domains/history/routes.ts';
import { signalsRoutes } from './domains/signals/routes.ts';
import { mediaFileRoutes, mediaRoutes } from './domains/media/routes.ts';
import { ratingRoutes } from './domains/ratings/routes.ts';
import { reportRoutes } from './domains/reports/routes.ts';
import { replyRoutes } from './domains/replies/routes.ts';
import { sitemapRoutes } from './domains/sitemap/routes.ts';
import { userRoutes } from './domains/users/routes.ts';
import { watcherRoutes } from './domains/watchers/routes.ts';
import { registerAuthentication } from './http/auth.ts';
import { registerCompression } from './http/compression.ts';
import { contactCheckLimit } from './http/contact-check-limit.ts';
import { registerContracts } from './http/contracts.ts';
import { registerCrossSiteGuard } from './http/cross-site.ts';
import { pathOfAbsoluteTarget, registerHostCheck } from './http/host-check.ts';
import { answerFrameworkError, registerErrorHandling, sendError } from './http/errors.ts';
import { registerListingInvalidation } from './http/listing-writes.ts';
import { loggerOptions } from './http/logging.ts';
import { registerRequestIdHeader, requestIdOptions, withRequestId } from './http/request-id.ts';
import { connectRateLimitRedis } from './http/rate-limit-redis.ts';
import { registerApiRateLimit, registerNoStoreAnswers, registerSecurityHeaders } from './http/security.ts';
import { registerMetrics } from './http/metrics.ts';
import { registerOpenApiDocument } from './http/openapi.ts';
import { registerClosingGuard } from './http/shutdown.ts';
import { alertAccountRoutes, alertLinkRoutes } from './domains/alerts/routes.ts';
import { createSharedPageCache } from './http/shared-page-cache.ts';
import { ssrPlugin } from './http/ssr.ts';
import type { MailTransport } from './domains/mail/transport.ts';
import type { MediaStorage } from './domains/media/storage.ts';
import { createServices, type Services } from './services.ts';

export interface BuildAppOptions {
  config: AppConfig;
  db: Db;
  /** The React Router server build; without it only the APIs are served (API tests). */
  serverBuild?: ServerBuild;
  /** Folder of the browser build (build/client), served as static files. */
  clientDir?: string;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write: (line: string) => void };
  /** Today's date for time-window rules; tests pin it. */
  clock?: () => Date;
  /** The mail transport; by default SMTP when SMTP_URL is set, otherwise the outbox. */
  mail?: MailTransport;
  /** Where uploaded media go; by default the database on PostgreSQL, files in DATA_DIR/media on SQLite (tests bring a full disk). */
  mediaStorage?: MediaStorage;
}

export interface App {
  fastify: FastifyInstance;
  services: Services;
}

/** Builds the one Fastify instance: main API, carrier-data API, static files and server rendering. */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config, db } = options;
  const fastify = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel, options.logStream),
    ...requestIdOptions,
    frameworkErrors: (error, request, reply) => answerFrameworkError(error, withRequestId(request, reply)),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    rewriteUrl: pathOfAbsoluteTarget,
    // The closing guard answers those requests with the error model's body instead.
    return503OnClosing: false,
  });
  const jwtSecret = await resolveSessionSecret(config, db);
  const redis = config.redisUrl ? await connectRateLimitRedis(config.redisUrl, fastify.log) : null;
  if (redis) fastify.addHook('onClose', async () => void redis.disconnect());
  const services = createServices(
    { ...config, jwtSecret },
    db,
    options.clock ?? (() => new Date()),
    fastify.log,
    options.mail,
    options.mediaStorage,
    redis,
  );

  // The mail worker sends from the moment the server is ready (what an earlier process left queued
  // too) and stops as soon as it begins to close: the message in flight finishes, the rest stays
  // queued for the next start or another instance.
  fastify.addHook('onReady', async () => {
    services.mailQueue.start();
    services.webhookQueue.start();
  });
  fastify.addHook('preClose', async () => {
    await Promise.all([services.mailQueue.stop(), services.webhookQueue.stop()]);
  });

  // Rendered public pages, kept a few seconds; emptied by the writes that change what they list.
  const sharedPages = createSharedPageCache(config.pageCacheSeconds);
  registerListingInvalidation(fastify, sharedPages);

  registerRequestIdHeader(fastify);
  registerMetrics(fastify, { services, db, token: config.metricsToken });
  registerContracts(fastify, { checkAnswers: config.env === 'test' });
  registerErrorHandling(fastify);
  registerClosingGuard(fastify);
  await registerSecurityHeaders(fastify);
  await registerCompression(fastify);
  registerHostCheck(fastify, config.appUrl);
  const checkLimit = await contactCheckLimit(fastify, { redis });

  await fastify.register(
    async (api) => {
      await registerApiRateLimit(api, config, { redis, scope: 'api' });
      registerCrossSiteGuard(api, config.appUrl);
      registerNoStoreAnswers(api);
      registerAuthentication(api, services);
      await api.register(healthRoutes, { services });
      await api.register(companyRoutes, { services });
      await api.register(capacityRoutes, { services });
      await api.register(authRoutes, { services });
      await api.register(userRoutes, { services });
      await api.register(blockRoutes, { services });
      await api.register(mediaRoutes, { services });
      await api.register(ratingRoutes, { services });
      await api.register(watcherRoutes, { services });
      await api.register(alertAccountRoutes, { services });
      await api.register(replyRoutes, { services });
      await api.register(contactCheckRoutes, { services, limit: checkLimit });
      // Unknown API paths answer JSON, never the HTML 404 page.
      api.all('/*', async (_request, reply) => sendError(reply, 'not_found', 'Not Found'));
    },
    { prefix: '/api/v1' },
  );

  await fastify.register(
    async (carrierData) => {
      await registerApiRateLimit(carrierData, config, { redis, scope: 'carrier-data' });
      registerCrossSiteGuard(carrierData, config.appUrl);
      registerNoStoreAnswers(carrierData);
      await carrierData.register(carrierDataRoutes, { services });
      await carrierData.register(historyRoutes, { services });
      await carrierData.register(signalsRoutes, { services });
      carrierData.all('/*', async (_request, reply) => sendError(reply, 'not_found', 'Not Found'));
    },
    { prefix: '/carrier-data/api/v1' },
  );

  // Vetting reports: their API under /api/v1 and the pages' forms and PDFs under /reports, in one
  // scope so making a report counts against one per-client limit whichever way it is asked for.
  await fastify.register(async (reports) => {
    await registerApiRateLimit(reports, config, { redis, scope: 'reports' });
    await reports.register(reportRoutes, {
      services,
      perClientPerHour: config.reports.perClientPerHour,
      appUrl: config.appUrl,
    });
  });

  await fastify.register(async (sitemaps) => {
    await registerApiRateLimit(sitemaps, config, { redis, scope: 'sitemap' });
    await sitemaps.register(sitemapRoutes, { services });
    registerOpenApiDocument(sitemaps, config.appUrl);
  });
  await fastify.register(mediaFileRoutes, { services });
  await fastify.register(async (alerts) => {
    await registerApiRateLimit(alerts, config, { redis, scope: 'alerts' });
    await alerts.register(alertLinkRoutes, { services });
  });

  if (options.clientDir) {
    await fastify.register(fastifyStatic, {
      root: path.resolve(options.clientDir),
      wildcard: false,
      // The build writes a .br and a .gz beside each text file (scripts/compress-assets.mjs).
      preCompressed: true,
      cacheControl: false,
      // Files under /assets/ carry a content hash in their names, so they never change.
      setHeaders: (reply, filePath) => {
        const cache = filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=3600';
        reply.header('Cache-Control', cache);
      },
    });
  }

  if (options.serverBuild) {
    await fastify.register(ssrPlugin(options.serverBuild, services, sharedPages, checkLimit));
  }

  return { fastify, services };
}

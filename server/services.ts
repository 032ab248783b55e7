import { PRODUCT_NAME } from '../core/site.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { isRedisReachable } from './http/rate-limit-redis.ts';
import type { AppConfig } from './config.ts';
import type { Db } from './db/database.ts';
import { createAuthorityService } from './domains/authority/service.ts';
import { createCarrierDataRepo } from './domains/carrier-data/repo.ts';
import { createCarrierDataService } from './domains/carrier-data/service.ts';
import { createProfileService } from './domains/companies/profile-service.ts';
import { createCompaniesRepo } from './domains/companies/repo.ts';
import { createContactCheckRepo } from './domains/contact-check/repo.ts';
import { createContactCheckService } from './domains/contact-check/service.ts';
import { createProfilePage } from './domains/companies/profile-page.ts';
import { createAuthService } from './domains/auth/service.ts';
import { createBlocksService } from './domains/blocks/service.ts';
import { createCapacityService } from './domains/capacity/service.ts';
import { createSessionTokens } from './domains/auth/session-token.ts';
import { createSessions } from './domains/auth/sessions.ts';
import { createLoginTokens } from './domains/auth/tokens.ts';
import { createHealthService } from './domains/health/service.ts';
import { createHistoryService } from './domains/history/service.ts';
import { createSignalsService } from './domains/signals/service.ts';
import { createDatabaseStorage } from './domains/media/database-storage.ts';
import { createMediaRepo } from './domains/media/repo.ts';
import { createMediaService } from './domains/media/service.ts';
import { createLocalStorage, mediaDirIn, type MediaStorage } from './domains/media/storage.ts';
import { createOutbox } from './domains/mail/outbox.ts';
import { createMailQueue } from './domains/mail/queue.ts';
import { outboxTransport, smtpTransport, type MailTransport } from './domains/mail/transport.ts';
import { createRatingsRepo } from './domains/ratings/repo.ts';
import { createRatingsService } from './domains/ratings/service.ts';
import { createReportsRepo } from './domains/reports/repo.ts';
import { createReportsService } from './domains/reports/service.ts';
import { createRepliesRepo } from './domains/replies/repo.ts';
import { createRepliesService } from './domains/replies/service.ts';
import { createSearchService } from './domains/search/service.ts';
import { createSitemapRepo } from './domains/sitemap/repo.ts';
import { createUsersService } from './domains/users/service.ts';
import { createSitemapService } from './domains/sitemap/service.ts';
import { createSyncService } from './domains/sync/service.ts';
import { createWatcherAccounts, watcherLinkActivator } from './domains/watchers/accounts.ts';
import { createWatchersRepo } from './domains/watchers/repo.ts';
import { createWatchlistService } from './domains/watchers/service.ts';
import { createWatcherSessionTokens } from './domains/watchers/session-token.ts';
import { createAlertsService } from './domains/alerts/service.ts';
import { systemResolver } from './domains/alerts/webhook-address.ts';
import { createWebhookQueue, DEFAULT_WEBHOOK_POLICY } from './domains/alerts/webhooks.ts';

/** Public facts about this installation that pages may show. Nothing secret belongs here. */
export interface SiteInfo {
  productName: string;
  supportEmail: string;
  appUrl: string;
}

/**
 * The domain services, built once per process. API routes and React Router loaders (through
 * getLoadContext) call the same functions, so a page and its endpoint cannot disagree.
 */
export function createServices(
  /** The configuration with the session secret resolved (server/domains/auth/session-secret.ts). */
  config: AppConfig & { jwtSecret: string },
  db: Db,
  clock: () => Date,
  logger: FastifyBaseLogger,
  mail: MailTransport = config.smtpUrl
    ? smtpTransport(config.smtpUrl, config.mailFrom)
    : outboxTransport(db, logger, { logLinks: config.outboxPage && config.env !== 'production' }),
  /**
   * Where uploaded media go: the database on PostgreSQL (every instance serves every upload), files in
   * DATA_DIR/media on SQLite, unless a test brings a failing one.
   */
  mediaStorage: MediaStorage = config.database.dialect === 'postgres'
    ? createDatabaseStorage(db)
    : createLocalStorage(mediaDirIn(config.dataDir)),
  /** The rate-limit counters' Redis (REDIS_URL), which readiness checks too; null without it. */
  redis: Redis | null = null,
) {
  const sessions = createSessions(db, createSessionTokens(config.jwtSecret, clock), clock);
  const loginTokens = createLoginTokens(db, clock);
  const watchersRepo = createWatchersRepo(db);
  const mailQueue = createMailQueue({
    db,
    dialect: config.database.dialect,
    transport: mail,
    activateLoginToken: loginTokens.activate,
    activateWatcherLoginToken: watcherLinkActivator(watchersRepo, clock),
    policy: config.mailRetry,
    clock,
    logger,
  });
  const users = createUsersService(db, clock, loginTokens);
  const webhookAddresses = { resolve: systemResolver, allowLoopback: config.webhooks.allowLoopback };
  const media = createMediaService(createMediaRepo(db), mediaStorage, clock);
  const companiesRepo = createCompaniesRepo(db);
  const capacity = createCapacityService(db, clock, config.database.dialect);
  const carrierDataRepo = createCarrierDataRepo(db);
  const carrierData = createCarrierDataService(carrierDataRepo, clock);
  const ratings = createRatingsService({
    repo: createRatingsRepo(db, config.database.dialect),
    mail: mailQueue,
    appUrl: config.appUrl,
    clock,
  });
  const authority = createAuthorityService(db, clock);
  const history = createHistoryService(db);
  const watcherAccounts = createWatcherAccounts({
    db,
    dialect: config.database.dialect,
    repo: watchersRepo,
    tokens: createWatcherSessionTokens(config.jwtSecret, clock),
    mail: mailQueue,
    appUrl: config.appUrl,
    clock,
  });
  const signals = createSignalsService(db, clock);
  const profiles = createProfileService({
    repo: companiesRepo,
    ratingSummary: ratings.ratingSummary,
    publicCapacity: capacity.publicBoard,
    verdict: async (company) => (await authority.companyVetting(company)).verdict,
    clock,
  });
  return {
    mail,
    /** The mail queue and its worker; app.ts starts it when the server is ready and stops it on close. */
    mailQueue,
    users,
    media,
    blocks: createBlocksService(db, clock, media, config.database.dialect),
    capacity,
    /**
     * Present only while mail goes to the outbox (no SMTP_URL) and the outbox page is on (config
     * outboxPage). Pages never see it directly: the SSR mount hands it to a request's loaders only when
     * that request comes from this machine (server/http/ssr.ts).
     */
    outbox: mail.kind === 'outbox' && config.outboxPage ? createOutbox(db) : null,
    sessions,
    auth: createAuthService({
      db,
      dialect: config.database.dialect,
      tokens: loginTokens,
      sessions,
      users,
      mail: mailQueue,
      appUrl: config.appUrl,
      clock,
    }),
    site: {
      productName: PRODUCT_NAME,
      supportEmail: config.supportEmail,
      appUrl: config.appUrl,
    } satisfies SiteInfo,
    health: createHealthService(db, redis ? () => isRedisReachable(redis) : null),
    carrierData,
    history,
    signals,
    authority,
    search: createSearchService(db, config.database.dialect),
    profiles,
    profilePage: createProfilePage({
      repo: companiesRepo,
      carrierData,
      ratings,
      capacity,
      authority,
      history,
      signals,
    }),
    ratings,
    reports: createReportsService({
      repo: createReportsRepo(db),
      company: companiesRepo.findByDotWithDataDates,
      carrierData,
      authority,
      history,
      signals,
      clock,
      site: { productName: PRODUCT_NAME, appUrl: config.appUrl },
      retentionDays: config.reports.retentionDays,
    }),
    replies: createRepliesService(createRepliesRepo(db), clock),
    contactCheck: createContactCheckService(createContactCheckRepo(db)),
    sitemap: createSitemapService(createSitemapRepo(db), config.appUrl, {
      clock,
      newestImport: () => carrierDataRepo.newestImportAt('companies'),
    }),
    sync: createSyncService(db),
    watcherAccounts,
    watchlists: createWatchlistService({ db, repo: watchersRepo, clock }),
    alerts: createAlertsService({ db, appUrl: config.appUrl, addresses: webhookAddresses, clock }),
    /** The webhook delivery worker; app.ts starts it with the mail worker. */
    webhookQueue: createWebhookQueue({
      db,
      dialect: config.database.dialect,
      appUrl: config.appUrl,
      addresses: webhookAddresses,
      policy: { ...DEFAULT_WEBHOOK_POLICY, retryBaseMs: config.webhooks.retryBaseMs },
      clock,
      logger,
    }),
    /** Lookups a minute per API key or account (LOOKUPS_PER_MINUTE); per client address twice that. */
    lookupsPerMinute: config.lookupsPerMinute,
  };
}

/** What every domain's routes plugin is registered with. */
export interface RouteOptions {
  services: Services;
}

export type Services = ReturnType<typeof createServices>;

import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../config.ts';
import { DomainError } from '../../core/errors.ts';
import { isRedisReachable } from './rate-limit-redis.ts';

/**
 * Security headers for every response. The document Content-Security-Policy carries a per-request
 * nonce and is set by the SSR mount; JSON and static responses get a policy that allows nothing.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    crossOriginEmbedderPolicy: false,
  });
}

/**
 * API answers are stored by no browser or proxy unless their route sets its own Cache-Control: the
 * verify endpoints' session tokens and owners' reads are among them (docs/decisions/092).
 */
export function registerNoStoreAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}

/** How long a client is told to wait when a route that fails closed cannot count its request. */
const COUNTER_RETRY_AFTER_SECONDS = 30;

/**
 * A per-route limit for routes that send e-mail (link and rating requests): `max` an hour per client.
 * With Redis these fail closed: while Redis is away they answer 503 instead of sending unlimited mail
 * (docs/decisions/037-shared-rate-limits-and-media.md). Every other limit fails open.
 */
export function mailRateLimit(max: number) {
  return { max, timeWindow: '1 hour', skipOnError: false };
}

/**
 * Per-client rate limit for the API scope it is registered in (the general limit and the per-route
 * limits of its routes). Counters are in Redis when REDIS_URL is set, shared by every instance, each
 * scope under its own prefix; otherwise in process memory (one process only).
 */
export async function registerApiRateLimit(
  app: FastifyInstance,
  config: AppConfig,
  { redis, scope }: { redis: Redis | null; scope: string },
): Promise<void> {
  await app.register(rateLimit, {
    max: config.rateLimit.max,
    timeWindow: config.rateLimit.windowMs,
    // A Redis that is away lets requests through (logged once by connectRateLimitRedis), except on
    // the routes that say `skipOnError: false` (mailRateLimit).
    skipOnError: true,
    ...(redis ? { redis, nameSpace: `carrierpage:rate-limit:${scope}:` } : {}),
    errorResponseBuilder: (_request, context) =>
      new DomainError(
        'rate_limited',
        `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      ),
  });
  if (!redis) return;
  // Routes that fail closed first check that Redis answers, so an outage is a clear 503 rather than
  // the counter's own error. Added in front of the limit's hook, which is already on the route.
  app.addHook('onRoute', (route) => {
    const limit: unknown = route.config?.rateLimit;
    if (
      typeof limit !== 'object' ||
      limit === null ||
      !('skipOnError' in limit) ||
      limit.skipOnError !== false
    )
      return;
    const hooks = route.onRequest === undefined ? [] : [route.onRequest].flat();
    route.onRequest = [
      async () => {
        if (!(await isRedisReachable(redis))) {
          throw new DomainError(
            'busy',
            'This request cannot be counted against its limit right now; try again in a minute.',
            { retryAfterSeconds: COUNTER_RETRY_AFTER_SECONDS },
          );
        }
      },
      ...hooks,
    ];
  });
}

import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { CONTACT_CHECK_WINDOW_MINUTES, CONTACT_CHECKS_PER_WINDOW } from '../../core/contact-check.ts';

/** Counts one contact check of the request's client: null while within the limit, else the seconds to wait. */
export type ContactCheckLimit = (request: FastifyRequest) => Promise<number | null>;

/**
 * The contact check's own per-client limit, one count for the page and the API together: looking
 * up addresses one after another is how a scraper would learn which carrier holds which, so it is
 * far below the general limit. Counted in Redis with REDIS_URL (every instance together), otherwise
 * in memory; like the general limit it lets checks through while Redis is away.
 */
export async function contactCheckLimit(
  app: FastifyInstance,
  { redis, max = CONTACT_CHECKS_PER_WINDOW }: { redis: Redis | null; max?: number },
): Promise<ContactCheckLimit> {
  let limiter: ReturnType<FastifyInstance['createRateLimit']> | null = null;
  // Its own scope: the plugin's hooks limit no route here, only the calls below count.
  await app.register(async (scope) => {
    await scope.register(rateLimit, {
      global: false,
      skipOnError: true,
      ...(redis ? { redis, nameSpace: 'carrierpage:rate-limit:contact-check:' } : {}),
    });
    limiter = scope.createRateLimit({ max, timeWindow: CONTACT_CHECK_WINDOW_MINUTES * 60_000 });
  });
  const count = limiter!;
  return async (request) => {
    const result = await count(request);
    return !result.isAllowed && result.isExceeded ? Math.max(1, result.ttlInSeconds) : null;
  };
}

import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** How long one Redis command may take before the request goes on without it. */
const COMMAND_TIMEOUT_MS = 1000;

/**
 * The Redis connection that holds the rate-limit counters of every instance (REDIS_URL). A request
 * never waits for a Redis that is away: while disconnected, commands fail at once instead of queuing
 * (enableOfflineQueue off), and a Redis that stops answering fails them after a second. The client
 * reconnects by itself; the change is logged once each way, not per request.
 * docs/decisions/037-shared-rate-limits-and-media.md says what each route does meanwhile.
 */
export async function connectRateLimitRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  let away = false;
  const lost = () => {
    if (away) return;
    away = true;
    log.warn(
      'Redis is unreachable: rate limits are not counted (requests pass), except link and rating requests, which answer 503 until it is back',
    );
  };
  // Every failed reconnect emits 'error'; the outage itself is logged once, by `lost`.
  redis.on('error', lost);
  redis.on('close', () => {
    if (redis.status !== 'end') lost();
  });
  redis.on('ready', () => {
    if (!away) return;
    away = false;
    log.info('Redis is reachable again: rate limits are counted');
  });
  // The app starts without Redis too (limits fail open, readiness says not ready); the client keeps trying.
  await redis.connect().catch(lost);
  return redis;
}

/** Whether Redis answers a PING within the command timeout. */
export async function isRedisReachable(redis: Redis): Promise<boolean> {
  return redis.ping().then(
    () => true,
    () => false,
  );
}

import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.ts';
import { DomainError } from '../../core/errors.ts';

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
 * Per-client rate limit for the API scope it is registered in. Counters live in process memory;
 * docs/decisions/005-rate-limit-store.md says what changes when a second instance runs.
 */
export async function registerApiRateLimit(app: FastifyInstance, config: AppConfig): Promise<void> {
  await app.register(rateLimit, {
    max: config.rateLimit.max,
    timeWindow: config.rateLimit.windowMs,
    errorResponseBuilder: (_request, context) =>
      new DomainError(
        'rate_limited',
        `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      ),
  });
}

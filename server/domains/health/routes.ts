import type { FastifyInstance } from 'fastify';
import { healthContracts } from '../../../core/contracts/health.ts';
import { DomainError } from '../../../core/errors.ts';
import { contractRoute } from '../../http/contracts.ts';
import type { RouteOptions } from '../../services.ts';

const NOT_READY_DETAIL = {
  database: 'Not ready: the database does not answer.',
  redis: 'Not ready: Redis (the shared rate limits) does not answer.',
};

export async function healthRoutes(app: FastifyInstance, { services }: RouteOptions): Promise<void> {
  const { health, ready } = healthContracts;

  // Liveness: 200 while the database answers, 503 when it does not (its body says which).
  contractRoute(app, health, {
    config: { rateLimit: false, anyHost: true },
    handler: async (_request, reply) => {
      const report = await services.health.check();
      return reply.status(report.database === 'reachable' ? 200 : 503).send(report);
    },
  });

  // Readiness, for a load balancer deciding where to send requests: ready while the database and
  // (with REDIS_URL) Redis answer. While the server shuts down, the closing guard
  // (server/http/shutdown.ts) answers 503 before this route is reached.
  contractRoute(app, ready, {
    config: { rateLimit: false, anyHost: true },
    handler: async () => {
      const missing = await services.health.notReadyBecause();
      if (missing) {
        throw new DomainError('busy', NOT_READY_DETAIL[missing], { retryAfterSeconds: 5 });
      }
      return { status: 'ready' as const };
    },
  });
}

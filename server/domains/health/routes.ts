import type { FastifyInstance } from 'fastify';
import type { RouteOptions } from '../../services.ts';

export async function healthRoutes(app: FastifyInstance, { services }: RouteOptions): Promise<void> {
  // Load balancers poll this: 200 while the database answers, 503 when it does not.
  app.get('/health', { config: { rateLimit: false } }, async (_request, reply) => {
    const report = await services.health.check();
    return reply.status(report.database === 'reachable' ? 200 : 503).send(report);
  });
}

import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.ts';

export function companyRoutes(app: FastifyInstance, services: Services): void {
  app.get('/companies/supersearch', async (request) => services.search.supersearchQuery(request.query));
}

import type { FastifyInstance } from 'fastify';
import { historyContracts } from '../../../core/contracts/history.ts';
import { DomainError } from '../../../core/errors.ts';
import { contractRoute } from '../../http/contracts.ts';
import type { RouteOptions } from '../../services.ts';

/** GET /carrier-data/api/v1/company/{dot}/history: the carrier's record over time (issue 52). */
export async function historyRoutes(app: FastifyInstance, { services }: RouteOptions): Promise<void> {
  contractRoute(app, historyContracts.history, {
    handler: async ({ params, query }) => {
      const page = await services.history.carrierHistory(params.dotNumber, query);
      if (!page) throw new DomainError('not_found', 'Carrier not found');
      return page;
    },
  });
}

import type { FastifyInstance } from 'fastify';
import { signalsContracts } from '../../../core/contracts/signals.ts';
import { DomainError } from '../../../core/errors.ts';
import { contractRoute } from '../../http/contracts.ts';
import type { RouteOptions } from '../../services.ts';

/** GET /carrier-data/api/v1/company/{dot}/signals: the carrier's risk signals and links (issue 55). */
export async function signalsRoutes(app: FastifyInstance, { services }: RouteOptions): Promise<void> {
  contractRoute(app, signalsContracts.signals, {
    handler: async ({ params }) => {
      const answer = await services.signals.carrierSignals(params.dotNumber);
      if (!answer) throw new DomainError('not_found', 'Carrier not found');
      return answer;
    },
  });
}

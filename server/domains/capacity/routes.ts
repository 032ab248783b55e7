import type { FastifyInstance } from 'fastify';
import { capacityContracts } from '../../../core/contracts/capacity.ts';
import { DomainError } from '../../../core/errors.ts';
import { contractRoute } from '../../http/contracts.ts';
import type { RouteOptions } from '../../services.ts';

export async function capacityRoutes(app: FastifyInstance, { services }: RouteOptions): Promise<void> {
  const { publicBoard, list, create, update, remove } = capacityContracts;

  // The public capacity board of a carrier (owner-side section 7): today on, and 'Anytime'.
  contractRoute(app, publicBoard, {
    handler: async (request) => {
      const entries = await services.profiles.publicCapacity(request.params.dotNumber);
      if (!entries) throw new DomainError('not_found', 'Company not found');
      return entries;
    },
  });

  // The owner's own board: every entry, managed with a session of the company.
  contractRoute(app, list, {
    config: { auth: 'session' },
    handler: async (request) => services.capacity.list(request.session.companyId),
  });

  contractRoute(app, create, {
    config: { auth: 'session' },
    handler: async (request, reply) =>
      reply.status(201).send(await services.capacity.create(request.session.companyId, request.body)),
  });

  contractRoute(app, update, {
    config: { auth: 'session' },
    handler: async (request) =>
      services.capacity.update(request.session.companyId, request.params.id, request.body),
  });

  contractRoute(app, remove, {
    config: { auth: 'session' },
    handler: async (request, reply) => {
      await services.capacity.remove(request.session.companyId, request.params.id);
      return reply.status(204).send();
    },
  });
}

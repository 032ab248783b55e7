import type { FastifyInstance } from 'fastify';
import { capacityContracts } from '../../../core/contracts/capacity.ts';
import { DomainError } from '../../../core/errors.ts';
import { typedRoutes } from '../../http/contracts.ts';
import type { RouteOptions } from '../../services.ts';

export async function capacityRoutes(app: FastifyInstance, { services }: RouteOptions): Promise<void> {
  const routes = typedRoutes(app);
  const { publicBoard, list, create, update, remove } = capacityContracts;

  // The public capacity board of a carrier (owner-side section 7): today on, and 'Anytime'.
  routes.route({
    method: publicBoard.method,
    url: publicBoard.path,
    schema: publicBoard.schema,
    handler: async (request) => {
      const entries = await services.profiles.publicCapacity(request.params.dotNumber);
      if (!entries) throw new DomainError('not_found', 'Company not found');
      return entries;
    },
  });

  // The owner's own board: every entry, managed with a session of the company.
  routes.route({
    method: list.method,
    url: list.path,
    schema: list.schema,
    config: { auth: 'session' },
    handler: async (request) => services.capacity.list(request.session.companyId),
  });

  routes.route({
    method: create.method,
    url: create.path,
    schema: create.schema,
    config: { auth: 'session' },
    handler: async (request, reply) =>
      reply.status(201).send(await services.capacity.create(request.session.companyId, request.body)),
  });

  routes.route({
    method: update.method,
    url: update.path,
    schema: update.schema,
    config: { auth: 'session' },
    handler: async (request) =>
      services.capacity.update(request.session.companyId, request.params.id, request.body),
  });

  routes.route({
    method: remove.method,
    url: remove.path,
    schema: remove.schema,
    config: { auth: 'session' },
    handler: async (request, reply) => {
      await services.capacity.remove(request.session.companyId, request.params.id);
      return reply.status(204).send();
    },
  });
}

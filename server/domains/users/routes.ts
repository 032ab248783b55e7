import type { FastifyInstance } from 'fastify';
import { userContracts } from '../../../core/contracts/users.ts';
import { DomainError } from '../../../core/errors.ts';
import { typedRoutes } from '../../http/contracts.ts';
import type { RouteOptions } from '../../services.ts';

/** Company user management (public-side "Settings", User Management): admins of the company only. */
export async function userRoutes(app: FastifyInstance, { services }: RouteOptions): Promise<void> {
  const routes = typedRoutes(app);
  const { list, create, update, remove } = userContracts;

  routes.route({
    method: list.method,
    url: list.path,
    schema: list.schema,
    config: { auth: 'admin' },
    handler: async (request) => services.users.list(request.session.companyId),
  });

  routes.route({
    method: create.method,
    url: create.path,
    schema: create.schema,
    config: { auth: 'admin' },
    handler: async (request, reply) => {
      const { session, body } = request;
      if (body.company_id !== session.companyId)
        throw new DomainError('forbidden', 'You can only add users to your own company');
      return reply.status(201).send(await services.users.create(session.companyId, body));
    },
  });

  routes.route({
    method: update.method,
    url: update.path,
    schema: update.schema,
    config: { auth: 'admin' },
    handler: async (request) => {
      const { session } = request;
      return services.users.update(session.companyId, session.userId, request.params.id, request.body);
    },
  });

  routes.route({
    method: remove.method,
    url: remove.path,
    schema: remove.schema,
    config: { auth: 'admin' },
    handler: async (request, reply) => {
      const { session } = request;
      await services.users.remove(session.companyId, session.userId, request.params.id);
      return reply.status(204).send();
    },
  });
}

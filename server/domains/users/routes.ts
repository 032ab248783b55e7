import type { FastifyInstance } from 'fastify';
import { userContracts } from '../../../core/contracts/users.ts';
import { DomainError } from '../../../core/errors.ts';
import { contractRoute } from '../../http/contracts.ts';
import type { RouteOptions } from '../../services.ts';

/** Company user management (public-side "Settings", User Management): admins of the company only. */
export async function userRoutes(app: FastifyInstance, { services }: RouteOptions): Promise<void> {
  const { list, create, update, remove } = userContracts;

  contractRoute(app, list, {
    config: { auth: 'admin' },
    handler: async (request) => services.users.list(request.session.companyId),
  });

  contractRoute(app, create, {
    config: { auth: 'admin' },
    handler: async (request, reply) => {
      const { session, body } = request;
      if (body.company_id !== session.companyId)
        throw new DomainError('forbidden', 'You can only add users to your own company');
      return reply.status(201).send(await services.users.create(session.companyId, body));
    },
  });

  contractRoute(app, update, {
    config: { auth: 'admin' },
    handler: async (request) => {
      const { session } = request;
      return services.users.update(session.companyId, session.userId, request.params.id, request.body);
    },
  });

  contractRoute(app, remove, {
    config: { auth: 'admin' },
    handler: async (request, reply) => {
      const { session } = request;
      await services.users.remove(session.companyId, session.userId, request.params.id);
      return reply.status(204).send();
    },
  });
}

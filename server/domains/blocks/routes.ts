import type { FastifyInstance } from 'fastify';
import { blockContracts } from '../../../core/contracts/blocks.ts';
import { DomainError } from '../../../core/errors.ts';
import { contractRoute } from '../../http/contracts.ts';
import type { RouteOptions } from '../../services.ts';

/** The content blocks API (owner-side section 7). Writes need a session of the block's own company. */
export async function blockRoutes(app: FastifyInstance, { services }: RouteOptions): Promise<void> {
  const { create, reorder, update, remove } = blockContracts;

  contractRoute(app, create, {
    config: { auth: 'session' },
    handler: async (request, reply) => {
      const { session } = request;
      const { company_id: companyId, ...block } = request.body;
      if (companyId !== session.companyId)
        throw new DomainError('forbidden', 'You can only add blocks to your own profile');
      return reply.status(201).send(await services.blocks.create(session.companyId, block));
    },
  });

  // Registered before /content/blocks/:id so 'reorder' is never read as an id.
  contractRoute(app, reorder, {
    config: { auth: 'session' },
    handler: async (request) => services.blocks.reorder(request.session.companyId, request.body.blocks),
  });

  contractRoute(app, update, {
    config: { auth: 'session' },
    handler: async (request) =>
      services.blocks.update(request.session.companyId, request.params.id, request.body),
  });

  contractRoute(app, remove, {
    config: { auth: 'session' },
    handler: async (request, reply) => {
      await services.blocks.remove(request.session.companyId, request.params.id);
      return reply.status(204).send();
    },
  });
}

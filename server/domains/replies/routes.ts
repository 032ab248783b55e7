import type { FastifyInstance } from 'fastify';
import { replyContracts } from '../../../core/contracts/replies.ts';
import { contractRoute } from '../../http/contracts.ts';
import type { RouteOptions } from '../../services.ts';

/** The carrier's reply (issue 55): every call checks, in the service, that the subject is the caller's own. */
export async function replyRoutes(app: FastifyInstance, { services }: RouteOptions): Promise<void> {
  const { own, save, remove } = replyContracts;

  contractRoute(app, own, {
    config: { auth: 'session' },
    handler: async (request) => services.replies.ownSubjects(request.session),
  });

  contractRoute(app, save, {
    config: { auth: 'session' },
    handler: async (request) => services.replies.save(request.session, request.params, request.body.body),
  });

  contractRoute(app, remove, {
    config: { auth: 'session' },
    handler: async (request) => services.replies.remove(request.session, request.params),
  });
}

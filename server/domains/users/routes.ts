import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DomainError } from '../../../core/errors.ts';
import { emailAddress, idParams, parseInput } from '../../../core/input.ts';
import type { RouteOptions } from '../../services.ts';

const UserIdParams = idParams('user id');
const CreateUserBody = z.object({
  email: emailAddress,
  company_id: z.number().int().positive(),
  is_admin: z.boolean().default(false),
});
const UpdateUserBody = z
  .object({
    email: emailAddress.optional(),
    is_admin: z.boolean().optional(),
    is_active: z.boolean().optional(),
  })
  .strict();

/** Company user management (public-side "Settings", User Management): admins of the company only. */
export async function userRoutes(app: FastifyInstance, { services }: RouteOptions): Promise<void> {
  app.get('/users', { config: { auth: 'admin' } }, async (request) => {
    const { session } = request;
    return services.users.list(session.companyId);
  });

  app.post('/users', { config: { auth: 'admin' } }, async (request, reply) => {
    const { session } = request;
    const body = parseInput(CreateUserBody, request.body);
    if (body.company_id !== session.companyId)
      throw new DomainError('forbidden', 'You can only add users to your own company');
    return reply.status(201).send(await services.users.create(session.companyId, body));
  });

  app.put('/users/:id', { config: { auth: 'admin' } }, async (request) => {
    const { session } = request;
    const { id } = parseInput(UserIdParams, request.params);
    return services.users.update(
      session.companyId,
      session.userId,
      id,
      parseInput(UpdateUserBody, request.body),
    );
  });

  app.delete('/users/:id', { config: { auth: 'admin' } }, async (request, reply) => {
    const { session } = request;
    const { id } = parseInput(UserIdParams, request.params);
    await services.users.remove(session.companyId, session.userId, id);
    return reply.status(204).send();
  });
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DomainError } from '../../../core/errors.ts';
import { DotNumberParams, idParams, parseInput } from '../../../core/input.ts';
import type { RouteOptions } from '../../services.ts';

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
      new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    {
      message: 'must be a real date',
    },
  );
const required = z.string().trim().min(1, 'is required').max(120);

const CapacityBody = z
  .object({
    date: isoDay,
    trailer: required,
    origin: required,
    destination: z.string().trim().max(120).default(''),
  })
  .strict();
const EntryIdParams = idParams('id');

export async function capacityRoutes(app: FastifyInstance, { services }: RouteOptions): Promise<void> {
  // The public capacity board of a carrier (owner-side section 7): today on, and 'Anytime'.
  app.get('/capacity/public/:dotNumber', async (request) => {
    const { dotNumber } = parseInput(DotNumberParams, request.params);
    const entries = await services.profiles.publicCapacity(dotNumber);
    if (!entries) throw new DomainError('not_found', 'Company not found');
    return entries;
  });

  // The owner's own board: every entry, managed with a session of the company.
  app.get('/capacity', { config: { auth: 'session' } }, async (request) => {
    const { session } = request;
    return services.capacity.list(session.companyId);
  });

  app.post('/capacity', { config: { auth: 'session' } }, async (request, reply) => {
    const { session } = request;
    return reply
      .status(201)
      .send(await services.capacity.create(session.companyId, parseInput(CapacityBody, request.body)));
  });

  app.put('/capacity/:id', { config: { auth: 'session' } }, async (request) => {
    const { session } = request;
    const { id } = parseInput(EntryIdParams, request.params);
    return services.capacity.update(session.companyId, id, parseInput(CapacityBody, request.body));
  });

  app.delete('/capacity/:id', { config: { auth: 'session' } }, async (request, reply) => {
    const { session } = request;
    const { id } = parseInput(EntryIdParams, request.params);
    await services.capacity.remove(session.companyId, id);
    return reply.status(204).send();
  });
}

import type { FastifyInstance } from 'fastify';
import { HttpError, parseInput } from '../../http/errors.ts';
import { DotNumberParams } from '../../http/params.ts';
import type { Services } from '../../services.ts';

export function capacityRoutes(app: FastifyInstance, services: Services): void {
  // The public capacity board of a carrier (owner-side section 7); the owner's writes come with the editor.
  app.get('/capacity/public/:dotNumber', async (request) => {
    const { dotNumber } = parseInput(DotNumberParams, request.params);
    const entries = await services.profiles.publicCapacity(dotNumber);
    if (!entries) throw new HttpError(404, 'Company not found');
    return entries;
  });
}

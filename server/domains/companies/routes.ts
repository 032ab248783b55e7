import type { FastifyInstance } from 'fastify';
import { HttpError, parseInput } from '../../http/errors.ts';
import { DotNumberParams } from '../../http/params.ts';
import { requireSession } from '../../http/auth.ts';
import type { Services } from '../../services.ts';

export function companyRoutes(app: FastifyInstance, services: Services): void {
  app.get('/companies/supersearch', async (request) => services.search.supersearchQuery(request.query));

  app.get('/companies/me', async (request) => {
    const session = await requireSession(request, services);
    const company = await services.profiles.ownCompany(session.dotNumber);
    if (!company) throw new HttpError(404, 'Company not found');
    return company;
  });

  app.get('/companies/profile/:dotNumber', async (request) => {
    const { dotNumber } = parseInput(DotNumberParams, request.params);
    const profile = await services.profiles.profile(dotNumber);
    if (!profile) throw new HttpError(404, 'Company not found');
    return profile;
  });
}

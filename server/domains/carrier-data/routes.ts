import type { FastifyInstance } from 'fastify';
import { carrierDataContracts } from '../../../core/contracts/carrier-data.ts';
import { DomainError } from '../../../core/errors.ts';
import { typedRoutes } from '../../http/contracts.ts';
import type { RouteOptions } from '../../services.ts';

const carrierNotFound = () => new DomainError('not_found', 'Carrier not found');

/**
 * The carrier-data API the spec treats as a third-party service (public-side section 7), served
 * from our own FMCSA store. The data is public, so no credential is required
 * (docs/decisions/007-carrier-data-api.md).
 */
export async function carrierDataRoutes(app: FastifyInstance, { services }: RouteOptions): Promise<void> {
  const routes = typedRoutes(app);
  const { safetySummary, inspections, search } = carrierDataContracts;

  routes.route({
    method: safetySummary.method,
    url: safetySummary.path,
    schema: safetySummary.schema,
    handler: async (request) => {
      const summary = await services.carrierData.safetySummary(request.params.dotNumber);
      if (!summary) throw carrierNotFound();
      return { data: { data: summary } };
    },
  });

  routes.route({
    method: inspections.method,
    url: inspections.path,
    schema: inspections.schema,
    handler: async (request) => {
      const page = await services.carrierData.inspections(request.params.dotNumber, request.query);
      if (!page) throw carrierNotFound();
      return page;
    },
  });

  routes.route({
    method: search.method,
    url: search.path,
    schema: search.schema,
    handler: async (request) => {
      const record = await services.carrierData.carrierRecord(request.query.dotNumber);
      return { data: record ? [record] : [] };
    },
  });
}

import type { FastifyInstance } from 'fastify';
import { carrierDataContracts } from '../../../core/contracts/carrier-data.ts';
import { DomainError } from '../../../core/errors.ts';
import { typedRoutes } from '../../http/contracts.ts';
import type { RouteOptions } from '../../services.ts';
import { authorityJson, insuranceJson } from './authority-json.ts';

const carrierNotFound = () => new DomainError('not_found', 'Carrier not found');

/**
 * The carrier-data API the spec treats as a third-party service (public-side section 7), served
 * from our own FMCSA store. The data is public, so no credential is required
 * (docs/decisions/007-carrier-data-api.md).
 */
export async function carrierDataRoutes(app: FastifyInstance, { services }: RouteOptions): Promise<void> {
  const routes = typedRoutes(app);
  const { safetySummary, inspections, authority, insurance, search } = carrierDataContracts;

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

  // Issue 18: the L&I record, from FMCSA's Licensing & Insurance files, and the verdict on it.
  routes.route({
    method: authority.method,
    url: authority.path,
    schema: authority.schema,
    handler: async (request) => {
      const { dotNumber } = request.params;
      const vetting = await services.authority.vetting(dotNumber);
      if (!vetting) throw carrierNotFound();
      return { data: authorityJson(dotNumber, vetting) };
    },
  });

  routes.route({
    method: insurance.method,
    url: insurance.path,
    schema: insurance.schema,
    handler: async (request) => {
      const { dotNumber } = request.params;
      const vetting = await services.authority.vetting(dotNumber);
      if (!vetting) throw carrierNotFound();
      return { data: insuranceJson(dotNumber, vetting) };
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

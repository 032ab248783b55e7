import type { FastifyInstance } from 'fastify';
import { carrierDataContracts } from '../../../core/contracts/carrier-data.ts';
import { DomainError } from '../../../core/errors.ts';
import { contractRoute } from '../../http/contracts.ts';
import type { RouteOptions } from '../../services.ts';
import { authorityJson, insuranceJson } from './authority-json.ts';

const carrierNotFound = () => new DomainError('not_found', 'Carrier not found');

/**
 * The carrier-data API the spec treats as a third-party service (public-side section 7), served
 * from our own FMCSA store. The data is public, so no credential is required
 * (docs/decisions/007-carrier-data-api.md).
 */
export async function carrierDataRoutes(app: FastifyInstance, { services }: RouteOptions): Promise<void> {
  const { safetySummary, inspections, crashes, violationCounts, authority, insurance, search } =
    carrierDataContracts;

  contractRoute(app, safetySummary, {
    handler: async (request) => {
      const summary = await services.carrierData.safetySummary(request.params.dotNumber);
      if (!summary) throw carrierNotFound();
      return { data: { data: summary } };
    },
  });

  contractRoute(app, inspections, {
    handler: async (request) => {
      const page = await services.carrierData.inspections(request.params.dotNumber, request.query);
      if (!page) throw carrierNotFound();
      return page;
    },
  });

  contractRoute(app, crashes, {
    handler: async (request) => {
      const page = await services.carrierData.crashes(request.params.dotNumber, request.query);
      if (!page) throw carrierNotFound();
      return page;
    },
  });

  contractRoute(app, violationCounts, {
    handler: async (request) => {
      const counts = await services.carrierData.violationCounts(request.params.dotNumber, request.query);
      if (!counts) throw carrierNotFound();
      return { data: counts };
    },
  });

  // Issue 18: the L&I record, from FMCSA's Licensing & Insurance files, and the verdict on it.
  const vettingOf = async (dotNumber: number) => {
    const vetting = await services.authority.vetting(dotNumber);
    if (!vetting) throw carrierNotFound();
    return vetting;
  };

  contractRoute(app, authority, {
    handler: async ({ params: { dotNumber } }) => ({
      data: authorityJson(dotNumber, await vettingOf(dotNumber)),
    }),
  });

  contractRoute(app, insurance, {
    handler: async ({ params: { dotNumber } }) => ({
      data: insuranceJson(dotNumber, await vettingOf(dotNumber)),
    }),
  });

  contractRoute(app, search, {
    handler: async (request) => {
      const record = await services.carrierData.carrierRecord(request.query.dotNumber);
      return { data: record ? [record] : [] };
    },
  });
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DomainError } from '../../../core/errors.ts';
import { dotNumber, DotNumberParams, parseInput, wholeNumber } from '../../../core/input.ts';
import type { RouteOptions } from '../../services.ts';
import { authorityJson, insuranceJson } from './authority-json.ts';

/** Most inspections one page returns; larger requests are capped, not refused. */
export const MAX_INSPECTIONS_PER_PAGE = 100;

const InspectionsQuery = z.object({
  sinceMonths: wholeNumber(1, 120).default(12),
  page: wholeNumber(1, 100_000).default(1),
  perPage: wholeNumber(1)
    .default(MAX_INSPECTIONS_PER_PAGE)
    .transform((value) => Math.min(value, MAX_INSPECTIONS_PER_PAGE)),
});

const SearchQuery = z.object({ dotNumber });

const carrierNotFound = () => new DomainError('not_found', 'Carrier not found');

/**
 * The carrier-data API the spec treats as a third-party service (public-side section 7), served
 * from our own FMCSA store. The data is public, so no credential is required
 * (docs/decisions/007-carrier-data-api.md).
 */
export async function carrierDataRoutes(app: FastifyInstance, { services }: RouteOptions): Promise<void> {
  app.get('/company/:dotNumber/safety-summary', async (request) => {
    const { dotNumber } = parseInput(DotNumberParams, request.params);
    const summary = await services.carrierData.safetySummary(dotNumber);
    if (!summary) throw carrierNotFound();
    return { data: { data: summary } };
  });

  app.get('/company/:dotNumber/inspections', async (request) => {
    const { dotNumber } = parseInput(DotNumberParams, request.params);
    const query = parseInput(InspectionsQuery, request.query);
    const page = await services.carrierData.inspections(dotNumber, query);
    if (!page) throw carrierNotFound();
    return page;
  });

  // Issue 18: the L&I record, from FMCSA's Licensing & Insurance files, and the verdict on it.
  app.get('/company/:dotNumber/authority', async (request) => {
    const { dotNumber } = parseInput(DotNumberParams, request.params);
    const vetting = await services.authority.vetting(dotNumber);
    if (!vetting) throw carrierNotFound();
    return { data: authorityJson(dotNumber, vetting) };
  });

  app.get('/company/:dotNumber/insurance', async (request) => {
    const { dotNumber } = parseInput(DotNumberParams, request.params);
    const vetting = await services.authority.vetting(dotNumber);
    if (!vetting) throw carrierNotFound();
    return { data: insuranceJson(dotNumber, vetting) };
  });

  app.get('/search', async (request) => {
    const { dotNumber } = parseInput(SearchQuery, request.query);
    const record = await services.carrierData.carrierRecord(dotNumber);
    return { data: record ? [record] : [] };
  });
}

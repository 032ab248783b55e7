import type { FastifyInstance } from 'fastify';
import { authContracts } from '../../core/contracts/auth.ts';
import { blockContracts } from '../../core/contracts/blocks.ts';
import { companyContracts } from '../../core/contracts/companies.ts';
import { mediaContracts } from '../../core/contracts/media.ts';
import { replyContracts } from '../../core/contracts/replies.ts';
import { API_BASES, type RouteContract } from '../../core/contracts/route.ts';
import type { SharedPageCache } from './shared-page-cache.ts';

/**
 * The API routes whose success changes listed data (docs/decisions/047, as amended by 092): a claim
 * (the listing's `claimed`), the profile and its blocks and images, the carrier's replies. Logout, link and rating requests,
 * users and the capacity board change nothing a kept page shows, so they leave it: otherwise anyone
 * could empty it with a logout that always succeeds. Imports run in their own process; the time to
 * live brings their changes.
 */
const LISTING_WRITES: Pick<RouteContract, 'method' | 'api' | 'path'>[] = [
  authContracts.verifyClaim,
  companyContracts.saveCss,
  blockContracts.create,
  blockContracts.reorder,
  blockContracts.update,
  blockContracts.remove,
  mediaContracts.upload,
  mediaContracts.remove,
  replyContracts.save,
  replyContracts.remove,
];

const ROUTE_KEYS = new Set(
  LISTING_WRITES.map((route) => `${route.method} ${API_BASES[route.api]}${route.path}`),
);

/** Empties the shared page cache before the answer of a listed-data write leaves, if it succeeded. */
export function registerListingInvalidation(app: FastifyInstance, sharedPages: SharedPageCache): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const key = `${request.method} ${request.routeOptions.url}`;
    if (reply.statusCode < 400 && ROUTE_KEYS.has(key)) sharedPages.clear();
    return payload;
  });
}

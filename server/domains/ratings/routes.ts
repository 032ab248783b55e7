import type { FastifyInstance } from 'fastify';
import { ratingContracts } from '../../../core/contracts/ratings.ts';
import { DomainError } from '../../../core/errors.ts';
import { mailRateLimit } from '../../http/security.ts';
import { contractRoute } from '../../http/contracts.ts';
import type { RouteOptions } from '../../services.ts';
import { REVIEW_NOT_FOUND } from './service.ts';

/** Rating requests send e-mail, so they are limited per client like the magic-link endpoints. */
const REQUEST_RATE_LIMIT = { rateLimit: mailRateLimit(30) };

/** Ratings (public-side "Request a Rating" and "Submit Rating", section 7). */
export async function ratingRoutes(app: FastifyInstance, { services }: RouteOptions): Promise<void> {
  const { request: requestRating, summary, ownDetails, ratingRequest, submit } = ratingContracts;

  contractRoute(app, requestRating, {
    config: { ...REQUEST_RATE_LIMIT, auth: 'session' },
    // The company is the caller's own, from the session; the body cannot name another one.
    handler: async (request, reply) =>
      reply.status(201).send(await services.ratings.requestRating(request.session.companyId, request.body)),
  });

  contractRoute(app, summary, {
    handler: async (request) => services.ratings.summary(request.params.id),
  });

  contractRoute(app, ownDetails, {
    config: { auth: 'session' },
    handler: async (request) => services.ratings.ownDetails(request.session.companyId),
  });

  // Review ids are checked by the service, which gives malformed and unknown ones the same 404.
  contractRoute(app, ratingRequest, {
    handler: async (request) => {
      const found = await services.ratings.ratingRequest(request.params.reviewId);
      if (!found) throw new DomainError('not_found', REVIEW_NOT_FOUND);
      return found;
    },
  });

  contractRoute(app, submit, {
    handler: async (request) => services.ratings.submitRating(request.params.reviewId, request.body),
  });
}

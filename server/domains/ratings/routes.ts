import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { COMMENT_MAX_LENGTH, LOAD_NUMBER_MAX_LENGTH, MAX_STARS } from '../../../core/ratings.ts';
import { DomainError } from '../../../core/errors.ts';
import { emailAddress, idParams, parseInput } from '../../../core/input.ts';
import { mailRateLimit } from '../../http/security.ts';
import type { RouteOptions } from '../../services.ts';
import { REVIEW_NOT_FOUND } from './service.ts';

// Control characters have no business in typed text (and PostgreSQL refuses NUL); comments keep line breaks and tabs.
const SINGLE_LINE = /^\P{Cc}*$/u;
const MULTI_LINE = /^(?:[\t\n\r]|\P{Cc})*$/u;

const RequestBody = z.object({
  reviewer_email: emailAddress,
  load_number: z
    .string()
    .trim()
    .min(1, 'Load number is required')
    .max(LOAD_NUMBER_MAX_LENGTH, `Load number can be at most ${LOAD_NUMBER_MAX_LENGTH} characters`)
    .regex(SINGLE_LINE, 'Load number cannot contain control characters'),
});

const RATING_RANGE = `Ratings must be whole numbers from 1 to ${MAX_STARS}`;
const rating = z.int({ error: RATING_RANGE }).min(1, RATING_RANGE).max(MAX_STARS, RATING_RANGE);
const SubmitBody = z.object({
  on_time_rating: rating,
  communication_rating: rating,
  service_rating: rating,
  comment: z
    .string()
    .trim()
    .max(COMMENT_MAX_LENGTH, `Comments can be at most ${COMMENT_MAX_LENGTH} characters`)
    .regex(MULTI_LINE, 'Comments cannot contain control characters')
    .nullish()
    // An empty comment is no comment.
    .transform((value) => value || null),
});

const CompanyIdParams = idParams('company id');
/** Review ids are checked by the service, which gives malformed and unknown ones the same 404. */
interface ReviewParams {
  reviewId: string;
}

/** Rating requests send e-mail, so they are limited per client like the magic-link endpoints. */
const REQUEST_RATE_LIMIT = { rateLimit: mailRateLimit(30) };

/** Ratings (public-side "Request a Rating" and "Submit Rating", section 7). */
export async function ratingRoutes(app: FastifyInstance, { services }: RouteOptions): Promise<void> {
  app.post(
    '/ratings/request',
    { config: { ...REQUEST_RATE_LIMIT, auth: 'session' } },
    async (request, reply) => {
      // The company is the caller's own, from the session; the body cannot name another one.
      const { session } = request;
      const body = parseInput(RequestBody, request.body);
      return reply.status(201).send(await services.ratings.requestRating(session.companyId, body));
    },
  );

  app.get('/ratings/summary/:id', async (request) => {
    const { id } = parseInput(CompanyIdParams, request.params);
    return services.ratings.summary(id);
  });

  app.get<{ Params: ReviewParams }>('/ratings/:reviewId', async (request) => {
    const found = await services.ratings.ratingRequest(request.params.reviewId);
    if (!found) throw new DomainError('not_found', REVIEW_NOT_FOUND);
    return found;
  });

  app.post<{ Params: ReviewParams }>('/ratings/:reviewId/submit', async (request) =>
    services.ratings.submitRating(request.params.reviewId, parseInput(SubmitBody, request.body)),
  );
}

// Ratings (public-side "Request a Rating" and "Submit Rating", section 7).
import { z } from 'zod';
import {
  COMMENT_MAX_LENGTH,
  LOAD_NUMBER_CHARACTERS,
  LOAD_NUMBER_CHARACTERS_PROBLEM,
  LOAD_NUMBER_MAX_LENGTH,
  MAX_STARS,
} from '../ratings.ts';
import { emailAddress, idParams, MULTI_LINE_TEXT } from '../input.ts';
import { CarrierReply } from './replies.ts';
import { DetailBody, route } from './route.ts';

export const RatingRequestBody = z.object({
  reviewer_email: emailAddress,
  load_number: z
    .string()
    .trim()
    .min(1, 'Load number is required')
    .max(LOAD_NUMBER_MAX_LENGTH, `Load number can be at most ${LOAD_NUMBER_MAX_LENGTH} characters`)
    .regex(LOAD_NUMBER_CHARACTERS, LOAD_NUMBER_CHARACTERS_PROBLEM),
});

const RATING_RANGE = `Ratings must be whole numbers from 1 to ${MAX_STARS}`;
const rating = z.int({ error: RATING_RANGE }).min(1, RATING_RANGE).max(MAX_STARS, RATING_RANGE);
export const SubmitRatingBody = z.object({
  on_time_rating: rating,
  communication_rating: rating,
  service_rating: rating,
  comment: z
    .string()
    .trim()
    .max(COMMENT_MAX_LENGTH, `Comments can be at most ${COMMENT_MAX_LENGTH} characters`)
    .regex(MULTI_LINE_TEXT, 'Comments cannot contain control characters')
    .nullish()
    // An empty comment is no comment.
    .transform((value) => value || null),
});

/** The averages of a company's submitted ratings, as the profile (rating_summary) and the ratings block show them. */
export const RatingSummary = z.object({
  overall_rating: z.number().nullable(),
  avg_on_time: z.number().nullable(),
  avg_communication: z.number().nullable(),
  avg_service: z.number().nullable(),
  total_ratings: z.number(),
});
export type RatingSummary = z.infer<typeof RatingSummary>;

/**
 * What the ratings block shows beside the averages: how many reviewer domains the counted ratings
 * come from and how many ratings are kept but not counted (docs/decisions/093), the star
 * distribution and the newest comments.
 */
export const RatingDetails = z.object({
  reviewer_domains: z.number(),
  uncounted_ratings: z.number(),
  distribution: z.array(z.object({ stars: z.number(), count: z.number() })),
  recent_comments: z.array(
    z.object({
      stars: z.number(),
      comment: z.string(),
      submitted_on: z.string(),
      reply: CarrierReply.nullable(),
    }),
  ),
});
export type RatingDetails = z.infer<typeof RatingDetails>;

/** What the reviewer's page shows of a rating request. */
export const RatingRequestView = z.object({
  name: z.string(),
  load_number: z.string(),
  is_completed: z.boolean(),
});

const CompanyIdParams = idParams('company id');
/** Review ids are checked by the service, which gives malformed and unknown ones the same 404. */
const ReviewParams = z.object({ reviewId: z.string() });

export const ratingContracts = {
  /** The company is the caller's own, from the session; the body cannot name another one. */
  request: route('POST', 'api', '/ratings/request', { body: RatingRequestBody }, { 201: DetailBody }),
  summary: route('GET', 'api', '/ratings/summary/:id', { params: CompanyIdParams }, { 200: RatingSummary }),
  /**
   * The caller's own company's rating details, whether or not its profile shows a ratings block: the
   * editor's preview of the block (the public page carries them only while the block is shown).
   */
  ownDetails: route('GET', 'api', '/ratings/details', {}, { 200: RatingDetails }),
  ratingRequest: route(
    'GET',
    'api',
    '/ratings/:reviewId',
    { params: ReviewParams },
    { 200: RatingRequestView },
  ),
  submit: route(
    'POST',
    'api',
    '/ratings/:reviewId/submit',
    { params: ReviewParams, body: SubmitRatingBody },
    {
      200: DetailBody,
    },
  ),
};

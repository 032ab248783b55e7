import { randomBytes } from 'node:crypto';
import type { RatingDetails, RatingSummary } from '../../../core/contracts/ratings.ts';
import { DomainError } from '../../../core/errors.ts';
import {
  COUNTED_DOMAIN_WINDOW_DAYS,
  COUNTED_RATINGS_PER_DOMAIN,
  overallStars,
} from '../../../core/ratings.ts';
import { replyOf } from '../../../core/replies.ts';
import {
  emailDomain,
  isFreeMailDomain,
  isWithinDomain,
  mailboxKey,
  ownedDomain,
  reviewerDomain,
} from '../mail/email-addresses.ts';
import { ratingRequestMessage } from '../mail/messages.ts';
import type { MailQueue } from '../mail/queue.ts';
import type { RatingsRepo, RatingValues } from './repo.ts';

type PointGroups = Awaited<ReturnType<RatingsRepo['byPointTotal']>>;

/** One decimal place is what pages show; two keep the average honest for whoever reads the API. */
const round2 = (value: number) => Math.round(value * 100) / 100;

/** The averages over every submitted rating (each has all three ratings: completeRequest sets them together). */
function summaryOf(groups: PointGroups): RatingSummary {
  const total = groups.reduce((sum, group) => sum + group.count, 0);
  if (total === 0) {
    return {
      overall_rating: null,
      avg_on_time: null,
      avg_communication: null,
      avg_service: null,
      total_ratings: 0,
    };
  }
  const average = (key: 'on_time' | 'communication' | 'service') =>
    groups.reduce((sum, group) => sum + group[key], 0) / total;
  const averages = [average('on_time'), average('communication'), average('service')];
  return {
    overall_rating: round2(averages.reduce((sum, value) => sum + value, 0) / averages.length),
    avg_on_time: round2(averages[0]!),
    avg_communication: round2(averages[1]!),
    avg_service: round2(averages[2]!),
    total_ratings: total,
  };
}

/** Review ids are 128 random bits in base64url: 22 characters, unguessable, used as the primary key. */
const REVIEW_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
export const REVIEW_NOT_FOUND = 'Rating request not found';

/** The refusal of a reviewer asked again within a week; the request page rewords it by its code, 'duplicate_request'. */
export const DUPLICATE_REQUEST_DETAIL =
  'This reviewer already submitted a review for the company within the last week';

const DAY_MS = 86_400_000;
/** The same reviewer can be asked again for the same company only after a week (spec section 9). */
const REREQUEST_AFTER_MS = 7 * DAY_MS;
/** Rating links go to addresses the carrier types in: a cap keeps an account from becoming a mailer. */
export const REQUESTS_PER_COMPANY_PER_DAY = 100;
const COUNTED_DOMAIN_WINDOW_MS = COUNTED_DOMAIN_WINDOW_DAYS * DAY_MS;
/** How many of the newest comments the ratings block shows. */
const RECENT_COMMENTS = 5;

interface RatingsDependencies {
  repo: RatingsRepo;
  mail: MailQueue;
  appUrl: string;
  clock: () => Date;
}

export function createRatingsService({ repo, mail, appUrl, clock }: RatingsDependencies) {
  async function ratingSummary(companyId: number): Promise<RatingSummary> {
    return summaryOf(await repo.byPointTotal(companyId));
  }

  /**
   * A profile's ratings in two reads at most: the summary every profile carries and, when the page
   * shows a ratings block (`withDetails`), the star distribution, the newest comments and how many
   * reviewer domains the counted ratings come from (with the number not counted).
   */
  async function profileRatings(
    companyId: number,
    /** `anyRatings` false: the caller knows no rating was completed, so the summary is not read. */
    { withDetails, anyRatings = true }: { withDetails: boolean; anyRatings?: boolean },
  ): Promise<{ summary: RatingSummary; details: RatingDetails | null }> {
    const [groups, details] = await Promise.all([
      anyRatings ? repo.byPointTotal(companyId) : [],
      withDetails ? repo.ratingDetails(companyId, RECENT_COMMENTS) : null,
    ]);
    const counts = [0, 0, 0, 0, 0];
    for (const { points, count } of groups) counts[overallStars(points) - 1]! += count;
    return {
      summary: summaryOf(groups),
      details: details && {
        reviewer_domains: details.domains,
        uncounted_ratings: details.uncounted,
        distribution: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: counts[stars - 1]! })),
        recent_comments: details.comments.map((row) => ({
          stars: overallStars(row.points),
          comment: row.comment,
          submitted_on: row.completed_at.slice(0, 10),
          reply: row.reply && replyOf(row.reply),
        })),
      },
    };
  }

  const since = (ms: number) => new Date(clock().getTime() - ms).toISOString();

  async function companyOrFail(companyId: number) {
    const company = await repo.findCompany(companyId);
    if (!company) throw new DomainError('not_found', 'Company not found');
    return company;
  }

  /**
   * Refuses (422) a reviewer address the company itself controls, as far as CarrierPage can tell:
   * the mailbox of one of its users or of its FMCSA e-mail (whatever the case, '+tag' or the dots
   * Gmail ignores: email-addresses.ts, mailboxKey), or any address at the domain of one of those
   * addresses or a subdomain of it, unless the domain is a free-mail provider's.
   */
  async function refuseOwnAddress(company: { id: number; email: string | null }, reviewer: string) {
    const users = await repo.companyUserEmails(company.id);
    const reviewerKey = mailboxKey(reviewer);
    if (users.some((address) => mailboxKey(address) === reviewerKey)) {
      throw new DomainError('unprocessable', 'You cannot request a rating from a user of your own company');
    }
    if (company.email && mailboxKey(company.email) === reviewerKey) {
      throw new DomainError(
        'unprocessable',
        "You cannot request a rating from the e-mail address on your company's FMCSA record",
      );
    }
    const reviewerDomain = emailDomain(reviewer);
    for (const address of [company.email, ...users]) {
      const domain = ownedDomain(address);
      if (domain && isWithinDomain(reviewerDomain, domain)) {
        throw new DomainError(
          'unprocessable',
          `You cannot request a rating from an address at your company's own domain (${domain})`,
        );
      }
    }
  }

  return {
    /** A carrier asks a customer to rate a load: a pending request, and a queued e-mail with its link. */
    async requestRating(companyId: number, request: { reviewer_email: string; load_number: string }) {
      const company = await companyOrFail(companyId);
      const email = request.reviewer_email;
      await refuseOwnAddress(company, email);
      // One week per mailbox, however the address is spelt: dots, '+tags' and case do not make a new reviewer.
      const reviewerKey = mailboxKey(email);
      const recent = await repo.reviewersSince(companyId, since(REREQUEST_AFTER_MS));
      if (recent.some((address) => mailboxKey(address) === reviewerKey)) {
        throw new DomainError('duplicate_request', DUPLICATE_REQUEST_DETAIL);
      }
      if ((await repo.countRequestsSince(companyId, since(DAY_MS))) >= REQUESTS_PER_COMPANY_PER_DAY) {
        throw new DomainError(
          'rate_limited',
          'Too many rating requests in the last 24 hours. Please try again later.',
        );
      }
      const id = randomBytes(16).toString('base64url');
      // The request and its e-mail are written together; the mail worker sends it (mail/queue.ts).
      await repo.inTransaction(async (trx) => {
        await repo.insertRequest(
          {
            id,
            company_id: companyId,
            reviewer_email: email,
            reviewer_domain: reviewerDomain(email),
            load_number: request.load_number,
            created_at: clock().toISOString(),
          },
          trx,
        );
        await mail.enqueue(trx, {
          kind: 'rating_request',
          draft: ratingRequestMessage({
            to: email,
            companyName: company.name,
            dotNumber: company.dot_number,
            loadNumber: request.load_number,
          }),
          link: `${appUrl}/review/${id}`,
          loginTokenId: null,
        });
      });
      await mail.deliverPromptly();
      // The id stays out of the answer: only the reviewer's mailbox holds the link.
      return { detail: 'Rating request sent' };
    },

    /**
     * What the reviewer's page shows; null for an unknown id. A malformed id is refused by its shape
     * before any query, with the same answer, so the two cannot be told apart.
     */
    async ratingRequest(id: string) {
      const row = REVIEW_ID_PATTERN.test(id) ? await repo.findRequest(id) : undefined;
      if (!row) return null;
      return { name: row.name, load_number: row.load_number, is_completed: row.completed_at !== null };
    },

    /**
     * Stores the ratings once; a second submission (even at the same moment) answers 409. The rating
     * counts in the averages only while its reviewer domain has given the company fewer than
     * COUNTED_RATINGS_PER_DOMAIN counted ratings in the window; a free-mail provider's domain is
     * shared by strangers, so there each mailbox is counted on its own (docs/decisions/093).
     */
    async submitRating(id: string, values: RatingValues) {
      if (!REVIEW_ID_PATTERN.test(id)) throw new DomainError('not_found', REVIEW_NOT_FOUND);
      const completedAt = clock().toISOString();
      const stored = await repo.inTransaction(async (trx) => {
        const request = await repo.pendingRequest(id, trx);
        if (!request) return false;
        const { company_id: companyId, reviewer_domain: domain } = request;
        let earlier = await repo.countedFromDomainSince(
          companyId,
          domain,
          since(COUNTED_DOMAIN_WINDOW_MS),
          trx,
        );
        if (isFreeMailDomain(domain)) {
          const mailbox = mailboxKey(request.reviewer_email);
          earlier = earlier.filter((address) => mailboxKey(address) === mailbox);
        }
        const counted = earlier.length < COUNTED_RATINGS_PER_DOMAIN;
        return repo.completeRequest(id, values, { completedAt, counted }, trx);
      });
      if (stored) return { detail: 'Rating submitted' };
      if (!(await repo.findRequest(id))) throw new DomainError('not_found', REVIEW_NOT_FOUND);
      throw new DomainError('conflict', 'This rating has already been submitted');
    },

    async summary(companyId: number) {
      await companyOrFail(companyId);
      return ratingSummary(companyId);
    },

    ratingSummary,

    /** A company's rating details for its own editor, shown or not on its profile. */
    async ownDetails(companyId: number): Promise<RatingDetails> {
      const { details } = await profileRatings(companyId, { withDetails: true });
      return details!;
    },

    profileRatings,
  };
}

export type RatingsService = ReturnType<typeof createRatingsService>;

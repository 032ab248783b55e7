import { createHash } from 'node:crypto';
import type { SessionUser } from '../../../core/contracts/auth.ts';
import type { CarrierReply, OwnReplySubjects } from '../../../core/contracts/replies.ts';
import { DomainError } from '../../../core/errors.ts';
import { overallStars } from '../../../core/ratings.ts';
import { replyOf, type ReplySubjectKind } from '../../../core/replies.ts';
import { SIGNAL_RULES, signalFactText, type SignalRuleName } from '../../../core/signals.ts';
import type { RepliesRepo } from './repo.ts';

/**
 * A rating's public key: a hash of its request id. The id itself is the reviewer's link (whoever
 * holds it could rate), so neither the carrier nor the public ever sees it.
 */
export const ratingKey = (requestId: string) =>
  createHash('sha256').update(`rating:${requestId}`).digest('base64url').slice(0, 22);

/** How many of its newest shown ratings the owner's page lists to reply on. */
const LISTED_RATINGS = 100;

/** A row's joined reply as pages show it, or null. */
const storedReply = (row: { reply_body: string | null; reply_updated_at: string | null }) =>
  row.reply_body !== null && row.reply_updated_at !== null
    ? replyOf({ body: row.reply_body, updated_at: row.reply_updated_at })
    : null;

export interface ReplySubject {
  dotNumber: number;
  kind: ReplySubjectKind;
  key: string;
}

export function createRepliesService(repo: RepliesRepo, clock: () => Date) {
  /**
   * The caller's own claimed carrier, refused (403) when the subject is another carrier's, when
   * the caller is not an admin or when the carrier is not claimed.
   */
  async function ownCarrier(session: SessionUser, dotNumber: number) {
    if (dotNumber !== session.dotNumber) {
      throw new DomainError('forbidden', 'You can only reply on ratings and signals of your own carrier');
    }
    if (!session.isAdmin) throw new DomainError('forbidden', 'Only company admins can reply');
    const company = await repo.company(dotNumber);
    if (!company || company.id !== session.companyId) {
      throw new DomainError('forbidden', 'You can only reply on ratings and signals of your own carrier');
    }
    if (company.claimed !== 1) throw new DomainError('forbidden', 'Only a claimed carrier can reply');
    return company;
  }

  /** The stored key of a subject of the carrier, or a 404 when the carrier has no such subject. */
  async function storedKey(
    company: { id: number; dot_number: number },
    subject: ReplySubject,
  ): Promise<string> {
    if (subject.kind === 'rating') {
      const id = (await repo.shownRatingIds(company.id)).find((each) => ratingKey(each) === subject.key);
      if (!id) throw new DomainError('not_found', 'This carrier has no shown rating with this key');
      return id;
    }
    if (await repo.hasSignal(company.dot_number, subject.key)) return subject.key;
    throw new DomainError('not_found', 'This carrier has no signal with this rule');
  }

  return {
    /** What the owner's replies page lists: the carrier's signals and shown ratings, each with its reply. */
    async ownSubjects(session: SessionUser): Promise<OwnReplySubjects> {
      const company = await ownCarrier(session, session.dotNumber);
      const [ratings, signals] = await Promise.all([
        repo.shownRatings(company, LISTED_RATINGS),
        repo.signals(company.dot_number),
      ]);
      return {
        dot_number: company.dot_number,
        signals: signals
          .filter((row) => Object.hasOwn(SIGNAL_RULES, row.rule))
          .map((row) => ({
            key: row.rule,
            title: SIGNAL_RULES[row.rule as SignalRuleName].title,
            fact: signalFactText(row.rule as SignalRuleName, row.rests_on, row.detail),
            reply: storedReply(row),
          })),
        ratings: ratings.map((row) => ({
          key: ratingKey(row.id),
          stars: overallStars(
            (row.on_time_rating ?? 0) + (row.communication_rating ?? 0) + (row.service_rating ?? 0),
          ),
          comment: row.comment ?? '',
          submitted_on: (row.completed_at ?? '').slice(0, 10),
          reply: storedReply(row),
        })),
      };
    },

    /** Writes the caller's reply on a subject of its own carrier: a new one or an edit. */
    async save(session: SessionUser, subject: ReplySubject, body: string): Promise<CarrierReply> {
      const company = await ownCarrier(session, subject.dotNumber);
      const key = await storedKey(company, subject);
      const at = clock().toISOString();
      await repo.upsert(
        { dot_number: company.dot_number, subject_kind: subject.kind, subject_key: key },
        body,
        session.userId,
        at,
      );
      return replyOf({ body, updated_at: at });
    },

    async remove(session: SessionUser, subject: ReplySubject): Promise<{ detail: string }> {
      const company = await ownCarrier(session, subject.dotNumber);
      const key = await storedKey(company, subject);
      const removed = await repo.remove({
        dot_number: company.dot_number,
        subject_kind: subject.kind,
        subject_key: key,
      });
      if (!removed) throw new DomainError('not_found', 'There is no reply to remove');
      return { detail: 'Reply removed' };
    },
  };
}

export type RepliesService = ReturnType<typeof createRepliesService>;

import type { Db } from '../../db/database.ts';
import type { CarrierRepliesTable } from '../../db/schema.ts';

type Subject = Pick<CarrierRepliesTable, 'dot_number' | 'subject_kind' | 'subject_key'>;

export function createRepliesRepo(db: Db) {
  return {
    async company(dotNumber: number) {
      return db
        .selectFrom('companies')
        .select(['id', 'dot_number', 'claimed'])
        .where('dot_number', '=', dotNumber)
        .executeTakeFirst();
    },

    /**
     * The ratings of a company its profile shows (completed, counted, with a comment), newest first,
     * each with the carrier's reply.
     */
    async shownRatings(company: { id: number; dot_number: number }, limit: number) {
      return db
        .selectFrom('rating_requests as q')
        .leftJoin('carrier_replies as r', (join) =>
          join
            .on('r.dot_number', '=', company.dot_number)
            .on('r.subject_kind', '=', 'rating')
            .onRef('r.subject_key', '=', 'q.id'),
        )
        .select([
          'q.id',
          'q.on_time_rating',
          'q.communication_rating',
          'q.service_rating',
          'q.comment',
          'q.completed_at',
          'r.body as reply_body',
          'r.updated_at as reply_updated_at',
        ])
        .where('q.company_id', '=', company.id)
        .where('q.completed_at', 'is not', null)
        .where('q.counted', '=', 1)
        .where('q.comment', 'is not', null)
        .orderBy('q.completed_at', 'desc')
        .orderBy('q.id', 'desc')
        .limit(limit)
        .execute();
    },

    /** The request ids of a company's shown ratings: a rating's public key is a hash of one of them. */
    async shownRatingIds(companyId: number) {
      const rows = await db
        .selectFrom('rating_requests')
        .select('id')
        .where('company_id', '=', companyId)
        .where('completed_at', 'is not', null)
        .where('counted', '=', 1)
        .where('comment', 'is not', null)
        .execute();
      return rows.map((row) => row.id);
    },

    /** The signals that hold for a carrier, each with the carrier's reply. */
    async signals(dotNumber: number) {
      return db
        .selectFrom('carrier_signals as g')
        .leftJoin('carrier_replies as r', (join) =>
          join
            .onRef('r.dot_number', '=', 'g.dot_number')
            .on('r.subject_kind', '=', 'signal')
            .onRef('r.subject_key', '=', 'g.rule'),
        )
        .select([
          'g.rule',
          'g.rests_on',
          'g.detail',
          'r.body as reply_body',
          'r.updated_at as reply_updated_at',
        ])
        .where('g.dot_number', '=', dotNumber)
        .orderBy('g.rule')
        .execute();
    },

    /** Whether a signal holds for a carrier. */
    async hasSignal(dotNumber: number, rule: string) {
      const row = await db
        .selectFrom('carrier_signals')
        .select('rule')
        .where('dot_number', '=', dotNumber)
        .where('rule', '=', rule)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Writes the one reply on a subject: a second write is an edit (the subject is the key). */
    async upsert(subject: Subject, body: string, authorUserId: number, at: string) {
      await db
        .insertInto('carrier_replies')
        .values({ ...subject, body, author_user_id: authorUserId, created_at: at, updated_at: at })
        .onConflict((conflict) =>
          conflict
            .columns(['subject_kind', 'subject_key', 'dot_number'])
            .doUpdateSet({ body, author_user_id: authorUserId, updated_at: at }),
        )
        .execute();
    },

    /** Removes the reply on a subject; true when there was one. */
    async remove(subject: Subject) {
      const result = await db
        .deleteFrom('carrier_replies')
        .where('dot_number', '=', subject.dot_number)
        .where('subject_kind', '=', subject.subject_kind)
        .where('subject_key', '=', subject.subject_key)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type RepliesRepo = ReturnType<typeof createRepliesRepo>;

import type { Kysely, Migration } from 'kysely';

/**
 * Every profile view reads a carrier's submitted ratings (summary, distribution, newest comments):
 * this index finds them, newest last, without visiting its pending requests. The 7-day rule already
 * has its index (rating_requests_company_reviewer, in the initial schema).
 */
export const ratingsSchema: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('rating_requests_company_completed')
      .on('rating_requests')
      .columns(['company_id', 'completed_at'])
      .execute();
  },
};

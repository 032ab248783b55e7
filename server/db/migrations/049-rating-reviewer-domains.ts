import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../migrate.ts';

/**
 * Ratings count per reviewer domain (docs/decisions/093-counted-ratings-per-reviewer-domain.md):
 * rating_requests.reviewer_domain, the domain a request went to, and counted, whether its rating
 * counts in the company's averages (decided when it is submitted). Ratings given before this keep
 * counting; their domain is their address's domain as written (later requests store the registrable
 * domain, so mail.acme.com is acme.com). The index serves the submission's count of its domain's
 * counted ratings in the window.
 */
export function ratingReviewerDomainsSchema(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('rating_requests')
        .addColumn('reviewer_domain', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('rating_requests')
        .addColumn('counted', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      const at = dialect === 'postgres' ? sql`strpos(reviewer_email, '@')` : sql`instr(reviewer_email, '@')`;
      await sql`UPDATE rating_requests SET reviewer_domain = lower(substr(reviewer_email, ${at} + 1))`.execute(
        db,
      );
      await db.schema
        .createIndex('rating_requests_company_domain')
        .on('rating_requests')
        .columns(['company_id', 'reviewer_domain', 'completed_at'])
        .execute();
    },
  };
}

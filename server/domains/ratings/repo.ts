import { sql } from 'kysely';
import { lockCompany } from '../../db/company-lock.ts';
import { compiledQuery } from '../../db/compiled-query.ts';
import type { Db } from '../../db/database.ts';
import type { Dialect } from '../../db/migrate.ts';
import type { RatingRequestsTable } from '../../db/schema.ts';

/** The three ratings of a submission added up (3-15); a rating's overall stars are this divided by 3. */
const POINTS = sql<number>`on_time_rating + communication_rating + service_rating`;

export interface RatingValues {
  on_time_rating: number;
  communication_rating: number;
  service_rating: number;
  comment: string | null;
}

export function createRatingsRepo(db: Db, dialect: Dialect) {
  const count = (row: { n: number | string }) => Number(row.n);
  // Compiled once (server/db/compiled-query.ts): every profile view reads it.
  const pointGroups = compiledQuery(db, 1, (companyId: number) =>
    db
      .selectFrom('rating_requests')
      .select((eb) => [
        POINTS.as('points'),
        eb.fn.countAll<number | string>().as('n'),
        eb.fn.sum<number | string>('on_time_rating').as('on_time'),
        eb.fn.sum<number | string>('communication_rating').as('communication'),
        eb.fn.sum<number | string>('service_rating').as('service'),
      ])
      .where('company_id', '=', companyId)
      .where('completed_at', 'is not', null)
      .where('counted', '=', 1)
      .groupBy(POINTS),
  );
  // Compiled once too: a profile that shows its ratings block reads it on every view. One statement:
  // how many reviewer domains the counted ratings come from and how many are not counted, joined to
  // the newest counted comments (none: one row without a comment).
  const detailsOf = compiledQuery(db, 2, (companyId: number, limit: number) => {
    const domains = db
      .selectFrom('rating_requests')
      .select([
        sql<number | string>`count(distinct case when counted = 1 then reviewer_domain end)`.as('domains'),
        sql<number | string>`coalesce(sum(1 - counted), 0)`.as('uncounted'),
      ])
      .where('company_id', '=', companyId)
      .where('completed_at', 'is not', null)
      .as('d');
    const comments = db
      .selectFrom('rating_requests')
      .leftJoin('carrier_replies as r', (join) =>
        join.on('r.subject_kind', '=', 'rating').onRef('r.subject_key', '=', 'rating_requests.id'),
      )
      .select([
        'rating_requests.id',
        POINTS.as('points'),
        'rating_requests.comment',
        'rating_requests.completed_at',
        'r.body as reply_body',
        'r.updated_at as reply_updated_at',
      ])
      .where('rating_requests.company_id', '=', companyId)
      .where('rating_requests.completed_at', 'is not', null)
      .where('rating_requests.counted', '=', 1)
      .where('rating_requests.comment', 'is not', null)
      .orderBy('rating_requests.completed_at', 'desc')
      .orderBy('rating_requests.id', 'desc')
      .limit(limit)
      .as('c');
    return db
      .selectFrom(domains)
      .leftJoin(comments, (join) => join.onTrue())
      .select([
        'd.domains',
        'd.uncounted',
        'c.points',
        'c.comment',
        'c.completed_at',
        'c.reply_body',
        'c.reply_updated_at',
      ])
      .orderBy('c.completed_at', 'desc')
      .orderBy('c.id', 'desc');
  });

  return {
    async findCompany(companyId: number) {
      return db
        .selectFrom('companies')
        .select(['id', 'name', 'dot_number', 'email'])
        .where('id', '=', companyId)
        .executeTakeFirst();
    },

    /** Requests a company sent since a moment, to anybody. */
    async countRequestsSince(companyId: number, since: string) {
      const row = await db
        .selectFrom('rating_requests')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('company_id', '=', companyId)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      return count(row);
    },

    /**
     * The addresses a company asked since a moment. At most a week of requests is asked for, which
     * the daily cap keeps to a few hundred rows.
     */
    async reviewersSince(companyId: number, since: string) {
      const rows = await db
        .selectFrom('rating_requests')
        .select('reviewer_email')
        .where('company_id', '=', companyId)
        .where('created_at', '>', since)
        .execute();
      return rows.map((row) => row.reviewer_email);
    },

    /** The addresses of a company's users, active or not. */
    async companyUserEmails(companyId: number) {
      const rows = await db.selectFrom('users').select('email').where('company_id', '=', companyId).execute();
      return rows.map((row) => row.email);
    },

    /** Runs `work` in one transaction: a request and the e-mail that carries its link, a submission and its count. */
    async inTransaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    /** A pending request, read in a submission's transaction; undefined when unknown or completed. */
    async pendingRequest(id: string, on: Db) {
      return on
        .selectFrom('rating_requests')
        .select(['company_id', 'reviewer_email', 'reviewer_domain'])
        .where('id', '=', id)
        .where('completed_at', 'is', null)
        .executeTakeFirst();
    },

    /**
     * The addresses of a company's counted ratings from one reviewer domain since a moment, after
     * taking the company's lock, so two submissions from one domain cannot both be counted past the cap.
     */
    async countedFromDomainSince(companyId: number, domain: string, since: string, on: Db) {
      await lockCompany(on, dialect, companyId);
      const rows = await on
        .selectFrom('rating_requests')
        .select('reviewer_email')
        .where('company_id', '=', companyId)
        .where('reviewer_domain', '=', domain)
        .where('completed_at', '>=', since)
        .where('counted', '=', 1)
        .execute();
      return rows.map((row) => row.reviewer_email);
    },

    /** Writes a request on `on` (the transaction that also queues its e-mail). */
    async insertRequest(
      values: Pick<
        RatingRequestsTable,
        'id' | 'company_id' | 'reviewer_email' | 'load_number' | 'created_at'
      > & { reviewer_domain: string },
      on: Db = db,
    ) {
      await on.insertInto('rating_requests').values(values).execute();
    },

    /** A request by its id (the primary key), with the name of the company it is for. */
    async findRequest(id: string) {
      return db
        .selectFrom('rating_requests')
        .innerJoin('companies', 'companies.id', 'rating_requests.company_id')
        .select(['companies.name', 'rating_requests.load_number', 'rating_requests.completed_at'])
        .where('rating_requests.id', '=', id)
        .executeTakeFirst();
    },

    /**
     * Stores the ratings of a pending request in one conditional statement, so of two submissions at
     * the same moment exactly one changes the row. True when this one did.
     */
    async completeRequest(
      id: string,
      values: RatingValues,
      { completedAt, counted }: { completedAt: string; counted: boolean },
      on: Db = db,
    ) {
      const result = await on
        .updateTable('rating_requests')
        .set({ ...values, completed_at: completedAt, counted: counted ? 1 : 0 })
        .where('id', '=', id)
        .where('completed_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * The submitted ratings of a company grouped by point total, with each group's count and sums:
     * the star distribution and the averages both come from this one read.
     */
    async byPointTotal(companyId: number) {
      const rows = await pointGroups(companyId);
      // PostgreSQL returns bigint sums and counts as strings.
      return rows.map((row) => ({
        points: Number(row.points),
        count: count(row),
        on_time: Number(row.on_time),
        communication: Number(row.communication),
        service: Number(row.service),
      }));
    },

    /**
     * How many reviewer domains a company's counted ratings come from, how many ratings are not
     * counted, and the newest counted ratings that carry a comment, each with the carrier's reply.
     */
    async ratingDetails(companyId: number, limit: number) {
      const rows = await detailsOf(companyId, limit);
      return {
        domains: Number(rows[0]?.domains ?? 0),
        uncounted: Number(rows[0]?.uncounted ?? 0),
        comments: rows.flatMap((row) =>
          row.comment !== null && row.completed_at !== null
            ? [
                {
                  points: Number(row.points),
                  comment: row.comment,
                  completed_at: row.completed_at,
                  reply:
                    row.reply_body !== null && row.reply_updated_at !== null
                      ? { body: row.reply_body, updated_at: row.reply_updated_at }
                      : null,
                },
              ]
            : [],
        ),
      };
    },
  };
}

export type RatingsRepo = ReturnType<typeof createRatingsRepo>;

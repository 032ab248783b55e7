import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** Reads what the sitemap lists, in pages, without holding the whole list in memory. */
export function createSitemapRepo(db: Db) {
  return {
    async countCompanies(): Promise<number> {
      const row = await db
        .selectFrom('companies')
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    /** The id the n-th company (0-based, by id) has, or null past the end. */
    async companyIdAt(position: number): Promise<number | null> {
      const row = await db
        .selectFrom('companies')
        .select('id')
        .orderBy('id')
        .limit(1)
        .offset(position)
        .executeTakeFirst();
      return row?.id ?? null;
    },

    /** Up to `limit` companies with id >= `fromId`, by id. */
    async companiesFrom(fromId: number, limit: number) {
      return db
        .selectFrom('companies')
        .select(['id', 'dot_number', 'updated_at'])
        .where('id', '>=', fromId)
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** Cities with at least one carrier, by state then city, one page of them. */
    async cities(offset: number, limit: number) {
      const result = await sql<{ phy_city: string; phy_state: string }>`
        SELECT phy_city, phy_state FROM companies
        WHERE phy_city IS NOT NULL AND phy_state IS NOT NULL
        GROUP BY phy_state, phy_city
        ORDER BY phy_state, phy_city
        LIMIT ${limit} OFFSET ${offset}`.execute(db);
      return result.rows;
    },

    async countCities(): Promise<number> {
      const result = await sql<{ total: number | string }>`
        SELECT count(*) AS total FROM (
          SELECT 1 FROM companies WHERE phy_city IS NOT NULL AND phy_state IS NOT NULL GROUP BY phy_state, phy_city
        ) AS cities`.execute(db);
      return Number(result.rows[0]?.total ?? 0);
    },
  };
}

export type SitemapRepo = ReturnType<typeof createSitemapRepo>;

import type { Db } from '../../db/database.ts';
import type { VettingReportsTable } from '../../db/schema.ts';

/** A stored report without its PDF: what its permanent link and the API show. */
const META_COLUMNS = [
  'id',
  'dot_number',
  'legal_name',
  'verdict',
  'made_at',
  'expires_at',
  'content_sha256',
  'pdf_sha256',
] as const;

/** Reports as made: written once, read until they expire, then deleted. */
export function createReportsRepo(db: Db) {
  const live = (id: string, now: string) =>
    db.selectFrom('vetting_reports').where('id', '=', id).where('expires_at', '>', now);
  return {
    async insert(report: VettingReportsTable): Promise<void> {
      await db.insertInto('vetting_reports').values(report).execute();
    },

    /** A report not yet expired, with its PDF's size; undefined otherwise. */
    async meta(id: string, now: string) {
      return live(id, now)
        .select(META_COLUMNS)
        .select((eb) => eb.fn<number | string>('length', ['pdf']).as('pdf_bytes'))
        .executeTakeFirst();
    },

    /** The PDF's bytes, hash and what its download is named by; undefined when expired or unknown. */
    async pdf(id: string, now: string) {
      return live(id, now)
        .select(['pdf', 'pdf_sha256', 'dot_number', 'made_at', 'expires_at'])
        .executeTakeFirst();
    },

    /** Deletes the reports expired by `now`; answers how many. */
    async purgeExpired(now: string): Promise<number> {
      const [result] = await db.deleteFrom('vetting_reports').where('expires_at', '<=', now).execute();
      return Number(result?.numDeletedRows ?? 0);
    },
  };
}

export type ReportsRepo = ReturnType<typeof createReportsRepo>;

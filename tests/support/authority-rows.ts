import type { Insertable } from 'kysely';
import type { Db } from '../../server/db/database.ts';
import type {
  LiAuthoritiesTable,
  LiAuthorityEventsTable,
  LiInsuranceTable,
  LiRevocationsTable,
} from '../../server/db/schema.ts';
import { markFlagsDue, refreshDueSearchFlags } from '../../server/domains/authority/repo.ts';

/** One docket's L&I rows as the importer stores them; fields not given take plain defaults. */
export interface DocketRows {
  /** Canonical: 'MC139446'. */
  docket: string;
  dotNumber: number | null;
  bipdRequiredDollars?: number | null;
  bipdOnFileDollars?: number | null;
  authorities?: Pick<LiAuthoritiesTable, 'kind' | 'status'>[];
  events?: Omit<Insertable<LiAuthorityEventsTable>, 'event_key' | 'docket'>[];
  insurance?: Omit<Insertable<LiInsuranceTable>, 'filing_key' | 'docket' | 'updated_at'>[];
  revocations?: Omit<Insertable<LiRevocationsTable>, 'revocation_key' | 'docket'>[];
}

/**
 * Stores L&I rows for tests and recomputes the carriers' search flags as an import does, judged on
 * the ISO day `today`.
 */
export async function seedAuthorityRows(db: Db, dockets: DocketRows[], today: string): Promise<void> {
  const now = new Date().toISOString();
  for (const rows of dockets) {
    const { docket } = rows;
    await db
      .insertInto('li_dockets')
      .values({
        docket,
        dot_number: rows.dotNumber,
        bipd_required_dollars: rows.bipdRequiredDollars ?? null,
        bipd_on_file_dollars: rows.bipdOnFileDollars ?? null,
        updated_at: now,
      })
      .execute();
    for (const authority of rows.authorities ?? []) {
      await db
        .insertInto('li_authorities')
        .values({ ...authority, authority_key: `${docket}|${authority.kind}`, docket, updated_at: now })
        .execute();
    }
    for (const [index, event] of (rows.events ?? []).entries()) {
      await db
        .insertInto('li_authority_events')
        .values({ ...event, event_key: `${docket}|${index}`, docket })
        .execute();
    }
    for (const [index, filing] of (rows.insurance ?? []).entries()) {
      await db
        .insertInto('li_insurance')
        .values({ ...filing, filing_key: `${docket}|${index}`, docket, updated_at: now })
        .execute();
    }
    for (const [index, revocation] of (rows.revocations ?? []).entries()) {
      await db
        .insertInto('li_revocations')
        .values({ ...revocation, revocation_key: `${docket}|${index}`, docket })
        .execute();
    }
  }
  await markFlagsDue(
    db,
    dockets.map((rows) => rows.docket),
  );
  await refreshDueSearchFlags(db, today);
}

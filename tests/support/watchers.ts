import type { Db } from '../../server/db/database.ts';
import { insertHistoryEvents } from '../../server/domains/history/repo.ts';
import type { NewHistoryEvent } from '../../core/history.ts';

const AT = '2026-10-31T12:00:00.000Z';

/** A watcher account with one list of `dots`, written as the watch pages would: its ids. */
export async function seedWatchlist(db: Db, email: string, name: string, dots: number[]) {
  const account =
    (await db.selectFrom('watcher_accounts').select('id').where('email', '=', email).executeTakeFirst()) ??
    (await db
      .insertInto('watcher_accounts')
      .values({ email, created_at: AT, updated_at: AT })
      .returning('id')
      .executeTakeFirstOrThrow());
  const list = await db
    .insertInto('watchlists')
    .values({ account_id: account.id, name, created_at: AT, updated_at: AT })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (dots.length > 0) {
    await db
      .insertInto('watchlist_carriers')
      .values(dots.map((dot_number) => ({ watchlist_id: list.id, dot_number, added_at: AT })))
      .execute();
  }
  return { accountId: account.id, watchlistId: list.id };
}

/** A severe history event of `dotNumber`: its authority revoked on `day`. */
export async function revokeAuthority(db: Db, dotNumber: number, day: string, docket = 'MC100001 common') {
  const event: NewHistoryEvent = {
    dotNumber,
    kind: 'authority',
    event: 'revoked',
    subject: docket,
    valueBefore: null,
    valueAfter: null,
    effectiveOn: day,
    firstSeenOn: day,
    source: 'sn3k-dnx7',
  };
  await insertHistoryEvents(db, [event]);
}

import { sql } from 'kysely';
import { compiledQuery } from '../../db/compiled-query.ts';
import type { Db } from '../../db/database.ts';
import { dialectOf, inValueList, valueList, valueRows } from '../../db/value-lists.ts';
import { CENSUS_JOIN_COLUMNS } from '../authority/repo.ts';

/** SQLite allows 32,766 bound parameters; the carriers a list adds are written this many at a time. */
const IN_LIST = 5_000;

/** The watchers' SQL: accounts, sign-in links, API keys, watchlists and what they hold. */
export function createWatchersRepo(db: Db) {
  const dialect = dialectOf(db);
  const list = (values: readonly (number | string)[]) => valueList(dialect, values);
  // The reads of a batch of carriers, each list one parameter (db/value-lists.ts), compiled once.
  const censusRows = compiledQuery(db, 1, (dots: unknown) =>
    db
      .selectFrom('companies')
      .select([...CENSUS_JOIN_COLUMNS, 'name', 'risk_signals'])
      .where(inValueList(dialect, 'dot_number', dots, 'integer')),
  );
  const censusMcRows = compiledQuery(db, 1, (mcNumbers: unknown) =>
    db
      .selectFrom('companies')
      .select(['dot_number', 'mc_number'])
      .where(inValueList(dialect, 'mc_number', mcNumbers, 'text')),
  );
  const liDocketRows = compiledQuery(db, 1, (dockets: unknown) =>
    db
      .selectFrom('li_dockets')
      .select(['docket', 'dot_number'])
      .where(inValueList(dialect, 'docket', dockets, 'text'))
      .where('dot_number', 'is not', null),
  );
  // Each carrier's newest event is the first of its entries in the history's index (dot_number,
  // first_seen_on DESC, id DESC): one probe a carrier. (An anti-join probed once an event, and a
  // scalar subquery matched against `id IN` made PostgreSQL hash the whole history table.)
  const newestEventIds = (dots: unknown) =>
    sql`SELECT (SELECT n.id FROM record_history_events n WHERE n.dot_number = listed.value
      ORDER BY n.first_seen_on DESC, n.id DESC LIMIT 1) FROM ${valueRows(dialect, dots, 'integer')}`;
  const lastChangeRows = compiledQuery(db, 1, (dots: unknown) =>
    db
      .selectFrom('record_history_events as e')
      .select(['e.dot_number', 'e.kind', 'e.event', 'e.subject', 'e.effective_on', 'e.first_seen_on'])
      .where(
        dialect === 'postgres'
          ? sql<boolean>`e.id = ANY(ARRAY(${newestEventIds(dots)}))`
          : sql<boolean>`e.id IN (${newestEventIds(dots)})`,
      ),
  );
  return {
    // Sign-in links.
    async insertLoginToken(on: Db, values: { tokenHash: string; email: string; now: string }) {
      const row = await on
        .insertInto('watcher_login_tokens')
        .values({
          token_hash: values.tokenHash,
          email: values.email,
          expires_at: values.now,
          used_at: null,
          created_at: values.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async activateLoginToken(id: number, tokenHash: string, expiresAt: string) {
      const row = await db
        .updateTable('watcher_login_tokens')
        .set({ token_hash: tokenHash, expires_at: expiresAt })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async consumeLoginToken(tokenHash: string, now: string) {
      return db
        .updateTable('watcher_login_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['id', 'email'])
        .executeTakeFirst();
    },

    async countLoginTokensSince(on: Db, email: string, since: string) {
      const row = await on
        .selectFrom('watcher_login_tokens')
        .where('email', '=', email)
        .where('created_at', '>=', since)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    // Accounts.
    /** The account of an address, made on its first sign-in. */
    async accountOfEmail(email: string, now: string) {
      await db
        .insertInto('watcher_accounts')
        .values({ email, created_at: now, updated_at: now })
        .onConflict((conflict) => conflict.column('email').doNothing())
        .execute();
      return db
        .selectFrom('watcher_accounts')
        .select(['id', 'email', 'session_version', 'created_at'])
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
    },

    /** The account a session belongs to, while its version stands and the session was not logged out. */
    async accountOfSession(id: number, sessionVersion: number, jti: string) {
      return db
        .selectFrom('watcher_accounts')
        .select(['id', 'email'])
        .where('id', '=', id)
        .where('session_version', '=', sessionVersion)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('revoked_sessions').select('jti').where('jti', '=', jti))),
        )
        .executeTakeFirst();
    },

    async account(id: number) {
      return db
        .selectFrom('watcher_accounts')
        .select(['id', 'email', 'created_at'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Deletes the account; its lists, their carriers and its keys go with it (cascades), its links too. */
    async deleteAccount(id: number) {
      await db.transaction().execute(async (trx) => {
        const account = await trx
          .deleteFrom('watcher_accounts')
          .where('id', '=', id)
          .returning('email')
          .executeTakeFirst();
        if (account)
          await trx.deleteFrom('watcher_login_tokens').where('email', '=', account.email).execute();
      });
    },

    // API keys.
    async insertKey(values: {
      accountId: number;
      name: string;
      keyHash: string;
      prefix: string;
      now: string;
    }) {
      return db
        .insertInto('api_keys')
        .values({
          account_id: values.accountId,
          name: values.name,
          key_hash: values.keyHash,
          prefix: values.prefix,
          created_at: values.now,
        })
        .returning(['id', 'name', 'prefix', 'created_at', 'last_used_at', 'revoked_at'])
        .executeTakeFirstOrThrow();
    },

    async keysOf(accountId: number) {
      return db
        .selectFrom('api_keys')
        .select(['id', 'name', 'prefix', 'created_at', 'last_used_at', 'revoked_at'])
        .where('account_id', '=', accountId)
        .orderBy('id')
        .execute();
    },

    async countLiveKeys(accountId: number) {
      const row = await db
        .selectFrom('api_keys')
        .where('account_id', '=', accountId)
        .where('revoked_at', 'is', null)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Revokes one of the account's keys; false when the account has no such key. */
    async revokeKey(accountId: number, id: number, now: string) {
      const key = await db
        .selectFrom('api_keys')
        .select(['id', 'revoked_at'])
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (!key) return false;
      if (key.revoked_at === null) {
        await db.updateTable('api_keys').set({ revoked_at: now }).where('id', '=', id).execute();
      }
      return true;
    },

    async accountOfKey(keyHash: string) {
      return db
        .selectFrom('api_keys')
        .innerJoin('watcher_accounts', 'watcher_accounts.id', 'api_keys.account_id')
        .select([
          'api_keys.id as key_id',
          'api_keys.last_used_at',
          'watcher_accounts.id',
          'watcher_accounts.email',
        ])
        .where('api_keys.key_hash', '=', keyHash)
        .where('api_keys.revoked_at', 'is', null)
        .executeTakeFirst();
    },

    async touchKey(id: number, now: string) {
      await db.updateTable('api_keys').set({ last_used_at: now }).where('id', '=', id).execute();
    },

    // Watchlists.
    /** The account's lists with their sizes, by name; or the one list `id` when given. */
    async watchlists(accountId: number, id?: number) {
      let query = db
        .selectFrom('watchlists')
        .select((eb) => [
          'watchlists.id',
          'watchlists.name',
          'watchlists.created_at',
          'watchlists.updated_at',
          eb
            .selectFrom('watchlist_carriers')
            .whereRef('watchlist_carriers.watchlist_id', '=', 'watchlists.id')
            .select((count) => count.fn.countAll<number | string>().as('n'))
            .as('carrier_count'),
        ])
        .where('account_id', '=', accountId);
      if (id !== undefined) query = query.where('id', '=', id);
      const rows = await query.orderBy('name').orderBy('id').execute();
      return rows.map((row) => ({ ...row, carrier_count: Number(row.carrier_count ?? 0) }));
    },

    async watchlistNamed(accountId: number, name: string) {
      return db
        .selectFrom('watchlists')
        .select('id')
        .where('account_id', '=', accountId)
        .where('name', '=', name)
        .executeTakeFirst();
    },

    async countWatchlists(accountId: number) {
      const row = await db
        .selectFrom('watchlists')
        .where('account_id', '=', accountId)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insertWatchlist(accountId: number, name: string, now: string) {
      const row = await db
        .insertInto('watchlists')
        .values({ account_id: accountId, name, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async renameWatchlist(accountId: number, id: number, name: string, now: string) {
      const result = await db
        .updateTable('watchlists')
        .set({ name, updated_at: now })
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async deleteWatchlist(accountId: number, id: number) {
      const result = await db
        .deleteFrom('watchlists')
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async touchWatchlist(id: number, now: string) {
      await db.updateTable('watchlists').set({ updated_at: now }).where('id', '=', id).execute();
    },

    async listedCarriers(watchlistId: number) {
      return db
        .selectFrom('watchlist_carriers')
        .select(['dot_number', 'added_at'])
        .where('watchlist_id', '=', watchlistId)
        .execute();
    },

    /** Adds carriers not yet on the list; returns how many were new. */
    async addCarriers(watchlistId: number, dotNumbers: readonly number[], now: string) {
      let added = 0;
      await db.transaction().execute(async (trx) => {
        for (let start = 0; start < dotNumbers.length; start += IN_LIST) {
          const result = await trx
            .insertInto('watchlist_carriers')
            .values(
              dotNumbers.slice(start, start + IN_LIST).map((dot) => ({
                watchlist_id: watchlistId,
                dot_number: dot,
                added_at: now,
              })),
            )
            .onConflict((conflict) => conflict.columns(['watchlist_id', 'dot_number']).doNothing())
            .executeTakeFirst();
          added += Number(result.numInsertedOrUpdatedRows ?? 0);
        }
      });
      return added;
    },

    async removeCarrier(watchlistId: number, dotNumber: number) {
      const result = await db
        .deleteFrom('watchlist_carriers')
        .where('watchlist_id', '=', watchlistId)
        .where('dot_number', '=', dotNumber)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** When the newest import finished: carriers' records, L&I and history change only with one. */
    async newestImportAt() {
      const row = await db
        .selectFrom('data_imports')
        .select((eb) => eb.fn.max('imported_at').as('at'))
        .executeTakeFirst();
      return row?.at ?? '';
    },

    // Carriers.
    /**
     * The census carriers with these DOT numbers: name, MC number and risk signals, with the columns
     * their L&I records are joined and judged by (authority/repo.ts), so each row is read once.
     */
    async carriers(dotNumbers: readonly number[]) {
      return dotNumbers.length === 0 ? [] : censusRows(list(dotNumbers));
    },

    /**
     * The DOT numbers of MC dockets (numbers without the prefix): the census carrier holding the
     * docket first, else the DOT number the L&I files give it.
     */
    async dotsOfMcNumbers(mcNumbers: readonly number[]) {
      if (mcNumbers.length === 0) return new Map<number, number>();
      const census = await censusMcRows(list(mcNumbers.map((mc) => String(mc))));
      const found = new Map(census.map((row) => [Number(row.mc_number), row.dot_number]));
      const rest = mcNumbers.filter((mc) => !found.has(mc));
      const li = rest.length === 0 ? [] : await liDocketRows(list(rest.map((mc) => `MC${mc}`)));
      for (const row of li) found.set(Number(row.docket.slice(2)), row.dot_number as number);
      return found;
    },

    /** The newest event of each carrier's record history, by the day an import first saw it (what a watcher learns last). */
    async lastChanges(dotNumbers: readonly number[]) {
      return dotNumbers.length === 0 ? [] : lastChangeRows(list(dotNumbers));
    },
  };
}

export type WatchersRepo = ReturnType<typeof createWatchersRepo>;

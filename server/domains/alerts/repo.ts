import { sql, type RawBuilder } from 'kysely';
import { SEVERE_CHANGES } from '../../../core/alerts.ts';
import { CONTACT_FIELDS } from '../../../core/history.ts';
import type { Db } from '../../db/database.ts';
import type { Dialect } from '../../db/migrate.ts';

/** A history event is severe when it matches one of SEVERE_CHANGES: the same rules, in SQL. */
function severeEvent(): RawBuilder<unknown> {
  const rules = SEVERE_CHANGES.map((rule) => {
    const parts = [sql`e.kind = ${rule.kind}`, sql`e.event = ${rule.event}`];
    if (rule.subject !== undefined) parts.push(sql`e.subject = ${rule.subject}`);
    if (rule.valueAfter !== undefined) parts.push(sql`e.value_after = ${rule.valueAfter}`);
    return sql`(${sql.join(parts, sql` AND `)})`;
  });
  return sql`(${sql.join(rules, sql` OR `)})`;
}

/** What an e-mail about an alert needs: the alert, its carrier's name, its account's address and settings. */
export interface MailableAlert {
  account_id: number;
  email: string;
  wants_email: number;
  unsubscribe_token: string | null;
  dot_number: number;
  carrier_name: string | null;
  source_key: string;
  kind: string;
  event: string;
  subject: string | null;
  value_before: string | null;
  value_after: string | null;
  day: string;
}

/** A change of a claimed carrier's record that its admins hear about. */
export interface OwnerChange {
  user_id: number;
  email: string;
  dot_number: number;
  carrier_name: string;
  kind: string;
  event: string;
  subject: string | null;
  value_before: string | null;
  value_after: string | null;
  day: string;
}

/**
 * The alerts' SQL. The computation is set-based: each statement joins a range of the day's history
 * events (or its inspections and crashes) to every list watching their carriers at once.
 */
/**
 * Alerts with what their e-mail needs: the account's address and whether it wants this kind of e-mail
 * (`wants`, on by default), its unsubscribe token and the carrier's name.
 */
async function mailableAlerts(
  trx: Db,
  wants: 'severe_email' | 'digest_email',
  where: RawBuilder<unknown>,
  orderBy: RawBuilder<unknown>,
): Promise<MailableAlert[]> {
  const { rows } = await sql<MailableAlert>`
    SELECT a.account_id, acc.email, COALESCE(${sql.ref(`s.${wants}`)}, 1) AS wants_email, s.unsubscribe_token,
      a.dot_number, co.name AS carrier_name, a.source_key, a.kind, a.event, a.subject, a.value_before,
      a.value_after, a.day
    FROM watch_alerts a
    JOIN watcher_accounts acc ON acc.id = a.account_id
    LEFT JOIN alert_settings s ON s.account_id = a.account_id
    LEFT JOIN companies co ON co.dot_number = a.dot_number
    WHERE ${where}
    ORDER BY ${orderBy}`.execute(trx);
  return rows;
}

export function createAlertsRepo(db: Db, dialect: Dialect) {
  const forUpdate = dialect === 'postgres' ? sql` FOR UPDATE` : sql``;

  return {
    /** The newest history event's id (0 when none). */
    async newestEventId(): Promise<number> {
      const row = await db
        .selectFrom('record_history_events')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      return Number(row?.id ?? 0);
    },

    /**
     * The progress row of `name`, locked for the transaction on PostgreSQL: a second computation
     * (another process) waits here until the first commits, then starts where it stopped.
     */
    async lockProgress(trx: Db, name: 'alerts' | 'digest') {
      const { rows } = await sql<{ last_event_id: number; last_day: string | null }>`
        SELECT last_event_id, last_day FROM alert_progress WHERE name = ${name}${forUpdate}`.execute(trx);
      const row = rows[0];
      if (!row) throw new Error(`alert_progress has no '${name}' row (migration 095 writes it)`);
      return { lastEventId: Number(row.last_event_id), lastDay: row.last_day };
    },

    async saveProgress(
      trx: Db,
      name: 'alerts' | 'digest',
      values: { last_event_id?: number; last_day?: string },
    ) {
      await trx.updateTable('alert_progress').set(values).where('name', '=', name).execute();
    },

    async newestAlertId(trx: Db): Promise<number> {
      const row = await trx
        .selectFrom('watch_alerts')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      return Number(row?.id ?? 0);
    },

    /** Alerts written after `afterAlertId` (PostgreSQL skips the ids a conflict used: counted, not subtracted). */
    async countAlertsAfter(trx: Db, afterAlertId: number): Promise<number> {
      const row = await trx
        .selectFrom('watch_alerts')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('id', '>', afterAlertId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    // The day's rows drive each join (CROSS JOIN keeps them the outer table on SQLite, whose planner
    // could otherwise read every watched carrier); the watchers of each come from the dot_number index.

    /** The alerts of the history events after `fromId` up to `toId`, one per watching list. */
    async insertEventAlerts(trx: Db, fromId: number, toId: number, now: string) {
      const severe = severeEvent();
      await sql`
        INSERT INTO watch_alerts (watchlist_id, account_id, dot_number, source_key, severity, kind, event,
          subject, value_before, value_after, day, created_at, digest_pending)
        SELECT wc.watchlist_id, w.account_id, e.dot_number, 'e:' || CAST(e.id AS text),
          CASE WHEN ${severe} THEN 'severe' ELSE 'digest' END, e.kind, e.event, e.subject,
          e.value_before, e.value_after, COALESCE(e.effective_on, e.first_seen_on), ${now},
          CASE WHEN ${severe} THEN 0 ELSE 1 END
        FROM record_history_events e
        CROSS JOIN watchlist_carriers wc
        JOIN watchlists w ON w.id = wc.watchlist_id
        WHERE wc.dot_number = e.dot_number AND e.id > ${fromId} AND e.id <= ${toId}
        ON CONFLICT (watchlist_id, source_key) DO NOTHING`.execute(trx);
    },

    /**
     * Inspections with out-of-service violations and crashes dated from `sinceDay` (they arrive weeks
     * late), not seen by an earlier computation and not before the carrier joined the list: digest
     * alerts, once each. Each is looked up in the lists once: alert_seen_records remembers it.
     */
    async insertInspectionAndCrashAlerts(trx: Db, sinceDay: string, now: string) {
      const unseen = (key: RawBuilder<unknown>) =>
        sql`NOT EXISTS (SELECT 1 FROM alert_seen_records s WHERE s.source_key = ${key})`;
      const inspectionKey = sql`'i:' || i.inspection_id`;
      const crashKey = sql`'c:' || c.crash_id`;
      await sql`
        INSERT INTO watch_alerts (watchlist_id, account_id, dot_number, source_key, severity, kind, event,
          subject, value_before, value_after, day, created_at, digest_pending)
        SELECT wc.watchlist_id, w.account_id, i.dot_number, ${inspectionKey}, 'digest', 'inspection',
          'out_of_service', i.inspection_id, NULL, CAST(i.oos_total AS text), i.insp_date, ${now}, 1
        FROM inspections i
        CROSS JOIN watchlist_carriers wc
        JOIN watchlists w ON w.id = wc.watchlist_id
        WHERE i.oos_total > 0 AND i.insp_date >= ${sinceDay} AND ${unseen(inspectionKey)}
          AND wc.dot_number = i.dot_number AND i.insp_date >= substr(wc.added_at, 1, 10)
        ON CONFLICT (watchlist_id, source_key) DO NOTHING`.execute(trx);
      await sql`
        INSERT INTO watch_alerts (watchlist_id, account_id, dot_number, source_key, severity, kind, event,
          subject, value_before, value_after, day, created_at, digest_pending)
        SELECT wc.watchlist_id, w.account_id, c.dot_number, ${crashKey}, 'digest', 'crash', 'reported',
          c.crash_id, CAST(c.fatalities AS text), CAST(c.injuries AS text), c.report_date, ${now}, 1
        FROM crashes c
        CROSS JOIN watchlist_carriers wc
        JOIN watchlists w ON w.id = wc.watchlist_id
        WHERE c.report_date >= ${sinceDay} AND ${unseen(crashKey)}
          AND wc.dot_number = c.dot_number AND c.report_date >= substr(wc.added_at, 1, 10)
        ON CONFLICT (watchlist_id, source_key) DO NOTHING`.execute(trx);
      await sql`
        INSERT INTO alert_seen_records (source_key, day)
        SELECT ${inspectionKey}, i.insp_date FROM inspections i
        WHERE i.oos_total > 0 AND i.insp_date >= ${sinceDay} AND ${unseen(inspectionKey)}
        ON CONFLICT (source_key) DO NOTHING`.execute(trx);
      await sql`
        INSERT INTO alert_seen_records (source_key, day)
        SELECT ${crashKey}, c.report_date FROM crashes c
        WHERE c.report_date >= ${sinceDay} AND ${unseen(crashKey)}
        ON CONFLICT (source_key) DO NOTHING`.execute(trx);
      // Older ones are outside the window: never read again.
      await trx.deleteFrom('alert_seen_records').where('day', '<', sinceDay).execute();
    },

    /** One webhook delivery per alert after `afterAlertId` and endpoint of its account. */
    async queueWebhookDeliveries(trx: Db, afterAlertId: number, now: string) {
      await sql`
        INSERT INTO webhook_deliveries (endpoint_id, account_id, alert_id, message_id, status, next_attempt_at, created_at)
        SELECT ep.id, a.account_id, a.id, 'msg_' || CAST(a.id AS text) || '_' || CAST(ep.id AS text), 'queued', ${now}, ${now}
        FROM watch_alerts a
        JOIN webhook_endpoints ep ON ep.account_id = a.account_id
        WHERE a.id > ${afterAlertId}`.execute(trx);
    },

    /** The severe alerts after `afterAlertId`, with what their e-mail needs. */
    async severeAlertsAfter(trx: Db, afterAlertId: number): Promise<MailableAlert[]> {
      return mailableAlerts(
        trx,
        'severe_email',
        sql`a.id > ${afterAlertId} AND a.severity = 'severe'`,
        sql`a.account_id, a.dot_number, a.id`,
      );
    },

    /** Every digest alert waiting, up to `upToAlertId`, with what the digest needs. */
    async pendingDigestAlerts(trx: Db, upToAlertId: number): Promise<MailableAlert[]> {
      return mailableAlerts(
        trx,
        'digest_email',
        sql`a.digest_pending = 1 AND a.id <= ${upToAlertId}`,
        sql`a.account_id, a.dot_number, a.day, a.id`,
      );
    },

    async clearDigest(trx: Db, upToAlertId: number) {
      await trx
        .updateTable('watch_alerts')
        .set({ digest_pending: 0 })
        .where('digest_pending', '=', 1)
        .where('id', '<=', upToAlertId)
        .execute();
    },

    /** Gives the accounts without settings their row (all e-mails on) and its unsubscribe token. */
    async ensureSettings(trx: Db, accounts: { accountId: number; token: string }[], now: string) {
      const tokens = new Map<number, string>();
      for (let start = 0; start < accounts.length; start += 500) {
        const chunk = accounts.slice(start, start + 500);
        await trx
          .insertInto('alert_settings')
          .values(
            chunk.map(({ accountId, token }) => ({
              account_id: accountId,
              severe_email: 1 as const,
              digest_email: 1 as const,
              unsubscribe_token: token,
              updated_at: now,
            })),
          )
          .onConflict((oc) => oc.column('account_id').doNothing())
          .execute();
        const stored = await trx
          .selectFrom('alert_settings')
          .select(['account_id', 'unsubscribe_token'])
          .where(
            'account_id',
            'in',
            chunk.map((account) => account.accountId),
          )
          .execute();
        for (const row of stored) tokens.set(row.account_id, row.unsubscribe_token);
      }
      return tokens;
    },

    /**
     * Changes of a claimed carrier's contact details, authority or insurance among the events after
     * `fromId` up to `toId`, once per active admin of the carrier.
     */
    async ownerChanges(trx: Db, fromId: number, toId: number): Promise<OwnerChange[]> {
      const { rows } = await sql<OwnerChange>`
        SELECT u.id AS user_id, u.email, e.dot_number, co.name AS carrier_name, e.kind, e.event, e.subject,
          e.value_before, e.value_after, COALESCE(e.effective_on, e.first_seen_on) AS day
        FROM record_history_events e
        JOIN companies co ON co.dot_number = e.dot_number
        JOIN users u ON u.company_id = co.id AND u.is_admin = 1 AND u.is_active = 1
        WHERE e.id > ${fromId} AND e.id <= ${toId}
          AND (e.kind IN ('authority', 'insurance')
            OR (e.kind = 'record' AND e.subject IN (${sql.join(CONTACT_FIELDS)})))
        ORDER BY u.id, e.id`.execute(trx);
      return rows;
    },
  };
}

export type AlertsRepo = ReturnType<typeof createAlertsRepo>;

/** A delivery claimed for an attempt, with its endpoint and what its payload is made of. */
export interface ClaimedDelivery {
  id: number;
  message_id: string;
  attempts: number;
  url: string;
  secret: string;
  alert_id: number;
  watchlist_id: number;
  dot_number: number;
  carrier_name: string | null;
  severity: string;
  kind: string;
  event: string;
  subject: string | null;
  value_before: string | null;
  value_after: string | null;
  day: string;
  created_at: string;
}

/** The webhook delivery queue's SQL. Times are ISO strings, which compare in time order. */
export function createWebhookDeliveriesRepo(db: Db, dialect: Dialect) {
  return {
    /**
     * Claims up to `limit` due deliveries (queued and due, or claimed by a worker whose lease ran out)
     * until `leaseUntil`, counting the attempt, except for accounts that made `perMinute` attempts in
     * the last minute. On PostgreSQL SKIP LOCKED gives each instance's worker different rows.
     */
    async claimDue(
      now: string,
      leaseUntil: string,
      limit: number,
      perMinute: number,
    ): Promise<ClaimedDelivery[]> {
      const minuteAgo = new Date(Date.parse(now) - 60_000).toISOString();
      return db.transaction().execute(async (trx) => {
        let due = trx
          .selectFrom('webhook_deliveries')
          .select('id')
          .where((eb) =>
            eb.or([
              eb.and([eb('status', '=', 'queued'), eb('next_attempt_at', '<=', now)]),
              eb.and([eb('status', '=', 'sending'), eb('lease_until', '<=', now)]),
            ]),
          )
          .where((eb) =>
            eb(
              'account_id',
              'not in',
              eb
                .selectFrom('webhook_deliveries as recent')
                .select('recent.account_id')
                .where('recent.last_attempt_at', '>', minuteAgo)
                .groupBy('recent.account_id')
                .having((h) => h.fn.countAll(), '>=', perMinute),
            ),
          )
          .orderBy('id')
          .limit(limit);
        if (dialect === 'postgres') due = due.forUpdate().skipLocked();
        const ids = (await due.execute()).map((row) => row.id);
        if (ids.length === 0) return [];
        await trx
          .updateTable('webhook_deliveries')
          .set((eb) => ({
            status: 'sending',
            lease_until: leaseUntil,
            last_attempt_at: now,
            attempts: eb('attempts', '+', 1),
          }))
          .where('id', 'in', ids)
          .execute();
        const { rows } = await sql<ClaimedDelivery>`
          SELECT d.id, d.message_id, d.attempts, ep.url, ep.secret, a.id AS alert_id, a.watchlist_id,
            a.dot_number, co.name AS carrier_name, a.severity, a.kind, a.event, a.subject, a.value_before,
            a.value_after, a.day, a.created_at
          FROM webhook_deliveries d
          JOIN webhook_endpoints ep ON ep.id = d.endpoint_id
          JOIN watch_alerts a ON a.id = d.alert_id
          LEFT JOIN companies co ON co.dot_number = a.dot_number
          WHERE d.id IN (${sql.join(ids)})
          ORDER BY d.id`.execute(trx);
        return rows;
      });
    },

    /** Gives claimed deliveries back untried (the worker is stopping). */
    async release(ids: number[]) {
      if (ids.length === 0) return;
      await db
        .updateTable('webhook_deliveries')
        .set((eb) => ({ status: 'queued', lease_until: null, attempts: eb('attempts', '-', 1) }))
        .where('id', 'in', ids)
        .execute();
    },

    async markDelivered(id: number, responseStatus: number, now: string) {
      await db
        .updateTable('webhook_deliveries')
        .set({
          status: 'delivered',
          response_status: responseStatus,
          delivered_at: now,
          lease_until: null,
          last_error: null,
        })
        .where('id', '=', id)
        .execute();
    },

    async markRetry(id: number, nextAttemptAt: string, responseStatus: number | null, error: string) {
      await db
        .updateTable('webhook_deliveries')
        .set({
          status: 'queued',
          next_attempt_at: nextAttemptAt,
          lease_until: null,
          response_status: responseStatus,
          last_error: error,
        })
        .where('id', '=', id)
        .execute();
    },

    async markFailed(id: number, responseStatus: number | null, error: string) {
      await db
        .updateTable('webhook_deliveries')
        .set({ status: 'failed', lease_until: null, response_status: responseStatus, last_error: error })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type WebhookDeliveriesRepo = ReturnType<typeof createWebhookDeliveriesRepo>;

/** What an account reads and writes of its alerts: settings, feeds, endpoints, deliveries. */
export function createAlertsAccountRepo(db: Db) {
  return {
    async watchlist(accountId: number, watchlistId: number) {
      return db
        .selectFrom('watchlists')
        .select(['id', 'name', 'created_at'])
        .where('id', '=', watchlistId)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
    },

    /** The account's e-mail settings; all on when it never changed them. */
    async settings(accountId: number) {
      const row = await db
        .selectFrom('alert_settings')
        .select(['severe_email', 'digest_email'])
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return {
        severe_email: Number(row?.severe_email ?? 1) === 1,
        digest_email: Number(row?.digest_email ?? 1) === 1,
      };
    },

    async saveSettings(
      accountId: number,
      values: { severe_email: boolean; digest_email: boolean },
      newToken: string,
      now: string,
    ) {
      const flags = {
        severe_email: values.severe_email ? 1 : 0,
        digest_email: values.digest_email ? 1 : 0,
      } as const;
      await db
        .insertInto('alert_settings')
        .values({ account_id: accountId, ...flags, unsubscribe_token: newToken, updated_at: now })
        .onConflict((oc) => oc.column('account_id').doUpdateSet({ ...flags, updated_at: now }))
        .execute();
    },

    async settingsByToken(token: string) {
      return db
        .selectFrom('alert_settings')
        .innerJoin('watcher_accounts', 'watcher_accounts.id', 'alert_settings.account_id')
        .select(['watcher_accounts.email', 'alert_settings.severe_email', 'alert_settings.digest_email'])
        .where('alert_settings.unsubscribe_token', '=', token)
        .executeTakeFirst();
    },

    async turnOff(token: string, kind: 'severe' | 'digest', now: string): Promise<boolean> {
      const result = await db
        .updateTable('alert_settings')
        .set(kind === 'severe' ? { severe_email: 0, updated_at: now } : { digest_email: 0, updated_at: now })
        .where('unsubscribe_token', '=', token)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async feeds(accountId: number) {
      return db
        .selectFrom('watchlists')
        .leftJoin('watchlist_feeds', 'watchlist_feeds.watchlist_id', 'watchlists.id')
        .select([
          'watchlists.id as watchlist_id',
          'watchlists.name',
          'watchlist_feeds.created_at as feed_created_at',
        ])
        .where('watchlists.account_id', '=', accountId)
        .orderBy('watchlists.name')
        .execute();
    },

    async saveFeedToken(watchlistId: number, tokenHash: string, now: string) {
      await db
        .insertInto('watchlist_feeds')
        .values({ watchlist_id: watchlistId, token_hash: tokenHash, created_at: now })
        .onConflict((oc) => oc.column('watchlist_id').doUpdateSet({ token_hash: tokenHash, created_at: now }))
        .execute();
    },

    async deleteFeed(watchlistId: number) {
      await db.deleteFrom('watchlist_feeds').where('watchlist_id', '=', watchlistId).execute();
    },

    async watchlistByFeedHash(tokenHash: string) {
      return db
        .selectFrom('watchlist_feeds')
        .innerJoin('watchlists', 'watchlists.id', 'watchlist_feeds.watchlist_id')
        .select(['watchlists.id', 'watchlists.name', 'watchlists.created_at'])
        .where('watchlist_feeds.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    async feedAlerts(watchlistId: number, limit: number) {
      return db
        .selectFrom('watch_alerts as a')
        .leftJoin('companies as co', 'co.dot_number', 'a.dot_number')
        .select([
          'a.id',
          'a.dot_number',
          'co.name as carrier_name',
          'a.severity',
          'a.kind',
          'a.event',
          'a.subject',
          'a.value_before',
          'a.value_after',
          'a.day',
          'a.created_at',
        ])
        .where('a.watchlist_id', '=', watchlistId)
        .orderBy('a.id', 'desc')
        .limit(limit)
        .execute();
    },

    async endpoints(accountId: number) {
      return db
        .selectFrom('webhook_endpoints')
        .select(['id', 'url', 'created_at'])
        .where('account_id', '=', accountId)
        .orderBy('id')
        .execute();
    },

    async addEndpoint(accountId: number, url: string, secret: string, now: string): Promise<number> {
      const row = await db
        .insertInto('webhook_endpoints')
        .values({ account_id: accountId, url, secret, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async deleteEndpoint(accountId: number, endpointId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('webhook_endpoints')
        .where('id', '=', endpointId)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async deliveries(accountId: number, limit: number) {
      return db
        .selectFrom('webhook_deliveries as d')
        .innerJoin('webhook_endpoints as ep', 'ep.id', 'd.endpoint_id')
        .innerJoin('watch_alerts as a', 'a.id', 'd.alert_id')
        .leftJoin('companies as co', 'co.dot_number', 'a.dot_number')
        .select([
          'd.id',
          'ep.url',
          'a.dot_number',
          'co.name as carrier_name',
          'a.kind',
          'a.event',
          'a.subject',
          'a.value_before',
          'a.value_after',
          'a.day',
          'd.status',
          'd.attempts',
          'd.response_status',
          'd.last_error',
          'd.created_at',
          'd.delivered_at',
        ])
        .where('d.account_id', '=', accountId)
        .orderBy('d.id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}

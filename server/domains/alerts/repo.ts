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

    async saveProgress(trx: Db, name: 'alerts' | 'digest', values: { last_event_id?: number; last_day?: string }) {
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
        JOIN watchlist_carriers wc ON wc.dot_number = e.dot_number
        JOIN watchlists w ON w.id = wc.watchlist_id
        WHERE e.id > ${fromId} AND e.id <= ${toId}
        ON CONFLICT (watchlist_id, source_key) DO NOTHING`.execute(trx);
    },

    /**
     * Inspections with out-of-service violations and crashes dated from `sinceDay` (they arrive weeks
     * late) and not before the carrier joined the list: digest alerts, once each.
     */
    async insertInspectionAndCrashAlerts(trx: Db, sinceDay: string, now: string) {
      await sql`
        INSERT INTO watch_alerts (watchlist_id, account_id, dot_number, source_key, severity, kind, event,
          subject, value_before, value_after, day, created_at, digest_pending)
        SELECT wc.watchlist_id, w.account_id, i.dot_number, 'i:' || i.inspection_id, 'digest', 'inspection',
          'out_of_service', i.inspection_id, NULL, CAST(i.oos_total AS text), i.insp_date, ${now}, 1
        FROM inspections i
        JOIN watchlist_carriers wc ON wc.dot_number = i.dot_number
        JOIN watchlists w ON w.id = wc.watchlist_id
        WHERE i.oos_total > 0 AND i.insp_date >= ${sinceDay} AND i.insp_date >= substr(wc.added_at, 1, 10)
        ON CONFLICT (watchlist_id, source_key) DO NOTHING`.execute(trx);
      await sql`
        INSERT INTO watch_alerts (watchlist_id, account_id, dot_number, source_key, severity, kind, event,
          subject, value_before, value_after, day, created_at, digest_pending)
        SELECT wc.watchlist_id, w.account_id, c.dot_number, 'c:' || c.crash_id, 'digest', 'crash', 'reported',
          c.crash_id, CAST(c.fatalities AS text), CAST(c.injuries AS text), c.report_date, ${now}, 1
        FROM crashes c
        JOIN watchlist_carriers wc ON wc.dot_number = c.dot_number
        JOIN watchlists w ON w.id = wc.watchlist_id
        WHERE c.report_date >= ${sinceDay} AND c.report_date >= substr(wc.added_at, 1, 10)
        ON CONFLICT (watchlist_id, source_key) DO NOTHING`.execute(trx);
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
      const { rows } = await sql<MailableAlert>`
        SELECT a.account_id, acc.email, COALESCE(s.severe_email, 1) AS wants_email, s.unsubscribe_token,
          a.dot_number, co.name AS carrier_name, a.source_key, a.kind, a.event, a.subject, a.value_before,
          a.value_after, a.day
        FROM watch_alerts a
        JOIN watcher_accounts acc ON acc.id = a.account_id
        LEFT JOIN alert_settings s ON s.account_id = a.account_id
        LEFT JOIN companies co ON co.dot_number = a.dot_number
        WHERE a.id > ${afterAlertId} AND a.severity = 'severe'
        ORDER BY a.account_id, a.dot_number, a.id`.execute(trx);
      return rows;
    },

    /** Every digest alert waiting, up to `upToAlertId`, with what the digest needs. */
    async pendingDigestAlerts(trx: Db, upToAlertId: number): Promise<MailableAlert[]> {
      const { rows } = await sql<MailableAlert>`
        SELECT a.account_id, acc.email, COALESCE(s.digest_email, 1) AS wants_email, s.unsubscribe_token,
          a.dot_number, co.name AS carrier_name, a.source_key, a.kind, a.event, a.subject, a.value_before,
          a.value_after, a.day
        FROM watch_alerts a
        JOIN watcher_accounts acc ON acc.id = a.account_id
        LEFT JOIN alert_settings s ON s.account_id = a.account_id
        LEFT JOIN companies co ON co.dot_number = a.dot_number
        WHERE a.digest_pending = 1 AND a.id <= ${upToAlertId}
        ORDER BY a.account_id, a.dot_number, a.day, a.id`.execute(trx);
      return rows;
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
      for (let start = 0; start < accounts.length; start += 500) {
        const rows = accounts.slice(start, start + 500).map(({ accountId, token }) => ({
          account_id: accountId,
          severe_email: 1 as const,
          digest_email: 1 as const,
          unsubscribe_token: token,
          updated_at: now,
        }));
        await trx
          .insertInto('alert_settings')
          .values(rows)
          .onConflict((oc) => oc.column('account_id').doNothing())
          .execute();
      }
      if (accounts.length === 0) return new Map<number, string>();
      const stored = await trx
        .selectFrom('alert_settings')
        .select(['account_id', 'unsubscribe_token'])
        .where(
          'account_id',
          'in',
          accounts.map((account) => account.accountId),
        )
        .execute();
      return new Map(stored.map((row) => [row.account_id, row.unsubscribe_token]));
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

/**
 * The alerts of an import (docs/decisions/125-alerts-queued-once.md): after each sync or import, the
 * new history events (and the recent out-of-service inspections and crashes) of watched carriers
 * become alerts, severe ones are e-mailed, every one is queued for the account's webhooks, the admins
 * of claimed carriers hear about their own record, and once a day the digest goes out. Each step writes
 * its alerts, its e-mails and its progress in one transaction, so a kill or a second process never
 * queues anything twice.
 */
import { randomBytes } from 'node:crypto';
import { alertText } from '../../../core/alerts.ts';
import { CONTACT_FIELDS } from '../../../core/history.ts';
import type { Db } from '../../db/database.ts';
import type { Dialect } from '../../db/migrate.ts';
import { createMailQueueRepo, type MailKind } from '../mail/repo.ts';
import type { MailMessage } from '../mail/transport.ts';
import { alertEmail, ownerNoticeEmail, type CarrierChanges } from './messages.ts';
import { createAlertsRepo, type MailableAlert, type OwnerChange } from './repo.ts';

/** History events per transaction: a census that changed much is taken in steps. */
const EVENTS_PER_STEP = 200_000;
/** Inspections and crashes reach the files weeks after their day: those dated this far back count. */
const LATE_RECORD_DAYS = 45;

export interface ComputeAlertsOptions {
  db: Db;
  dialect: Dialect;
  /** The site's address, for links in e-mails. */
  appUrl: string;
  now?: () => Date;
}

export interface AlertsComputed {
  /** Alerts written (all lists). */
  alerts: number;
  severeEmails: number;
  digestEmails: number;
  ownerEmails: number;
}

/** The line the sync and the import print. */
export function describeAlerts(computed: AlertsComputed): string {
  return `alerts: ${computed.alerts} new; e-mails queued: ${computed.severeEmails} alerts, ${computed.digestEmails} digests, ${computed.ownerEmails} to owners`;
}

const factsOf = (
  row: Pick<MailableAlert, 'kind' | 'event' | 'subject' | 'value_before' | 'value_after' | 'day'>,
) => ({
  kind: row.kind,
  event: row.event,
  subject: row.subject,
  valueBefore: row.value_before,
  valueAfter: row.value_after,
  day: row.day,
});

/** Rows of one recipient (ordered by recipient, then carrier) as its carriers' changes, each change once. */
function carriersOf(rows: readonly (MailableAlert | OwnerChange)[]): CarrierChanges[] {
  const carriers = new Map<number, CarrierChanges & { seen: Set<string> }>();
  for (const row of rows) {
    let carrier = carriers.get(row.dot_number);
    if (!carrier) {
      carrier = {
        dotNumber: row.dot_number,
        name: ('carrier_name' in row && row.carrier_name) || `USDOT ${row.dot_number}`,
        lines: [],
        seen: new Set(),
      };
      carriers.set(row.dot_number, carrier);
    }
    const line = alertText(factsOf(row));
    const key = 'source_key' in row ? row.source_key : line;
    if (carrier.seen.has(key)) continue;
    carrier.seen.add(key);
    carrier.lines.push(line);
  }
  return [...carriers.values()].map(({ seen: _seen, ...carrier }) => carrier);
}

function byRecipient<Row extends { email: string }>(rows: readonly Row[], idOf: (row: Row) => number) {
  const groups = new Map<number, Row[]>();
  for (const row of rows) {
    const group = groups.get(idOf(row));
    if (group) group.push(row);
    else groups.set(idOf(row), [row]);
  }
  return groups;
}

export async function computeAlerts(options: ComputeAlertsOptions): Promise<AlertsComputed> {
  const { db, dialect, appUrl } = options;
  const now = options.now ?? (() => new Date());
  const repo = createAlertsRepo(db, dialect);
  const mail = createMailQueueRepo(db, dialect);
  const totals: AlertsComputed = { alerts: 0, severeEmails: 0, digestEmails: 0, ownerEmails: 0 };

  const mailRow = (kind: MailKind, message: MailMessage) => ({
    kind,
    to_address: message.to,
    subject: message.subject,
    content: JSON.stringify({ text: message.text, html: message.html }),
    link: message.link,
    login_token_id: null,
    watcher_login_token_id: null,
    headers: message.headers ? JSON.stringify(message.headers) : null,
    now: now().toISOString(),
  });

  /** Each account's unsubscribe token, its settings row made on its first e-mail. */
  const tokensOf = (trx: Db, rows: readonly MailableAlert[]) =>
    repo.ensureSettings(
      trx,
      [...new Set(rows.filter((row) => row.unsubscribe_token === null).map((row) => row.account_id))].map(
        (accountId) => ({ accountId, token: randomBytes(24).toString('base64url') }),
      ),
      now().toISOString(),
    );

  async function mailAlerts(trx: Db, kind: 'severe' | 'digest', rows: readonly MailableAlert[]) {
    const wanted = rows.filter((row) => Number(row.wants_email) === 1);
    const made = await tokensOf(trx, wanted);
    const messages = [];
    for (const [accountId, accountRows] of byRecipient(wanted, (row) => row.account_id)) {
      const first = accountRows[0]!;
      const token = first.unsubscribe_token ?? made.get(accountId);
      if (!token) throw new Error(`alerts: account ${accountId} has no unsubscribe token`);
      const carriers = carriersOf(accountRows);
      const message = alertEmail({ to: first.email, kind, carriers, appUrl, unsubscribeToken: token });
      messages.push(mailRow(kind === 'severe' ? 'alert' : 'digest', message));
    }
    await mail.insertMany(trx, messages);
    if (kind === 'severe') totals.severeEmails += messages.length;
    else totals.digestEmails += messages.length;
  }

  async function mailOwners(trx: Db, rows: readonly OwnerChange[]) {
    const messages = [];
    for (const userRows of byRecipient(rows, (row) => row.user_id).values()) {
      for (const carrierRows of byRecipient(userRows, (row) => row.dot_number).values()) {
        const [carrier] = carriersOf(carrierRows);
        if (!carrier) continue;
        const contactChanged = carrierRows.some(
          (row) =>
            row.kind === 'record' && CONTACT_FIELDS.includes(row.subject as (typeof CONTACT_FIELDS)[number]),
        );
        const to = carrierRows[0]!.email;
        messages.push(mailRow('owner_notice', ownerNoticeEmail({ to, carrier, contactChanged, appUrl })));
      }
    }
    await mail.insertMany(trx, messages);
    totals.ownerEmails += messages.length;
  }

  const today = now().toISOString().slice(0, 10);
  const lateSince = new Date(now().getTime() - LATE_RECORD_DAYS * 86_400_000).toISOString().slice(0, 10);
  const newestEvent = await repo.newestEventId();
  let first = true;
  for (;;) {
    const done = await db.transaction().execute(async (trx) => {
      const { lastEventId } = await repo.lockProgress(trx, 'alerts');
      const upTo = Math.min(newestEvent, lastEventId + EVENTS_PER_STEP);
      if (upTo <= lastEventId && !first) return true;
      const before = await repo.newestAlertId(trx);
      if (upTo > lastEventId) await repo.insertEventAlerts(trx, lastEventId, upTo, now().toISOString());
      if (first) await repo.insertInspectionAndCrashAlerts(trx, lateSince, now().toISOString());
      totals.alerts += await repo.countAlertsAfter(trx, before);
      await repo.queueWebhookDeliveries(trx, before, now().toISOString());
      await mailAlerts(trx, 'severe', await repo.severeAlertsAfter(trx, before));
      if (upTo > lastEventId) {
        await mailOwners(trx, await repo.ownerChanges(trx, lastEventId, upTo));
        await repo.saveProgress(trx, 'alerts', { last_event_id: upTo });
      }
      return upTo >= newestEvent;
    });
    first = false;
    if (done) break;
  }

  await db.transaction().execute(async (trx) => {
    const { lastDay } = await repo.lockProgress(trx, 'digest');
    if (lastDay === today) return;
    const upTo = await repo.newestAlertId(trx);
    const pending = await repo.pendingDigestAlerts(trx, upTo);
    // A day without changes sends nothing, and leaves the day's digest to a later import.
    if (pending.length === 0) return;
    await mailAlerts(trx, 'digest', pending);
    await repo.clearDigest(trx, upTo);
    await repo.saveProgress(trx, 'digest', { last_day: today });
  });
  return totals;
}

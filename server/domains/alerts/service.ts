/**
 * What a watcher does with alerts: e-mail settings and the one-click unsubscribe, each list's Atom
 * feed at a secret URL, webhook endpoints and their delivery log. Every call that names a list or an
 * endpoint checks it belongs to the account.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Feed } from 'feed';
import { alertText, carrierProfileUrl } from '../../../core/alerts.ts';
import { DomainError } from '../../../core/errors.ts';
import { PRODUCT_NAME } from '../../../core/site.ts';
import type { Db } from '../../db/database.ts';
import type { AlertEmailKind } from './messages.ts';
import { createAlertsAccountRepo } from './repo.ts';
import { checkWebhookUrl, type AddressPolicy } from './webhook-address.ts';

/** Entries a feed holds: the newest alerts of the list. */
export const FEED_ENTRIES = 100;
/** Endpoints one account may have. */
export const MAX_WEBHOOK_ENDPOINTS = 5;
/** Deliveries the log shows. */
export const DELIVERY_LOG_SIZE = 50;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function feedUrl(appUrl: string, token: string): string {
  return `${appUrl.replace(/\/$/, '')}/alerts/feeds/${token}`;
}

export function createAlertsService(deps: {
  db: Db;
  appUrl: string;
  addresses: AddressPolicy;
  clock: () => Date;
}) {
  const { appUrl, clock } = deps;
  const repo = createAlertsAccountRepo(deps.db);
  const now = () => clock().toISOString();

  const ownList = async (accountId: number, watchlistId: number) => {
    const list = await repo.watchlist(accountId, watchlistId);
    if (!list) throw new DomainError('not_found', 'No such watchlist in your account');
    return list;
  };

  return {
    /** Turns off one kind of alert e-mail for the account the token belongs to; false for an unknown token. */
    async unsubscribe(token: string, kind: AlertEmailKind): Promise<boolean> {
      return repo.turnOff(token, kind, now());
    },

    /** The address an unsubscribe token's e-mails go to, or null for an unknown token. */
    async unsubscribeTarget(token: string) {
      return repo.settingsByToken(token);
    },

    async settings(accountId: number) {
      return repo.settings(accountId);
    },

    async saveSettings(accountId: number, values: { severe_email: boolean; digest_email: boolean }) {
      await repo.saveSettings(accountId, values, randomBytes(24).toString('base64url'), now());
      return repo.settings(accountId);
    },

    /** Lists of the account with whether each has a feed (its URL is shown only when made). */
    async feeds(accountId: number) {
      return repo.feeds(accountId);
    },

    /** A new secret feed URL for the list; the old one stops working. Shown this once. */
    async regenerateFeed(accountId: number, watchlistId: number): Promise<{ url: string }> {
      await ownList(accountId, watchlistId);
      const token = randomBytes(24).toString('base64url');
      await repo.saveFeedToken(watchlistId, sha256(token), now());
      return { url: feedUrl(appUrl, token) };
    },

    async revokeFeed(accountId: number, watchlistId: number) {
      await ownList(accountId, watchlistId);
      await repo.deleteFeed(watchlistId);
    },

    /** The Atom document of the list a feed token opens, or null (unknown or revoked token). */
    async feedDocument(token: string): Promise<string | null> {
      const list = await repo.watchlistByFeedHash(sha256(token));
      if (!list) return null;
      const alerts = await repo.feedAlerts(list.id, FEED_ENTRIES);
      const self = feedUrl(appUrl, token);
      const feed = new Feed({
        id: `${appUrl}/alerts/watchlists/${list.id}`,
        title: `${PRODUCT_NAME} alerts: ${list.name}`,
        description: `Changes to the FMCSA records of the carriers on the watchlist ${list.name}`,
        link: appUrl,
        updated: new Date(alerts[0]?.created_at ?? list.created_at),
        feedLinks: { atom: self },
        copyright: `Data: FMCSA. Alerts: ${PRODUCT_NAME}`,
      });
      for (const alert of alerts) {
        const text = alertText({
          kind: alert.kind,
          event: alert.event,
          subject: alert.subject,
          valueBefore: alert.value_before,
          valueAfter: alert.value_after,
          day: alert.day,
        });
        const carrier = `${alert.carrier_name ?? 'Carrier'} (USDOT ${alert.dot_number})`;
        feed.addItem({
          id: `${appUrl}/alerts/${alert.id}`,
          title: `${alert.severity === 'severe' ? 'Alert: ' : ''}${carrier}: ${text}`,
          link: carrierProfileUrl(appUrl, alert.dot_number),
          description: text,
          date: new Date(alert.created_at),
        });
      }
      return feed.atom1();
    },

    async endpoints(accountId: number) {
      return repo.endpoints(accountId);
    },

    /** Adds an endpoint after checking its URL; its signing secret is in this answer only. */
    async addEndpoint(accountId: number, url: string) {
      const check = await checkWebhookUrl(url.trim(), deps.addresses);
      if (!check.ok) throw new DomainError('invalid', check.detail, { field: 'url' });
      if ((await repo.endpoints(accountId)).length >= MAX_WEBHOOK_ENDPOINTS) {
        throw new DomainError(
          'conflict',
          `An account can have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints`,
        );
      }
      const secret = `whsec_${randomBytes(24).toString('base64')}`;
      const id = await repo.addEndpoint(accountId, check.url.toString(), secret, now());
      return { id, url: check.url.toString(), secret };
    },

    async deleteEndpoint(accountId: number, endpointId: number) {
      if (!(await repo.deleteEndpoint(accountId, endpointId))) {
        throw new DomainError('not_found', 'No such webhook endpoint in your account');
      }
    },

    /** The account's newest deliveries: status, attempts, the receiver's answer. */
    async deliveries(accountId: number) {
      return (await repo.deliveries(accountId, DELIVERY_LOG_SIZE)).map((row) => ({
        id: row.id,
        url: row.url,
        alert: `${row.carrier_name ?? 'Carrier'} (USDOT ${row.dot_number}): ${alertText({
          kind: row.kind,
          event: row.event,
          subject: row.subject,
          valueBefore: row.value_before,
          valueAfter: row.value_after,
          day: row.day,
        })}`,
        status: row.status,
        attempts: row.attempts,
        response_status: row.response_status,
        last_error: row.last_error,
        created_at: row.created_at,
        delivered_at: row.delivered_at,
      }));
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;

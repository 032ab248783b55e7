/**
 * Webhook deliveries (Standard Webhooks): each alert queued for an account's endpoints is POSTed,
 * signed with the endpoint's whsec_ secret, from a durable queue that every instance's worker claims
 * from with SKIP LOCKED; failures are retried with doubling waits and a bounded number of attempts.
 */
import http from 'node:http';
import https from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { alertText, carrierProfileUrl } from '../../../core/alerts.ts';
import type { Db } from '../../db/database.ts';
import type { Dialect } from '../../db/migrate.ts';
import { createQueueWorker } from '../../queue-worker.ts';
import { createWebhookDeliveriesRepo, type ClaimedDelivery } from './repo.ts';
import { checkWebhookUrl, type AddressPolicy, type ResolvedAddress } from './webhook-address.ts';

/** How often the worker looks for due deliveries. */
const POLL_MS = 5000;
const BATCH = 20;
/** Longer than an attempt can last (REQUEST_TIMEOUT_MS), so only a dead worker loses its claim. */
const LEASE_MS = 60_000;
const REQUEST_TIMEOUT_MS = 15_000;
const RETRY_MAX_MS = 6 * 60 * 60_000;
/** A receiver's answer is read this far, then dropped: only its status counts. */
const MAX_RESPONSE_BYTES = 64 * 1024;

export interface WebhookPolicy {
  maxAttempts: number;
  /** The wait after the first failed attempt; it doubles with each further one. */
  retryBaseMs: number;
  /** Attempts per account and minute: one account's many alerts cannot hold up the others. */
  perAccountPerMinute: number;
}

export const DEFAULT_WEBHOOK_POLICY: WebhookPolicy = {
  maxAttempts: 8,
  retryBaseMs: 30_000,
  perAccountPerMinute: 120,
};

/** The JSON body of one alert's webhook: the same on every attempt. */
export function webhookPayload(delivery: ClaimedDelivery, appUrl: string): string {
  return JSON.stringify({
    type: 'carrier.alert',
    timestamp: delivery.created_at,
    data: {
      alert_id: delivery.alert_id,
      watchlist_id: delivery.watchlist_id,
      dot_number: delivery.dot_number,
      carrier_name: delivery.carrier_name,
      severity: delivery.severity,
      kind: delivery.kind,
      event: delivery.event,
      subject: delivery.subject,
      value_before: delivery.value_before,
      value_after: delivery.value_after,
      day: delivery.day,
      text: alertText({
        kind: delivery.kind,
        event: delivery.event,
        subject: delivery.subject,
        valueBefore: delivery.value_before,
        valueAfter: delivery.value_after,
        day: delivery.day,
      }),
      profile_url: carrierProfileUrl(appUrl, delivery.dot_number),
    },
  });
}

class ReceiverError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

/** POSTs to `url`, connecting to `address` only (the one checked), never following a redirect. */
export function postTo(
  url: URL,
  address: ResolvedAddress,
  headers: Record<string, string>,
  body: string,
): Promise<number> {
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        lookup: (_hostname, options, callback) => {
          if (options.all) callback(null, [{ address: address.address, family: address.family }]);
          else callback(null, address.address, address.family);
        },
      },
      (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_RESPONSE_BYTES) response.destroy();
        });
        response.on('close', () => resolve(response.statusCode ?? 0));
        response.on('error', () => resolve(response.statusCode ?? 0));
      },
    );
    request.setTimeout(REQUEST_TIMEOUT_MS, () =>
      request.destroy(new Error('the receiver did not answer in time')),
    );
    request.on('error', reject);
    request.end(body);
  });
}

export function createWebhookQueue(deps: {
  db: Db;
  dialect: Dialect;
  appUrl: string;
  addresses: AddressPolicy;
  policy?: WebhookPolicy;
  clock: () => Date;
  logger: FastifyBaseLogger;
}) {
  const { clock, logger } = deps;
  const policy = deps.policy ?? DEFAULT_WEBHOOK_POLICY;
  const repo = createWebhookDeliveriesRepo(deps.db, deps.dialect);
  const at = (ms: number) => new Date(clock().getTime() + ms).toISOString();

  async function attempt(delivery: ClaimedDelivery) {
    let status: number | null = null;
    try {
      // Checked again at each attempt: the name may resolve elsewhere since the endpoint was added.
      const check = await checkWebhookUrl(delivery.url, deps.addresses);
      if (!check.ok) throw new ReceiverError(check.detail, null);
      const body = webhookPayload(delivery, deps.appUrl);
      const sentAt = clock();
      const signature = new Webhook(delivery.secret).sign(delivery.message_id, sentAt, body);
      status = await postTo(
        check.url,
        check.address,
        {
          'content-type': 'application/json',
          'user-agent': 'CarrierPage-Webhooks/1',
          'webhook-id': delivery.message_id,
          'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
          'webhook-signature': signature,
        },
        body,
      );
      if (status < 200 || status > 299) throw new ReceiverError(`the receiver answered ${status}`, status);
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 300);
      if (delivery.attempts >= policy.maxAttempts) {
        await repo.markFailed(delivery.id, status, reason);
        logger.warn({ delivery_id: delivery.id, attempt: delivery.attempts }, 'webhook: failed for good');
      } else {
        const wait = Math.min(policy.retryBaseMs * 2 ** Math.max(0, delivery.attempts - 1), RETRY_MAX_MS);
        await repo.markRetry(delivery.id, at(wait), status, reason);
      }
      return;
    }
    await repo.markDelivered(delivery.id, status, clock().toISOString());
  }

  const worker = createQueueWorker({
    name: 'webhook',
    pollMs: POLL_MS,
    logger,
    claimDue: () => repo.claimDue(clock().toISOString(), at(LEASE_MS), BATCH, policy.perAccountPerMinute),
    release: (ids) => repo.release(ids),
    attempt,
  });

  return {
    /** Delivers what is due now and resolves when done (the poll and tests call it). */
    deliverDue: worker.wake,
    start: worker.start,
    stop: worker.stop,
  };
}

export type WebhookQueue = ReturnType<typeof createWebhookQueue>;

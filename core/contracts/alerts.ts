// A watcher's alerts (issue 54): e-mail settings, each list's secret feed URL, webhook endpoints and
// their delivery log. Every route needs a watcher's session or API key; making a feed URL or a webhook
// secret, which are shown once, needs the session.
import { z } from 'zod';
import { idParams } from '../input.ts';
import { NoContent, route } from './route.ts';

export const AlertSettings = z.object({ severe_email: z.boolean(), digest_email: z.boolean() });
export type AlertSettings = z.infer<typeof AlertSettings>;

export const AlertFeed = z.object({
  watchlist_id: z.number(),
  name: z.string(),
  /** When its current URL was made; null without a feed. The URL itself is shown once. */
  feed_created_at: z.string().nullable(),
});

export const FeedUrl = z.object({ url: z.string() });

export const WebhookEndpoint = z.object({ id: z.number(), url: z.string(), created_at: z.string() });
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

/** A new endpoint with its signing secret (whsec_…), in this answer only. */
export const NewWebhookEndpoint = z.object({ id: z.number(), url: z.string(), secret: z.string() });

export const WebhookEndpointBody = z.object({
  url: z.string().trim().min(1, 'must not be empty').max(2000, 'must be at most 2,000 characters'),
});

export const WebhookDelivery = z.object({
  id: z.number(),
  url: z.string(),
  alert: z.string(),
  status: z.enum(['queued', 'sending', 'delivered', 'failed']),
  attempts: z.number(),
  response_status: z.number().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

const WatchlistIdParams = idParams('watchlist id');
const EndpointIdParams = idParams('endpoint id');

export const alertContracts = {
  settings: route('GET', 'api', '/alerts/settings', {}, { 200: AlertSettings }),
  saveSettings: route('PUT', 'api', '/alerts/settings', { body: AlertSettings }, { 200: AlertSettings }),
  feeds: route('GET', 'api', '/alerts/feeds', {}, { 200: z.array(AlertFeed) }),
  makeFeed: route('POST', 'api', '/alerts/feeds/:id', { params: WatchlistIdParams }, { 201: FeedUrl }),
  revokeFeed: route('DELETE', 'api', '/alerts/feeds/:id', { params: WatchlistIdParams }, { 204: NoContent }),
  webhooks: route('GET', 'api', '/alerts/webhooks', {}, { 200: z.array(WebhookEndpoint) }),
  addWebhook: route(
    'POST',
    'api',
    '/alerts/webhooks',
    { body: WebhookEndpointBody },
    { 201: NewWebhookEndpoint },
  ),
  deleteWebhook: route(
    'DELETE',
    'api',
    '/alerts/webhooks/:id',
    { params: EndpointIdParams },
    { 204: NoContent },
  ),
  deliveries: route('GET', 'api', '/alerts/webhook-deliveries', {}, { 200: z.array(WebhookDelivery) }),
};

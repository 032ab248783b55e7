import { LoadingPage } from '../../components/LoadingPage.tsx';
import { Link, useFetcher } from 'react-router';
import { watcherApi } from '../../lib/api-client.ts';
import { readAsWatcher } from '../../lib/watcher-pages.ts';
import { pageTitle } from '../../../core/site.ts';
import { IntentError } from '../../components/IntentError.tsx';
import { refusalDetailText } from '../../lib/refusal-texts.ts';
import type { Route } from './+types/settings.ts';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Alert settings') },
  { name: 'robots', content: 'noindex' },
];

/** The account's alert settings, feeds, webhook endpoints and their delivery log, read in the browser. */
export async function clientLoader() {
  return readAsWatcher(async () => {
    const [settings, feeds, webhooks, deliveries] = await Promise.all([
      watcherApi.alerts.settings(),
      watcherApi.alerts.feeds(),
      watcherApi.alerts.webhooks(),
      watcherApi.alerts.deliveries(),
    ]);
    return { settings, feeds, webhooks, deliveries };
  });
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPage />;
}

type ActionResult =
  | { intent: 'make-feed'; url: string; name: string }
  | { intent: 'add-webhook'; secret: string; url: string }
  | { intent: string; error: string }
  | { intent: string; done: true };

export async function clientAction({ request }: Route.ClientActionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const intent = String(form.get('intent'));
  const id = String(form.get('id') ?? '');
  try {
    switch (intent) {
      case 'save-settings':
        await watcherApi.alerts.saveSettings({
          body: {
            severe_email: form.get('severe_email') === 'on',
            digest_email: form.get('digest_email') === 'on',
          },
        });
        return { intent, done: true };
      case 'make-feed': {
        const { url } = await watcherApi.alerts.makeFeed({ params: { id } });
        return { intent, url, name: String(form.get('name') ?? '') };
      }
      case 'revoke-feed':
        await watcherApi.alerts.revokeFeed({ params: { id } });
        return { intent, done: true };
      case 'add-webhook': {
        const made = await watcherApi.alerts.addWebhook({ body: { url: String(form.get('url') ?? '') } });
        return { intent, secret: made.secret, url: made.url };
      }
      case 'delete-webhook':
        await watcherApi.alerts.deleteWebhook({ params: { id } });
        return { intent, done: true };
      default:
        return { intent, error: 'Unknown action' };
    }
  } catch (error) {
    return { intent, error: refusalDetailText(error) };
  }
}

const when = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : '—');

const STATUS_WORDS = {
  queued: 'Waiting to retry',
  sending: 'Sending',
  delivered: 'Delivered',
  failed: 'Failed',
};

export default function AlertSettings({ loaderData }: Route.ComponentProps) {
  const { settings, feeds, webhooks, deliveries } = loaderData;
  const fetcher = useFetcher<typeof clientAction>();
  const result = fetcher.state === 'idle' ? (fetcher.data as ActionResult | undefined) : undefined;
  const busy = fetcher.state !== 'idle';

  return (
    <section className="page">
      <p>
        <Link to="/account">Your watchlists</Link>
      </p>
      <h1>Alert settings</h1>

      <section className="card" aria-labelledby="email-heading">
        <h2 id="email-heading">E-mails</h2>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="save-settings" />
          <div className="form-field form-field--checkbox">
            <input
              id="severe-email"
              type="checkbox"
              name="severe_email"
              defaultChecked={settings.severe_email}
            />
            <label htmlFor="severe-email">
              Alert e-mails at once: authority revoked or suspended, insurance cancelled, out-of-service
              orders, USDOT number inactive
            </label>
          </div>
          <div className="form-field form-field--checkbox">
            <input
              id="digest-email"
              type="checkbox"
              name="digest_email"
              defaultChecked={settings.digest_email}
            />
            <label htmlFor="digest-email">A daily digest of every other change</label>
          </div>
          <button type="submit" className="button button--primary" disabled={busy}>
            Save E-mail Settings
          </button>
        </fetcher.Form>
        {result && result.intent === 'save-settings' && 'done' in result ? (
          <p className="alert alert--success" role="status">
            E-mail settings saved.
          </p>
        ) : null}
        <IntentError result={result} intent="save-settings" />
      </section>

      <section className="card" aria-labelledby="feeds-heading">
        <h2 id="feeds-heading">Atom feeds</h2>
        <p>
          Each watchlist can have a feed of its alerts at a secret address, for a feed reader or your own
          software. Anyone with the address can read the feed: make a new one if it leaked.
        </p>
        {result && 'url' in result && result.intent === 'make-feed' ? (
          <div className="alert alert--success" role="status">
            <p>The feed of {result.name}. Copy its address now: it is shown only this once.</p>
            <p>
              <code data-testid="feed-url">{result.url}</code>
            </p>
          </div>
        ) : null}
        {feeds.length === 0 ? (
          <p>No watchlists yet.</p>
        ) : (
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Watchlist</th>
                <th scope="col">Feed</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {feeds.map((feed) => (
                <tr key={feed.watchlist_id}>
                  <td>{feed.name}</td>
                  <td>{feed.feed_created_at ? `Made ${when(feed.feed_created_at)}` : 'None'}</td>
                  <td>
                    <fetcher.Form method="post" className="inline-form">
                      <input type="hidden" name="id" value={feed.watchlist_id} />
                      <input type="hidden" name="name" value={feed.name} />
                      <button
                        type="submit"
                        name="intent"
                        value="make-feed"
                        className="button button--secondary button--small"
                        aria-label={`${feed.feed_created_at ? 'New Address' : 'Make Feed'} for ${feed.name}`}
                        disabled={busy}
                      >
                        {feed.feed_created_at ? 'New Address' : 'Make Feed'}
                      </button>
                      {feed.feed_created_at ? (
                        <button
                          type="submit"
                          name="intent"
                          value="revoke-feed"
                          className="button button--danger button--small"
                          aria-label={`Revoke the feed of ${feed.name}`}
                          disabled={busy}
                        >
                          Revoke
                        </button>
                      ) : null}
                    </fetcher.Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <IntentError result={result} intent="make-feed" />
        <IntentError result={result} intent="revoke-feed" />
      </section>

      <section className="card" aria-labelledby="webhooks-heading">
        <h2 id="webhooks-heading">Webhooks</h2>
        <p>
          Every alert is POSTed as JSON to your endpoints, signed as Standard Webhooks specifies (webhook-id,
          webhook-timestamp, webhook-signature). Endpoints must be https addresses on the public internet.
        </p>
        {result && 'secret' in result ? (
          <div className="alert alert--success" role="status">
            <p>Endpoint {result.url} added. Copy its signing secret now: it is shown only this once.</p>
            <p>
              <code data-testid="webhook-secret">{result.secret}</code>
            </p>
          </div>
        ) : null}
        {webhooks.length > 0 ? (
          <ul>
            {webhooks.map((endpoint) => (
              <li key={endpoint.id}>
                <code>{endpoint.url}</code>{' '}
                <fetcher.Form method="post" className="inline-form">
                  <input type="hidden" name="intent" value="delete-webhook" />
                  <input type="hidden" name="id" value={endpoint.id} />
                  <button
                    type="submit"
                    className="button button--danger button--small"
                    aria-label={`Delete endpoint ${endpoint.url}`}
                    disabled={busy}
                  >
                    Delete
                  </button>
                </fetcher.Form>
              </li>
            ))}
          </ul>
        ) : null}
        <fetcher.Form method="post" className="inline-form">
          <input type="hidden" name="intent" value="add-webhook" />
          <div className="form-field">
            <label htmlFor="webhook-url">Endpoint URL</label>
            <input id="webhook-url" name="url" type="url" required maxLength={2000} disabled={busy} />
          </div>
          <button type="submit" className="button button--primary" disabled={busy}>
            Add Endpoint
          </button>
        </fetcher.Form>
        <IntentError result={result} intent="add-webhook" />
        <IntentError result={result} intent="delete-webhook" />

        <h3>Deliveries</h3>
        {deliveries.length === 0 ? (
          <p>No deliveries yet.</p>
        ) : (
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Alert</th>
                <th scope="col">Endpoint</th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
                <th scope="col">Answer</th>
                <th scope="col">Queued</th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((delivery) => (
                <tr key={delivery.id}>
                  <td>{delivery.alert}</td>
                  <td>
                    <code>{delivery.url}</code>
                  </td>
                  <td>{STATUS_WORDS[delivery.status]}</td>
                  <td>{delivery.attempts}</td>
                  <td>{delivery.response_status ?? delivery.last_error ?? '—'}</td>
                  <td>{when(delivery.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </section>
  );
}

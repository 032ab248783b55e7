import { LoadingPage } from '../../components/LoadingPage.tsx';
import { useState } from 'react';
import { Link, redirect, useFetcher, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { watcherApi } from '../../lib/api-client.ts';
import { LOGOUT_PATH } from '../../lib/session.ts';
import { readAsWatcher } from '../../lib/watcher-pages.ts';
import { clearWatcherToken, readWatcherToken } from '../../lib/watcher-session.ts';
import { pageTitle } from '../../../core/site.ts';
import { IntentError } from '../../components/IntentError.tsx';
import { refusalDetailText } from '../../lib/refusal-texts.ts';
import type { Route } from './+types/account.ts';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Your watchlists') },
  { name: 'robots', content: 'noindex' },
];

export async function clientLoader() {
  return readAsWatcher(() => watcherApi.watchers.account());
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPage />;
}

type ActionResult =
  | { intent: 'create-key'; key: string; name: string }
  | { intent: string; error: string }
  | { intent: string; done: true };

export async function clientAction({ request }: Route.ClientActionArgs): Promise<ActionResult | Response> {
  const form = await request.formData();
  const intent = String(form.get('intent'));
  const name = String(form.get('name') ?? '');
  try {
    switch (intent) {
      case 'create-list': {
        const list = await watcherApi.watchers.createWatchlist({ body: { name } });
        return redirect(`/watchlists/${list.id}`);
      }
      case 'create-key': {
        const made = await watcherApi.watchers.createKey({ body: { name } });
        return { intent, key: made.key, name: made.name };
      }
      case 'revoke-key':
        await watcherApi.watchers.revokeKey({ params: { id: String(form.get('id')) } });
        return { intent, done: true };
      case 'delete-account':
        await watcherApi.watchers.deleteAccount();
        clearWatcherToken();
        return redirect('/');
      default:
        return { intent, error: 'Unknown action' };
    }
  } catch (error) {
    return { intent, error: refusalDetailText(error) };
  }
}

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : 'Never');

export default function WatcherAccount({ loaderData: account }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof clientAction>();
  const navigate = useNavigate();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const result = fetcher.state === 'idle' ? (fetcher.data as ActionResult | undefined) : undefined;
  const busy = fetcher.state !== 'idle';

  async function signOut() {
    const token = readWatcherToken();
    clearWatcherToken();
    if (token) {
      await fetch(LOGOUT_PATH, { method: 'POST', headers: { Authorization: `Bearer ${token}` } }).catch(
        () => undefined,
      );
    }
    await navigate('/');
  }

  return (
    <section className="page">
      <h1>Your watchlists</h1>
      <p>
        Signed in as <strong>{account.email}</strong>.{' '}
        <button type="button" className="link-button" onClick={() => void signOut()}>
          Sign out
        </button>
      </p>
      <p>
        <Link to="/account/alerts">Alert settings</Link>: e-mails, feeds and webhooks.
      </p>

      <section className="card" aria-labelledby="lists-heading">
        <h2 id="lists-heading">Watchlists</h2>
        {account.watchlists.length === 0 ? (
          <p>No watchlists yet. Make one, then add carriers by DOT or MC number.</p>
        ) : (
          <ul>
            {account.watchlists.map((list) => (
              <li key={list.id}>
                <Link to={`/watchlists/${list.id}`}>{list.name}</Link> (
                {list.carrier_count.toLocaleString('en-US')}{' '}
                {list.carrier_count === 1 ? 'carrier' : 'carriers'})
              </li>
            ))}
          </ul>
        )}
        <fetcher.Form method="post" className="inline-form">
          <input type="hidden" name="intent" value="create-list" />
          <div className="form-field">
            <label htmlFor="new-list-name">New watchlist name</label>
            <input id="new-list-name" name="name" required maxLength={100} disabled={busy} />
          </div>
          <button type="submit" className="button button--primary" disabled={busy}>
            Create Watchlist
          </button>
        </fetcher.Form>
        <IntentError result={result} intent="create-list" />
      </section>

      <section className="card" aria-labelledby="keys-heading">
        <h2 id="keys-heading">API keys</h2>
        <p>
          Keys let your own software look up carriers and keep watchlists through the{' '}
          <a href="/api/docs">API</a>: send one as <code>Authorization: Bearer &lt;key&gt;</code>.
        </p>
        {result && 'key' in result ? (
          <div className="alert alert--success" role="status">
            <p>Your new key "{result.name}". Copy it now: it is shown only this once.</p>
            <p>
              <code data-testid="new-api-key">{result.key}</code>
            </p>
          </div>
        ) : null}
        {account.api_keys.length > 0 ? (
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Key starts</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {account.api_keys.map((key) => (
                <tr key={key.id}>
                  <td>{key.name}</td>
                  <td>
                    <code>{key.prefix}…</code>
                  </td>
                  <td>{day(key.created_at)}</td>
                  <td>{day(key.last_used_at)}</td>
                  <td>
                    {key.revoked_at ? (
                      `Revoked ${day(key.revoked_at)}`
                    ) : (
                      <fetcher.Form method="post">
                        <input type="hidden" name="intent" value="revoke-key" />
                        <input type="hidden" name="id" value={key.id} />
                        <button
                          type="submit"
                          className="button button--danger button--small"
                          aria-label={`Revoke key ${key.name}`}
                          disabled={busy}
                        >
                          Revoke
                        </button>
                      </fetcher.Form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        <fetcher.Form method="post" className="inline-form">
          <input type="hidden" name="intent" value="create-key" />
          <div className="form-field">
            <label htmlFor="new-key-name">New key name</label>
            <input id="new-key-name" name="name" required maxLength={100} disabled={busy} />
          </div>
          <button type="submit" className="button button--primary" disabled={busy}>
            Create API Key
          </button>
        </fetcher.Form>
        <IntentError result={result} intent="create-key" />
        <IntentError result={result} intent="revoke-key" />
      </section>

      <section className="card" aria-labelledby="delete-heading">
        <h2 id="delete-heading">Delete account</h2>
        <p>Deletes your watcher account with all its watchlists and API keys. This cannot be undone.</p>
        <button
          type="button"
          className="button button--danger"
          disabled={busy}
          onClick={() => setConfirmingDelete(true)}
        >
          Delete Account
        </button>
        <IntentError result={result} intent="delete-account" />
        <ConfirmDialog
          open={confirmingDelete}
          title="Delete your watcher account?"
          message="Your watchlists and API keys are deleted with it."
          confirmLabel="Delete"
          danger
          onCancel={() => setConfirmingDelete(false)}
          onConfirm={() => {
            setConfirmingDelete(false);
            void fetcher.submit({ intent: 'delete-account' }, { method: 'post' });
          }}
        />
      </section>
    </section>
  );
}

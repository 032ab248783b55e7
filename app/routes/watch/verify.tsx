import { Link } from 'react-router';
import { watcherApi } from '../../lib/api-client.ts';
import { storeWatcherToken } from '../../lib/watcher-session.ts';
import { pageTitle } from '../../../core/site.ts';
import type { Route } from './+types/verify.ts';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Sign in') },
  { name: 'robots', content: 'noindex' },
];

/** Spends the link in the browser only: a link preview fetching the page must not spend it. */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  try {
    const { access_token: token } = await watcherApi.watchers.verify({ params: { token: params.token } });
    storeWatcherToken(token);
    return { signedIn: true };
  } catch {
    return { signedIn: false };
  }
}

/** A link works once: its answer is never read again. */
export const shouldRevalidate = () => false;

export function HydrateFallback() {
  return (
    <section className="page page--narrow card-page centered">
      <h1>Signing in...</h1>
      <p role="status">Checking your link.</p>
    </section>
  );
}

export default function WatcherVerify({ loaderData }: Route.ComponentProps) {
  if (!loaderData.signedIn) {
    return (
      <section className="page page--narrow card-page centered">
        <h1>Sign-in Failed</h1>
        <p role="alert">Invalid or expired sign-in link. Please ask for a new one.</p>
        <Link to="/watch/sign-in" className="button button--primary">
          Get a New Link
        </Link>
      </section>
    );
  }
  return (
    <section className="page page--narrow card-page centered">
      <h1>You are signed in</h1>
      <p role="status">You can now keep watchlists of carriers and make API keys.</p>
      <Link to="/account" className="button button--primary">
        Go to Your Watchlists
      </Link>
    </section>
  );
}

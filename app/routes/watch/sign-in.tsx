import { Link, useFetcher } from 'react-router';
import { ApiError, watcherApi } from '../../lib/api-client.ts';
import { pageTitle } from '../../../core/site.ts';
import type { Route } from './+types/sign-in.ts';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Sign in to watch carriers') },
  { name: 'robots', content: 'noindex' },
];

type SignInResult = { step: 'sent'; email: string } | { step: 'error'; message: string };

/** Asks for a sign-in link; the server answers the same for a new address and a known one. */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<SignInResult> {
  const email = String((await request.formData()).get('email') ?? '').trim();
  if (!email) return { step: 'error', message: 'Please enter your email address' };
  try {
    await watcherApi.watchers.signIn({ body: { email } });
    return { step: 'sent', email };
  } catch (error) {
    return {
      step: 'error',
      message:
        error instanceof ApiError && error.detail
          ? error.detail.replace(/^email: /, '')
          : 'The link could not be sent. Please try again later.',
    };
  }
}

export default function WatcherSignIn() {
  const fetcher = useFetcher<typeof clientAction>();
  const sending = fetcher.state !== 'idle';
  const state = sending ? null : fetcher.data;

  if (state?.step === 'sent') {
    return (
      <section className="page page--narrow card-page">
        <h1>Check your e-mail</h1>
        <p role="status">
          If {state.email} can receive mail, a sign-in link is on its way. It works once and expires in 15
          minutes.
        </p>
        <Link to="/" className="button button--secondary">
          Back to Home
        </Link>
      </section>
    );
  }

  return (
    <section className="page page--narrow card-page">
      <h1>Watch carriers</h1>
      <p>
        Brokers and shippers: keep lists of the carriers you book and see each one's authority, insurance and
        latest change in one place, or look them up through the API. There is no password: we e-mail you a
        link, and the first one makes your watcher account.
      </p>
      <p className="muted">
        Carrier owners log in on the <Link to="/login">owner login</Link> page; the same address can have
        both.
      </p>
      <fetcher.Form method="post" noValidate>
        <div className="form-field">
          <label htmlFor="watch-email">Email address</label>
          <input id="watch-email" type="email" name="email" autoComplete="email" disabled={sending} />
        </div>
        {state?.step === 'error' ? (
          <p className="alert alert--error" role="alert">
            {state.message}
          </p>
        ) : null}
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={sending}>
            {sending ? 'Sending...' : 'Send Sign-in Link'}
          </button>
        </div>
      </fetcher.Form>
    </section>
  );
}

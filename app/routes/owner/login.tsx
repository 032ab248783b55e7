import { Link, useFetcher } from 'react-router';
import { ApiError, api } from '../../lib/api-client.ts';
import { pageTitle } from '../../../core/site.ts';
import type { Route } from './+types/login.ts';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Login') },
  { name: 'robots', content: 'noindex' },
];

const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type LoginResult = { step: 'sent'; email: string } | { step: 'error'; message: string };

/** 'Send Login Link': the address is checked here, then the API mails the link (owner-side 2.4). */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<LoginResult> {
  const address = String((await request.formData()).get('email') ?? '').trim();
  if (!address) return { step: 'error', message: 'Please enter your email address' };
  if (!EMAIL_FORMAT.test(address)) return { step: 'error', message: 'Please enter a valid email address' };
  try {
    await api.auth.userLogin({ body: { email: address } });
    return { step: 'sent', email: address };
  } catch (error) {
    return {
      step: 'error',
      message:
        error instanceof ApiError && error.code === 'not_found'
          ? 'No user found with this email address or your account is inactive.'
          : 'An error occurred while trying to log in. Please try again later.',
    };
  }
}

export default function LoginRoute() {
  const fetcher = useFetcher<typeof clientAction>();
  const sending = fetcher.state !== 'idle';
  const state = sending ? null : fetcher.data;

  if (state?.step === 'sent') {
    return (
      <section className="page page--narrow card-page">
        <h1>Check your e-mail</h1>
        <p role="status">We sent a login link to {state.email}. It works once and expires in 15 minutes.</p>
        <Link to="/" className="button button--secondary">
          Back to Home
        </Link>
      </section>
    );
  }

  return (
    <section className="page page--narrow card-page">
      <h1>Login</h1>
      <p>There is no password: we e-mail you a link that logs you in.</p>
      <fetcher.Form method="post" noValidate>
        <div className="form-field">
          <label htmlFor="login-email">Email address</label>
          <input id="login-email" type="email" name="email" autoComplete="email" disabled={sending} />
        </div>
        {state?.step === 'error' ? (
          <p className="alert alert--error" role="alert">
            {state.message}
          </p>
        ) : null}
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={sending}>
            {sending ? 'Sending...' : 'Send Login Link'}
          </button>
          <Link to="/" className="button button--secondary">
            Cancel
          </Link>
        </div>
      </fetcher.Form>
    </section>
  );
}

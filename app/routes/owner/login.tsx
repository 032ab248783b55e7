import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ApiError, apiRequest } from '../../lib/api-client';
import { pageTitle } from '../../../core/site';
import type { Route } from './+types/login';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Login') },
  { name: 'robots', content: 'noindex' },
];

const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type LoginState =
  { step: 'idle' | 'sending' } | { step: 'sent'; email: string } | { step: 'error'; message: string };

export default function LoginRoute() {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<LoginState>({ step: 'idle' });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    if (!address) return setState({ step: 'error', message: 'Please enter your email address' });
    if (!EMAIL_FORMAT.test(address))
      return setState({ step: 'error', message: 'Please enter a valid email address' });
    setState({ step: 'sending' });
    try {
      await apiRequest('/api/v1/auth/user-login', {
        method: 'POST',
        body: JSON.stringify({ email: address }),
      });
      setState({ step: 'sent', email: address });
    } catch (error) {
      setState({
        step: 'error',
        message:
          error instanceof ApiError && error.code === 'not_found'
            ? 'No user found with this email address or your account is inactive.'
            : 'An error occurred while trying to log in. Please try again later.',
      });
    }
  }

  if (state.step === 'sent') {
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
      <form onSubmit={(event) => void submit(event)} noValidate>
        <div className="form-field">
          <label htmlFor="login-email">Email address</label>
          <input
            id="login-email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            disabled={state.step === 'sending'}
          />
        </div>
        {state.step === 'error' ? (
          <p className="alert alert--error" role="alert">
            {state.message}
          </p>
        ) : null}
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={state.step === 'sending'}>
            {state.step === 'sending' ? 'Sending...' : 'Send Login Link'}
          </button>
          <Link to="/" className="button button--secondary">
            Cancel
          </Link>
        </div>
      </form>
    </section>
  );
}

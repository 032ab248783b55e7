import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { apiRequest } from '../../lib/api-client';
import { decodeSessionToken } from '../../lib/session';
import { pageTitle } from '../../../core/site';
import { useSession } from '../../lib/use-session';
import type { Route } from './+types/verify';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Verification') },
  { name: 'robots', content: 'noindex' },
];

/** The three verification screens share this one; the path says which kind of link it is. */
const KINDS = {
  'verify-claim': {
    api: 'verify-claim',
    success: 'Your profile has been successfully claimed. You can now customize it and add your content.',
  },
  'verify-login': { api: 'verify-login', success: 'You have been successfully logged in.' },
  'verify-user-login': {
    api: 'verify-user-login',
    success: 'You have been successfully logged in as a user.',
  },
} as const;

type VerifyState = { step: 'verifying' } | { step: 'done'; dotNumber: string } | { step: 'failed' };

export default function VerifyRoute() {
  const { token = '' } = useParams();
  const kind = useLocation().pathname.split('/')[1] as keyof typeof KINDS;
  const { login } = useSession();
  const [state, setState] = useState<VerifyState>({ step: 'verifying' });

  // The token is used in the browser only, after hydration: a link preview fetching the page must not spend it.
  useEffect(() => {
    let cancelled = false;
    apiRequest<{ access_token: string }>(`/api/v1/auth/${KINDS[kind].api}/${encodeURIComponent(token)}`)
      .then(({ access_token: accessToken }) => {
        if (cancelled) return;
        login(accessToken);
        setState({ step: 'done', dotNumber: decodeSessionToken(accessToken)?.dotNumber ?? '' });
      })
      .catch(() => {
        if (!cancelled) setState({ step: 'failed' });
      });
    return () => {
      cancelled = true;
    };
  }, [kind, token, login]);

  if (state.step === 'verifying') {
    return (
      <section className="page page--narrow card-page centered">
        <h1>Verifying...</h1>
        <p role="status">Checking your link.</p>
      </section>
    );
  }
  if (state.step === 'failed') {
    return (
      <section className="page page--narrow card-page centered">
        <h1>Verification Failed</h1>
        <p role="alert">Invalid or expired verification link. Please try again.</p>
        <Link to="/" className="button button--primary">
          Back to Home
        </Link>
      </section>
    );
  }
  return (
    <section className="page page--narrow card-page centered">
      <h1>Verification Successful!</h1>
      <p role="status">{KINDS[kind].success}</p>
      <Link to={`/profile/${state.dotNumber}/edit`} className="button button--primary">
        Edit Your Profile
      </Link>
    </section>
  );
}

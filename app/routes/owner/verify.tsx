import { Link } from 'react-router';
import { api } from '../../lib/api-client.ts';
import { decodeSessionToken, storeSessionToken } from '../../lib/session.ts';
import { pageTitle } from '../../../core/site.ts';
import type { Route } from './+types/verify.ts';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Verification') },
  { name: 'robots', content: 'noindex' },
];

/** The three verification screens share this one; the path says which kind of link it is. */
const KINDS = {
  'verify-claim': {
    verify: api.auth.verifyClaim,
    success: 'Your profile has been successfully claimed. You can now customize it and add your content.',
  },
  'verify-login': { verify: api.auth.verifyLogin, success: 'You have been successfully logged in.' },
  'verify-user-login': {
    verify: api.auth.verifyUserLogin,
    success: 'You have been successfully logged in as a user.',
  },
};

type VerificationKind = keyof typeof KINDS;
const isVerificationKind = (name: string): name is VerificationKind => Object.hasOwn(KINDS, name);

type VerifyResult = { step: 'done'; kind: VerificationKind; dotNumber: number } | { step: 'failed' };

/**
 * Spends the link's token, in the browser only: a link preview fetching the page must not spend it.
 * A good token logs the user in (stored like any login, app/lib/session.ts).
 */
export async function clientLoader({ request, params }: Route.ClientLoaderArgs): Promise<VerifyResult> {
  const kind = new URL(request.url).pathname.split('/')[1] ?? '';
  if (!isVerificationKind(kind)) return { step: 'failed' };
  try {
    const { access_token: accessToken } = await KINDS[kind].verify({ params: { token: params.token } });
    storeSessionToken(accessToken);
    return { step: 'done', kind, dotNumber: decodeSessionToken(accessToken)?.dotNumber ?? 0 };
  } catch {
    return { step: 'failed' };
  }
}

/** A token works once: the answer is never read again, whatever else happens on the page. */
export const shouldRevalidate = () => false;

export function HydrateFallback() {
  return (
    <section className="page page--narrow card-page centered">
      <h1>Verifying...</h1>
      <p role="status">Checking your link.</p>
    </section>
  );
}

export default function VerifyRoute({ loaderData: state }: Route.ComponentProps) {
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
      <p role="status">{KINDS[state.kind].success}</p>
      <Link to={`/profile/${state.dotNumber}/edit`} className="button button--primary">
        Edit Your Profile
      </Link>
    </section>
  );
}

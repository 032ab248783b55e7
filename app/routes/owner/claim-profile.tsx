import { useState } from 'react';
import { data, Link } from 'react-router';
import { apiRequest } from '../../lib/api-client';
import { dotNumberParam } from '../../lib/company';
import { claimFailureText } from '../../lib/refusal-texts';
import { pageTitle } from '../../../core/site';
import type { Route } from './+types/claim-profile';

export async function loader({ params, context }: Route.LoaderArgs) {
  const dot = dotNumberParam(params.dotNumber);
  const profile = dot > 0 ? await context.services.profiles.profile(dot) : null;
  const company = profile
    ? { name: profile.company.name, dot: profile.company.dot_number, claimed: profile.company.claimed }
    : null;
  return data({ dotText: params.dotNumber, company }, { status: company ? 200 : 404 });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData?.company ? `Claim ${loaderData.company.name}` : 'Claim Profile') },
  { name: 'robots', content: 'noindex' },
];

type ClaimState =
  { step: 'idle' | 'sending' } | { step: 'sent'; email: string } | { step: 'error'; message: string };

export default function ClaimProfileRoute({ loaderData }: Route.ComponentProps) {
  const { company, dotText } = loaderData;
  const [state, setState] = useState<ClaimState>({ step: 'idle' });
  const profilePath = `/profile/${dotText}`;

  async function sendVerification() {
    setState({ step: 'sending' });
    try {
      const result = await apiRequest<{ email: string }>(
        `/api/v1/auth/claim-profile/${encodeURIComponent(dotText)}`,
        {
          method: 'POST',
        },
      );
      setState({ step: 'sent', email: result.email });
    } catch (error) {
      setState({
        step: 'error',
        message: claimFailureText(error, dotText),
      });
    }
  }

  if (state.step === 'sent') {
    return (
      <section className="page page--narrow card-page">
        <h1>Check your e-mail</h1>
        <p role="status">
          We sent a verification link to {state.email}, the e-mail address on this carrier&apos;s FMCSA
          record. Open it within 15 minutes to finish claiming the profile.
        </p>
        <Link to={profilePath} className="button button--primary">
          Back to Profile
        </Link>
      </section>
    );
  }

  return (
    <section className="page page--narrow card-page">
      <h1>Claim {company ? company.name : `DOT ${dotText}`}</h1>
      <p>
        To prove this is your company, we e-mail a verification link to the address listed with USDOT{' '}
        {dotText} in the FMCSA records. Only someone who can read that mailbox can claim the profile, and only
        one account is allowed per DOT number.
      </p>
      {state.step === 'error' ? (
        <p className="alert alert--error" role="alert">
          {state.message}
        </p>
      ) : null}
      <div className="button-row">
        <button
          type="button"
          className="button button--primary"
          onClick={() => void sendVerification()}
          disabled={state.step === 'sending'}
        >
          {state.step === 'sending' ? 'Sending...' : 'Send Verification Email'}
        </button>
        <Link to={profilePath} className="button button--secondary">
          Cancel
        </Link>
      </div>
    </section>
  );
}

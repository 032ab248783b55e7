import { data, Link, useFetcher, type ShouldRevalidateFunction } from 'react-router';
import { api } from '../../lib/api-client.ts';
import { dotNumberParam } from '../../lib/company.ts';
import { claimFailureText } from '../../lib/refusal-texts.ts';
import { pageTitle } from '../../../core/site.ts';
import type { Route } from './+types/claim-profile.ts';

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

type ClaimResult = { step: 'sent'; email: string } | { step: 'error'; message: string };

/** 'Send Verification Email': the API mails the link to the carrier's FMCSA address. */
export async function clientAction({ params }: Route.ClientActionArgs): Promise<ClaimResult> {
  try {
    const { email } = await api.auth.claimProfile({ params: { dotNumber: params.dotNumber } });
    return { step: 'sent', email };
  } catch (error) {
    return { step: 'error', message: claimFailureText(error, params.dotNumber) };
  }
}

/** Sending the e-mail changes nothing the page shows from its loader: it is not read again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? false : defaultShouldRevalidate;

export default function ClaimProfileRoute({ loaderData }: Route.ComponentProps) {
  const { company, dotText } = loaderData;
  const fetcher = useFetcher<typeof clientAction>();
  const sending = fetcher.state !== 'idle';
  const state = sending ? null : fetcher.data;
  const profilePath = `/profile/${dotText}`;

  if (state?.step === 'sent') {
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
      {state?.step === 'error' ? (
        <p className="alert alert--error" role="alert">
          {state.message}
        </p>
      ) : null}
      <fetcher.Form method="post" className="button-row">
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? 'Sending...' : 'Send Verification Email'}
        </button>
        <Link to={profilePath} className="button button--secondary">
          Cancel
        </Link>
      </fetcher.Form>
    </section>
  );
}

import { useEffect } from 'react';
import { Link, useFetcher } from 'react-router';
import { ToastMessage } from '../../components/ToastMessage.tsx';
import { api } from '../../lib/api-client.ts';
import { LOAD_NUMBER_MAX_LENGTH } from '../../../core/ratings.ts';
import { pageTitle } from '../../../core/site.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useRedirectAfterSuccess } from '../../lib/use-redirect-after.ts';
import { useSession } from '../../lib/use-session.ts';
import { useToast } from '../../lib/use-toast.ts';
import { ratingRequestFailureText } from '../../lib/refusal-texts.ts';
import type { Route } from './+types/request-rating.ts';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Request a Rating') },
  { name: 'robots', content: 'noindex' },
];

type RequestResult = { sent: true } | { sent: false; message: string };

/** 'Send Request': the API mails the reviewer a rating link for the load. */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<RequestResult> {
  const form = await request.formData();
  const field = (name: string) => String(form.get(name) ?? '').trim();
  try {
    await api.ratings.request({
      body: { reviewer_email: field('reviewer_email'), load_number: field('load_number') },
    });
    return { sent: true };
  } catch (error) {
    return { sent: false, message: ratingRequestFailureText(error) };
  }
}

function RequestForm() {
  const [toast, showToast] = useToast();
  const fetcher = useFetcher<typeof clientAction>();
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const sent = result?.sent === true;
  const editable = fetcher.state === 'idle' && !sent;
  useRedirectAfterSuccess(sent ? '/' : null);
  useEffect(() => {
    if (!result) return;
    showToast(
      result.sent
        ? { kind: 'success', text: 'Rating request sent successfully!' }
        : { kind: 'error', text: result.message },
    );
  }, [result, showToast]);

  return (
    <fetcher.Form method="post">
      <div className="form-field">
        <label htmlFor="reviewer-email">Reviewer Email</label>
        <input
          id="reviewer-email"
          name="reviewer_email"
          type="email"
          required
          autoComplete="off"
          disabled={!editable}
        />
      </div>
      <div className="form-field">
        <label htmlFor="load-number">Load Number</label>
        <input
          id="load-number"
          name="load_number"
          required
          maxLength={LOAD_NUMBER_MAX_LENGTH}
          disabled={!editable}
        />
      </div>
      <p className="muted">
        The reviewer will be emailed a link to rate your on-time performance, communication and service
        quality for this load.
      </p>
      <ToastMessage toast={toast} />
      <button type="submit" className="button button--primary" disabled={!editable}>
        Send Request
      </button>
    </fetcher.Form>
  );
}

/** Request a Rating: for logged-in users; visitors are asked to log in first. */
export default function RequestRatingRoute() {
  const hydrated = useHydrated();
  const { user } = useSession();

  return (
    <section className="page page--narrow card-page">
      <h1>Request a Rating</h1>
      {!hydrated ? (
        <p role="status" className="spinner">
          Loading...
        </p>
      ) : user ? (
        <RequestForm />
      ) : (
        <>
          <p>Log in to ask the shippers and brokers you haul for to rate your service.</p>
          <Link to="/login" className="button button--primary">
            Login
          </Link>
        </>
      )}
    </section>
  );
}

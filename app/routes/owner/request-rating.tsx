import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ToastMessage } from '../../components/ToastMessage';
import { apiRequest } from '../../lib/api-client';
import { LOAD_NUMBER_MAX_LENGTH } from '../../../core/ratings';
import { pageTitle } from '../../../core/site';
import { useHydrated } from '../../lib/use-hydrated';
import { useRedirectAfterSuccess } from '../../lib/use-redirect-after';
import { useSession } from '../../lib/use-session';
import { useToast } from '../../lib/use-toast';
import { ratingRequestFailureText } from '../../lib/refusal-texts';
import type { Route } from './+types/request-rating';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Request a Rating') },
  { name: 'robots', content: 'noindex' },
];

function RequestForm() {
  const [toast, showToast] = useToast();
  const [reviewerEmail, setReviewerEmail] = useState('');
  const [loadNumber, setLoadNumber] = useState('');
  const [step, setStep] = useState<'editing' | 'sending' | 'sent'>('editing');
  useRedirectAfterSuccess(step === 'sent' ? '/' : null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setStep('sending');
    try {
      await apiRequest('/api/v1/ratings/request', {
        method: 'POST',
        body: JSON.stringify({ reviewer_email: reviewerEmail.trim(), load_number: loadNumber.trim() }),
      });
      setStep('sent');
      showToast({ kind: 'success', text: 'Rating request sent successfully!' });
    } catch (error) {
      setStep('editing');
      showToast({ kind: 'error', text: ratingRequestFailureText(error) });
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)}>
      <div className="form-field">
        <label htmlFor="reviewer-email">Reviewer Email</label>
        <input
          id="reviewer-email"
          name="reviewer_email"
          type="email"
          required
          autoComplete="off"
          value={reviewerEmail}
          onChange={(event) => setReviewerEmail(event.target.value)}
          disabled={step !== 'editing'}
        />
      </div>
      <div className="form-field">
        <label htmlFor="load-number">Load Number</label>
        <input
          id="load-number"
          name="load_number"
          required
          maxLength={LOAD_NUMBER_MAX_LENGTH}
          value={loadNumber}
          onChange={(event) => setLoadNumber(event.target.value)}
          disabled={step !== 'editing'}
        />
      </div>
      <p className="muted">
        The reviewer will be emailed a link to rate your on-time performance, communication and service
        quality for this load.
      </p>
      <ToastMessage toast={toast} />
      <button type="submit" className="button button--primary" disabled={step !== 'editing'}>
        Send Request
      </button>
    </form>
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

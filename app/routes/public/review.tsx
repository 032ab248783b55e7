import { useEffect, useState, type FormEvent } from 'react';
import { data, Link } from 'react-router';
import { ToastMessage } from '../../components/ToastMessage.tsx';
import { api, ApiError } from '../../lib/api-client.ts';
import { COMMENT_MAX_LENGTH, MAX_STARS } from '../../../core/ratings.ts';
import { pageTitle } from '../../../core/site.ts';
import { useRedirectAfterSuccess } from '../../lib/use-redirect-after.ts';
import { useToast } from '../../lib/use-toast.ts';
import type { Route } from './+types/review.ts';

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    const request = await context.services.ratings.ratingRequest(params.reviewId);
    return data({ request }, { status: request ? 200 : 404 });
  } catch (error) {
    context.log.error({ err: error }, 'rating request failed to load');
    return data({ request: null }, { status: 500 });
  }
}

/** A rating link's page is its reviewer's alone: no browser or proxy keeps it (server/http/ssr.ts). */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

// A rating link is private to its reviewer: never indexed.
export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Submit Rating') },
  { name: 'robots', content: 'noindex' },
];

const CRITERIA = [
  ['on_time_rating', 'On-Time Performance'],
  ['communication_rating', 'Communication'],
  ['service_rating', 'Service Quality'],
] as const;
type Criterion = (typeof CRITERIA)[number][0];
type Ratings = Record<Criterion, number>;

/**
 * One 1-5 rating as a radio group drawn as stars: Tab reaches it, arrow keys change it, and screen
 * readers hear '3 stars'.
 */
function StarInput(props: {
  name: Criterion;
  label: string;
  value: number;
  disabled: boolean;
  onChange: (value: number) => void;
}) {
  return (
    <fieldset className="star-input">
      <legend>{props.label}</legend>
      <div className="star-input__stars">
        {Array.from({ length: MAX_STARS }, (_, index) => index + 1).map((stars) => (
          <label key={stars} className={stars <= props.value ? 'is-on' : undefined}>
            <input
              type="radio"
              className="visually-hidden"
              name={props.name}
              value={stars}
              checked={props.value === stars}
              disabled={props.disabled}
              onChange={() => props.onChange(stars)}
            />
            <span aria-hidden="true">{stars <= props.value ? '★' : '☆'}</span>
            <span className="visually-hidden">{stars === 1 ? '1 star' : `${stars} stars`}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function RatingForm({ reviewId }: { reviewId: string }) {
  const [toast, showToast] = useToast();
  const [ratings, setRatings] = useState<Ratings>({
    on_time_rating: 0,
    communication_rating: 0,
    service_rating: 0,
  });
  const [comment, setComment] = useState('');
  const [step, setStep] = useState<'editing' | 'sending' | 'sent'>('editing');
  useRedirectAfterSuccess(step === 'sent' ? '/thank-you' : null);
  const complete = CRITERIA.every(([name]) => ratings[name] > 0);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setStep('sending');
    try {
      await api.ratings.submit({
        params: { reviewId },
        body: { ...ratings, comment: comment.trim() || null },
      });
      setStep('sent');
      showToast({ kind: 'success', text: 'Rating submitted successfully!' });
    } catch (error) {
      setStep('editing');
      showToast({
        kind: 'error',
        text: (error instanceof ApiError && error.detail) || 'Failed to submit rating',
      });
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)}>
      {CRITERIA.map(([name, label]) => (
        <StarInput
          key={name}
          name={name}
          label={label}
          value={ratings[name]}
          disabled={step !== 'editing'}
          onChange={(value) => setRatings((current) => ({ ...current, [name]: value }))}
        />
      ))}
      <div className="form-field">
        <label htmlFor="rating-comment">
          Comments <span className="muted">(optional)</span>
        </label>
        <textarea
          id="rating-comment"
          name="comment"
          rows={4}
          maxLength={COMMENT_MAX_LENGTH}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          disabled={step !== 'editing'}
        />
      </div>
      <ToastMessage toast={toast} />
      <button type="submit" className="button button--primary" disabled={!complete || step !== 'editing'}>
        Submit Rating
      </button>
    </form>
  );
}

/** The load-failure notice is a 3-second toast (spec section 8); the page keeps a way home. */
function LoadFailure() {
  const [toast, showToast] = useToast();
  useEffect(() => showToast({ kind: 'error', text: 'Failed to load rating request' }), [showToast]);
  return (
    <>
      <ToastMessage toast={toast} />
      <p>This rating link could not be opened. Check that you used the whole link from the e-mail.</p>
      <Link to="/" className="button button--secondary">
        Return Home
      </Link>
    </>
  );
}

export default function ReviewRoute({ loaderData, params }: Route.ComponentProps) {
  const { request } = loaderData;
  return (
    <section className="page page--narrow card-page">
      <h1>Submit Rating</h1>
      {!request ? (
        <LoadFailure />
      ) : (
        <>
          <p className="lead">
            For {request.name} (Load: {request.load_number})
          </p>
          {request.is_completed ? (
            <>
              <p role="status">This rating has already been submitted</p>
              <Link to="/" className="button button--primary">
                Return Home
              </Link>
            </>
          ) : (
            <RatingForm reviewId={params.reviewId} />
          )}
        </>
      )}
    </section>
  );
}

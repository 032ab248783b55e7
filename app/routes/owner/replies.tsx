import { LoadingPage } from '../../components/LoadingPage.tsx';
import { useEffect, useState } from 'react';
import { redirect, useFetcher, useNavigate } from 'react-router';
import { CarrierReplyNote } from '../../components/CarrierReplyNote.tsx';
import { ToastMessage } from '../../components/ToastMessage.tsx';
import { Stars } from '../../blocks/renderers/RatingsBlock.tsx';
import { ApiError, api } from '../../lib/api-client.ts';
import { currentSessionUser } from '../../lib/session.ts';
import { useSession } from '../../lib/use-session.ts';
import { useToast, type Toast } from '../../lib/use-toast.ts';
import type { CarrierReply, OwnReplySubjects } from '../../../core/contracts/replies.ts';
import { formatLongIsoDay } from '../../../core/format.ts';
import { REPLY_MAX_LENGTH, type ReplySubjectKind } from '../../../core/replies.ts';
import { pageTitle } from '../../../core/site.ts';
import type { Route } from './+types/replies.ts';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Replies') },
  { name: 'robots', content: 'noindex' },
];

type Loaded = { subjects: OwnReplySubjects } | { refusal: string };

/** The carrier's subjects to reply on, read with the session; the server says who may reply. */
export async function clientLoader(): Promise<Loaded> {
  if (!currentSessionUser()) throw redirect('/login');
  try {
    return { subjects: await api.replies.own() };
  } catch (error) {
    return { refusal: (error instanceof ApiError && error.detail) || 'Failed to load your ratings.' };
  }
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPage />;
}

type ReplyResult = { key: string; ok: boolean; toast: Toast };

/** Publishes, edits or removes one reply; the revalidation after it reads the list again. */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<ReplyResult> {
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? '');
  const params = {
    dotNumber: Number(text('dot_number')),
    kind: text('kind') as ReplySubjectKind,
    key: text('key'),
  };
  const removing = text('intent') === 'remove';
  try {
    if (removing) await api.replies.remove({ params });
    else await api.replies.save({ params, body: { body: text('body') } });
    return {
      key: params.key,
      ok: true,
      toast: { kind: 'success', text: removing ? 'Reply removed.' : 'Reply published.' },
    };
  } catch (error) {
    const detail = error instanceof ApiError ? error.detail : null;
    return {
      key: params.key,
      ok: false,
      toast: { kind: 'error', text: detail || 'Failed to save the reply.' },
    };
  }
}

/** One subject's reply form: publish or edit the reply, or remove it. */
function ReplyForm(props: {
  dotNumber: number;
  kind: ReplySubjectKind;
  subjectKey: string;
  reply: CarrierReply | null;
}) {
  const fetcher = useFetcher<typeof clientAction>();
  const [toast, showToast] = useToast();
  const [body, setBody] = useState(props.reply?.body ?? '');
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  useEffect(() => {
    if (result) showToast(result.toast);
  }, [result, showToast]);
  useEffect(() => setBody(props.reply?.body ?? ''), [props.reply]);

  const id = `reply-${props.kind}-${props.subjectKey}`;
  const busy = fetcher.state !== 'idle';
  return (
    <fetcher.Form method="post" className="reply-form">
      <input type="hidden" name="dot_number" value={props.dotNumber} />
      <input type="hidden" name="kind" value={props.kind} />
      <input type="hidden" name="key" value={props.subjectKey} />
      <div className="form-field">
        <label htmlFor={id}>{props.reply ? 'Edit your reply' : 'Your reply'}</label>
        <textarea
          id={id}
          name="body"
          rows={3}
          required
          maxLength={REPLY_MAX_LENGTH}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          disabled={busy}
        />
        <p className="muted">
          {body.length.toLocaleString('en-US')}/{REPLY_MAX_LENGTH.toLocaleString('en-US')} characters, plain
          text
        </p>
      </div>
      <ToastMessage toast={toast} />
      <div className="button-row">
        <button type="submit" name="intent" value="save" className="button button--primary" disabled={busy}>
          {props.reply ? 'Save reply' : 'Publish reply'}
        </button>
        {props.reply ? (
          <button
            type="submit"
            name="intent"
            value="remove"
            className="button button--danger"
            disabled={busy}
          >
            Remove reply
          </button>
        ) : null}
      </div>
    </fetcher.Form>
  );
}

function RatingReplies({ subjects }: { subjects: OwnReplySubjects }) {
  if (subjects.ratings.length === 0) return <p>No rating with a comment is shown on your profile yet.</p>;
  return (
    <ul className="reply-subjects">
      {subjects.ratings.map((rating) => (
        <li key={rating.key} className="card">
          <p className="rating-comments__meta">
            <Stars rating={rating.stars} />{' '}
            <time dateTime={rating.submitted_on}>{formatLongIsoDay(rating.submitted_on)}</time>
          </p>
          <p className="rating-comments__text">{rating.comment}</p>
          <CarrierReplyNote reply={rating.reply} />
          <ReplyForm
            dotNumber={subjects.dot_number}
            kind="rating"
            subjectKey={rating.key}
            reply={rating.reply}
          />
        </li>
      ))}
    </ul>
  );
}

function SignalReplies({ subjects }: { subjects: OwnReplySubjects }) {
  if (subjects.signals.length === 0) return <p>No risk signal holds for your carrier.</p>;
  return (
    <ul className="reply-subjects">
      {subjects.signals.map((signal) => (
        <li key={signal.key} className="card">
          <p>
            <strong>{signal.title}</strong>
          </p>
          <p>{signal.fact}.</p>
          <CarrierReplyNote reply={signal.reply} />
          <ReplyForm
            dotNumber={subjects.dot_number}
            kind="signal"
            subjectKey={signal.key}
            reply={signal.reply}
          />
        </li>
      ))}
    </ul>
  );
}

/** Replies: an admin of a claimed carrier answers the risk signals and ratings shown on its profile, in public. */
export default function RepliesRoute({ loaderData }: Route.ComponentProps) {
  const { user } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    if (!user) void navigate('/login', { replace: true });
  }, [user, navigate]);
  if (!user) return null;

  return (
    <section className="page page--narrow">
      <h1>Replies</h1>
      <p>
        Your reply is shown on your public profile beside the risk signal or rating, with its date. Plain
        text, at most {REPLY_MAX_LENGTH.toLocaleString('en-US')} characters; you can edit or remove it at any
        time.
      </p>
      {'refusal' in loaderData ? (
        <p className="alert alert--error">{loaderData.refusal}</p>
      ) : (
        <>
          <section>
            <h2>Risk signals</h2>
            <SignalReplies subjects={loaderData.subjects} />
          </section>
          <section>
            <h2>Ratings</h2>
            <RatingReplies subjects={loaderData.subjects} />
          </section>
        </>
      )}
    </section>
  );
}

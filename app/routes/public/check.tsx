import { data } from 'react-router';
import { PageLink } from '../../components/PageLink.tsx';
import { expectedRefusal } from '../../lib/load-errors.ts';
import type { IslandHandle } from '../../lib/island-page.ts';
import island from '../../islands/site-island.ts?worker&url';
import { seoMeta } from '../../lib/seo.ts';
import {
  CONTACT_INPUT_MAX_LENGTH,
  contactCheckLimitText,
  contactLabel,
} from '../../../core/contact-check.ts';
import type { ContactCheckAnswer } from '../../../core/contracts/contact-check.ts';
import { pageTitle } from '../../../core/site.ts';
import type { Route } from './+types/check.ts';

export const handle: IslandHandle = { island };

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: pageTitle('Contact Check'),
    description:
      'Check the phone number, e-mail address, MC or DOT number from a load offer against carriers’ FMCSA records.',
  });

/**
 * An answer is for its reader alone: kept by no cache. The page's referrer policy lets the browser
 * name this origin on the form's post (under 'no-referrer' it sends `Origin: null`, which React
 * Router refuses as a cross-site action); other sites still get no referrer.
 */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get('Retry-After');
  return {
    'Cache-Control': 'private, no-store',
    'Referrer-Policy': 'same-origin',
    ...(retryAfter ? { 'Retry-After': retryAfter } : {}),
  };
};

/** What the form shows again: what was typed, but never an e-mail address. */
type Typed = { contact: string; claimed: string };
type Outcome = { typed: Typed } & ({ answer: ContactCheckAnswer } | { refusal: string });

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/** The posted form: counted against the client's limit, then checked (services.contactCheck). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const contact = field(form, 'contact');
  const typed: Typed = { contact: contact.includes('@') ? '' : contact, claimed: field(form, 'claimed') };
  const wait = await context.limitContactCheck();
  if (wait !== null) {
    return data({ typed, refusal: contactCheckLimitText(wait) } satisfies Outcome, {
      status: 429,
      headers: { 'Retry-After': String(wait) },
    });
  }
  try {
    const answer = await context.services.contactCheck.check({ contact, claimed: typed.claimed });
    return { typed, answer } satisfies Outcome;
  } catch (error) {
    const refusal = expectedRefusal(error, ['invalid']);
    if (!refusal) throw error;
    return data({ typed, refusal: refusal.detail } satisfies Outcome, { status: 400 });
  }
}

function Answer({ answer }: { answer: ContactCheckAnswer }) {
  const tone = answer.verdict === 'match' ? 'success' : answer.verdict === null ? 'info' : 'warning';
  return (
    <section className="card check-answer" aria-labelledby="check-answer-title">
      <h2 id="check-answer-title">Answer</h2>
      <p className="muted">
        Read as{' '}
        {answer.shown_as
          ? `the ${contactLabel(answer.read_as)} ${answer.shown_as}`
          : `an ${contactLabel(answer.read_as)} (matched as the whole address only; never shown)`}
        .
      </p>
      <p className={`alert alert--${tone}`}>{answer.summary}</p>
      {answer.holders.length > 0 ? (
        <>
          <h3>On the FMCSA record of</h3>
          <ul>
            {answer.holders.map((carrier) => (
              <li key={carrier.dot_number}>
                <PageLink to={`/profile/${carrier.dot_number}`}>{carrier.name}</PageLink> (USDOT{' '}
                {carrier.dot_number})
              </li>
            ))}
            {answer.more_holders > 0 ? <li>and {answer.more_holders} more</li> : null}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/** The contact check: a form that posts to itself and works without JavaScript. */
export default function CheckRoute({ actionData }: Route.ComponentProps) {
  const typed = actionData?.typed ?? { contact: '', claimed: '' };
  return (
    <section className="page page--narrow">
      <h1>Contact Check</h1>
      <p>
        A scammer poses as a real carrier with a look-alike e-mail or a changed phone number. Paste the phone
        number, e-mail address, MC or DOT number from a load offer: we tell you which carriers&apos; FMCSA
        records hold it, and whether that is the carrier the offer claims to be.
      </p>
      <form method="post" action="/check" className="card">
        <div className="form-field">
          <label htmlFor="check-contact">Phone, e-mail, MC or DOT number from the offer</label>
          <input
            id="check-contact"
            name="contact"
            required
            maxLength={CONTACT_INPUT_MAX_LENGTH}
            autoComplete="off"
            defaultValue={typed.contact}
          />
        </div>
        <div className="form-field">
          <label htmlFor="check-claimed">
            The carrier the offer claims to be (DOT number, MC number or name; optional)
          </label>
          <input
            id="check-claimed"
            name="claimed"
            maxLength={CONTACT_INPUT_MAX_LENGTH}
            autoComplete="off"
            defaultValue={typed.claimed}
          />
        </div>
        <button type="submit" className="button button--primary">
          Check
        </button>
      </form>
      {actionData && 'refusal' in actionData ? (
        <p className="alert alert--error" role="alert">
          {actionData.refusal}
        </p>
      ) : null}
      {actionData && 'answer' in actionData ? <Answer answer={actionData.answer} /> : null}
      <p className="muted">
        E-mail addresses are matched only as whole addresses and never shown: the answer names the carrier. A
        match says the detail is on that carrier&apos;s FMCSA record, not that the offer is genuine.
      </p>
    </section>
  );
}

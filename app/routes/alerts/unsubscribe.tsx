import { data } from 'react-router';
import { NotFound } from '../../components/NotFound.tsx';
import { notFoundMeta } from '../../lib/seo.ts';
import { pageTitle } from '../../../core/site.ts';
import type { Route } from './+types/unsubscribe.ts';

const WHAT = { severe: 'alert e-mails', digest: 'daily digests' } as const;
type EmailKind = keyof typeof WHAT;
const isEmailKind = (value: string | null): value is EmailKind => value === 'severe' || value === 'digest';

/**
 * Where the unsubscribe link of an alert e-mail leads. Opening it changes nothing (mail scanners open
 * links); the button posts the one-click form (server/domains/alerts/routes.ts), which comes back here.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const kind = query.get('email');
  const target = await context.services.alerts.unsubscribeTarget(params.token);
  if (!target || !isEmailKind(kind)) return data({ page: null }, { status: 404 });
  const off = Number(kind === 'severe' ? target.severe_email : target.digest_email) === 0;
  return { page: { kind, off, done: query.get('done') === '1' } };
}

export const meta: Route.MetaFunction = (args) =>
  args.loaderData?.page
    ? [{ title: pageTitle('Unsubscribe') }, { name: 'robots', content: 'noindex' }]
    : notFoundMeta(args);

export default function UnsubscribeRoute({ loaderData, params }: Route.ComponentProps) {
  const { page } = loaderData;
  if (!page) return <NotFound />;
  const what = WHAT[page.kind];
  return (
    <section className="page page--narrow card-page centered">
      <h1>Unsubscribe from {what}</h1>
      {page.off ? (
        <p role="status">
          {page.done ? 'Done: you' : 'You'} are unsubscribed. No more {what} are sent for this account; you
          can turn them on again in your alert settings.
        </p>
      ) : (
        <form
          method="post"
          action={`/alerts/unsubscribe/${encodeURIComponent(params.token)}?email=${page.kind}`}
        >
          <p>Stop the {what} about the carriers you watch?</p>
          <input type="hidden" name="from" value="page" />
          <button type="submit" className="button button--primary">
            Unsubscribe
          </button>
        </form>
      )}
    </section>
  );
}

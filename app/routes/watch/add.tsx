import { LoadingPage } from '../../components/LoadingPage.tsx';
import { Link, useFetcher } from 'react-router';
import { watcherApi } from '../../lib/api-client.ts';
import { pageTitle } from '../../../core/site.ts';
import { readAsWatcher } from '../../lib/watcher-pages.ts';
import { refusalDetailText } from '../../lib/refusal-texts.ts';
import type { Route } from './+types/add.ts';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Watch a carrier') },
  { name: 'robots', content: 'noindex' },
];

/** The list a first watch makes when the account has none. */
const FIRST_LIST_NAME = 'My carriers';

/** The 'Watch' button of a profile or a search result: `/watch/add?dot=N`. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return readAsWatcher(async () => {
    const dot = new URL(request.url).searchParams.get('dot') ?? '';
    if (!/^\d{1,9}$/.test(dot)) return { dot: null, lists: [] };
    return { dot, lists: await watcherApi.watchers.listWatchlists() };
  });
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPage />;
}

type AddResult =
  { ok: true; listId: number; listName: string; already: boolean } | { ok: false; error: string };

export async function clientAction({ request }: Route.ClientActionArgs): Promise<AddResult> {
  const form = await request.formData();
  const dot = String(form.get('dot'));
  try {
    const chosen = String(form.get('list') ?? '');
    const newName = String(form.get('new_list') ?? '').trim();
    const list =
      chosen && chosen !== 'new'
        ? { id: Number(chosen), name: String(form.get(`name_${chosen}`) ?? '') }
        : await watcherApi.watchers.createWatchlist({ body: { name: newName || FIRST_LIST_NAME } });
    const added = await watcherApi.watchers.addCarriers({ params: { id: list.id }, body: { numbers: dot } });
    if (added.problems.length > 0) {
      return { ok: false, error: `DOT ${dot}: ${added.problems[0]?.reason ?? 'not added'}` };
    }
    return { ok: true, listId: list.id, listName: list.name, already: added.already_listed > 0 };
  } catch (error) {
    return { ok: false, error: refusalDetailText(error) };
  }
}

export default function WatchCarrier({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof clientAction>();
  const busy = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const { dot, lists } = loaderData;

  if (dot === null) {
    return (
      <section className="page page--narrow card-page">
        <h1>Watch a carrier</h1>
        <p role="alert">No carrier was named. Use the Watch button on a profile or a search result.</p>
      </section>
    );
  }
  if (result?.ok) {
    return (
      <section className="page page--narrow card-page">
        <h1>Watching DOT {dot}</h1>
        <p role="status">
          {result.already
            ? `DOT ${dot} was already on ${result.listName}.`
            : `DOT ${dot} was added to ${result.listName}.`}
        </p>
        <div className="button-row">
          <Link to={`/watchlists/${result.listId}`} className="button button--primary">
            Open {result.listName}
          </Link>
          <a href={`/profile/${dot}`} className="button button--secondary">
            Back to the Profile
          </a>
        </div>
      </section>
    );
  }
  return (
    <section className="page page--narrow card-page">
      <h1>Watch DOT {dot}</h1>
      <fetcher.Form method="post">
        <input type="hidden" name="dot" value={dot} />
        {lists.map((list) => (
          <input key={list.id} type="hidden" name={`name_${list.id}`} value={list.name} />
        ))}
        {lists.length > 0 ? (
          <div className="form-field">
            <label htmlFor="watch-list">Watchlist</label>
            <select id="watch-list" name="list" defaultValue={String(lists[0]?.id)}>
              {lists.map((list) => (
                <option key={list.id} value={list.id}>
                  {list.name}
                </option>
              ))}
              <option value="new">A new watchlist…</option>
            </select>
          </div>
        ) : null}
        <div className="form-field">
          <label htmlFor="new-list">
            {lists.length > 0 ? 'Name of a new watchlist' : 'Name of your first watchlist'}
          </label>
          <input id="new-list" name="new_list" placeholder={FIRST_LIST_NAME} maxLength={100} />
        </div>
        {result && !result.ok ? (
          <p className="alert alert--error" role="alert">
            {result.error}
          </p>
        ) : null}
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Adding...' : 'Add to Watchlist'}
        </button>
      </fetcher.Form>
    </section>
  );
}

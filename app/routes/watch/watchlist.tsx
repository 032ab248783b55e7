import { LoadingPage } from '../../components/LoadingPage.tsx';
import { useState } from 'react';
import { Form, Link, redirect, useFetcher } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ApiError, routeUrl, watcherApi } from '../../lib/api-client.ts';
import { readWatcherToken } from '../../lib/watcher-session.ts';
import {
  watcherContracts,
  type AddCarriersResult,
  type WatchlistRow,
} from '../../../core/contracts/watchers.ts';
import { VERDICT_HEADLINES } from '../../../core/authority.ts';
import { formatLongIsoDay } from '../../../core/format.ts';
import { pageTitle } from '../../../core/site.ts';
import { RISK_SIGNALS_PATH } from '../../../core/signals.ts';
import {
  INSURANCE_STATES,
  MAX_WATCHLIST_CARRIERS,
  SIGNALS_FILTERS,
  type WatchlistSort,
} from '../../../core/watchlists.ts';
import { readAsWatcher } from '../../lib/watcher-pages.ts';
import { refusalDetailText } from '../../lib/refusal-texts.ts';
import type { Route } from './+types/watchlist.ts';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: pageTitle(data && 'page' in data && data.page ? data.page.watchlist.name : 'Watchlist') },
  { name: 'robots', content: 'noindex' },
];

/** The page's query parameters, which are the API's (core/contracts/watchers.ts WatchlistQuery). */
const QUERY_NAMES = [
  'sort',
  'order',
  'page',
  'q',
  'verdict',
  'signals',
  'insurance',
  'changed_since',
] as const;

const SIGNALS_FILTER_LABELS: Record<(typeof SIGNALS_FILTERS)[number], string> = {
  with: 'With risk signals',
  without: 'Without risk signals',
};

function queryOf(url: URL): Record<string, string> {
  return Object.fromEntries(
    QUERY_NAMES.flatMap((name) => {
      const value = url.searchParams.get(name);
      return value ? [[name, value]] : [];
    }),
  );
}

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const query = queryOf(new URL(request.url));
  return readAsWatcher(async () => {
    try {
      const page = await watcherApi.watchers.getWatchlist({ params: { id: params.id }, query });
      return { page, query };
    } catch (error) {
      if (error instanceof ApiError && error.status !== 401 && error.detail)
        return { error: error.detail, status: error.status, query };
      throw error;
    }
  });
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPage wide />;
}

type ActionResult =
  | { intent: 'add'; added: AddCarriersResult }
  | { intent: string; error: string }
  | { intent: string; done: true };

export async function clientAction({
  request,
  params,
}: Route.ClientActionArgs): Promise<ActionResult | Response> {
  const form = await request.formData();
  const intent = String(form.get('intent'));
  const id = { id: params.id };
  try {
    switch (intent) {
      case 'add-numbers': {
        const numbers = String(form.get('numbers') ?? '');
        return {
          intent: 'add',
          added: await watcherApi.watchers.addCarriers({ params: id, body: { numbers } }),
        };
      }
      case 'upload-csv': {
        const file = form.get('file');
        if (!(file instanceof File) || file.size === 0)
          return { intent: 'add', error: 'Choose a CSV file first' };
        const upload = new FormData();
        upload.set('file', file);
        return {
          intent: 'add',
          added: await watcherApi.watchers.uploadCarriers({ params: id, form: upload }),
        };
      }
      case 'remove': {
        const dotNumber = String(form.get('dot_number'));
        await watcherApi.watchers.removeCarrier({ params: { ...id, dotNumber } });
        return { intent, done: true };
      }
      case 'rename':
        await watcherApi.watchers.renameWatchlist({
          params: id,
          body: { name: String(form.get('name') ?? '') },
        });
        return { intent, done: true };
      case 'delete':
        await watcherApi.watchers.deleteWatchlist({ params: id });
        return redirect('/account');
      default:
        return { intent, error: 'Unknown action' };
    }
  } catch (error) {
    const detail = refusalDetailText(error);
    return { intent: intent === 'upload-csv' || intent === 'add-numbers' ? 'add' : intent, error: detail };
  }
}

/** The sortable columns; the signals column, which does not sort, follows the verdict. */
const COLUMNS: { sort: WatchlistSort; label: string }[] = [
  { sort: 'name', label: 'Carrier' },
  { sort: 'dot_number', label: 'DOT / MC' },
  { sort: 'verdict', label: 'Verdict' },
  { sort: 'insurance', label: 'Insurance' },
  { sort: 'last_change', label: 'Last change' },
  { sort: 'added', label: 'Added' },
];

function searchWith(query: Record<string, string>, changes: Record<string, string | null>): string {
  const search = new URLSearchParams(query);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) search.delete(name);
    else search.set(name, value);
  }
  const text = search.toString();
  return text ? `?${text}` : '?';
}

function AddOutcome({ result }: { result: ActionResult | undefined }) {
  if (!result || result.intent !== 'add') return null;
  if ('error' in result) {
    return (
      <p className="alert alert--error" role="alert">
        {result.error}
      </p>
    );
  }
  if (!('added' in result)) return null;
  const { added, already_listed: already, problems } = result.added;
  return (
    <div className={`alert ${problems.length > 0 ? 'alert--warning' : 'alert--success'}`} role="status">
      <p>
        Added {added} {added === 1 ? 'carrier' : 'carriers'}.
        {already > 0 ? ` ${already} already on the list.` : ''}
        {problems.length > 0
          ? ` ${problems.length} ${problems.length === 1 ? 'line was' : 'lines were'} not used:`
          : ''}
      </p>
      {problems.length > 0 ? (
        <ul>
          {problems.map((problem) => (
            <li key={problem.line}>
              Line {problem.line}: {problem.text} ({problem.reason})
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Downloads the CSV of the rows the filters pass, in the page's order, with the watcher's credential. */
async function exportCsv(id: string, query: Record<string, string>, name: string) {
  const { page: _page, ...filters } = query;
  const url = routeUrl(watcherContracts.exportWatchlist, { params: { id }, query: filters });
  const response = await fetch(url, { headers: { Authorization: `Bearer ${readWatcherToken() ?? ''}` } });
  if (!response.ok) throw new Error('export failed');
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = `${name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'watchlist'}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(link.href);
}

function CarrierRows({
  rows,
  busy,
  onRemove,
}: {
  rows: WatchlistRow[];
  busy: boolean;
  onRemove: (dot: number) => void;
}) {
  return (
    <tbody>
      {rows.map((row) => (
        <tr key={row.dot_number}>
          <td>
            <a href={`/profile/${row.dot_number}`}>{row.name ?? 'Not in the current census'}</a>
          </td>
          <td>
            DOT {row.dot_number}
            {row.mc_number ? <div className="muted">{row.mc_number}</div> : null}
          </td>
          <td
            className={
              row.verdict_level ? `verdict verdict--${row.verdict_level.replace(' ', '-')}` : undefined
            }
          >
            {row.verdict ?? '—'}
          </td>
          <td>
            {row.signals.length === 0 ? (
              'None'
            ) : (
              <ul className="watchlist-signals">
                {row.signals.map((title) => (
                  <li key={title}>
                    <a href={RISK_SIGNALS_PATH}>{title}</a>
                  </li>
                ))}
              </ul>
            )}
          </td>
          <td>{row.insurance ?? '—'}</td>
          <td>
            {row.last_change ? (
              <>
                {row.last_change}
                <div className="muted">{formatLongIsoDay(row.last_change_on ?? '')}</div>
              </>
            ) : (
              'None seen'
            )}
          </td>
          <td>{row.added_on}</td>
          <td>
            <button
              type="button"
              className="button button--secondary button--small"
              aria-label={`Remove DOT ${row.dot_number}`}
              disabled={busy}
              onClick={() => onRemove(row.dot_number)}
            >
              Remove
            </button>
          </td>
        </tr>
      ))}
    </tbody>
  );
}

export default function WatchlistPageRoute({ loaderData, params }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof clientAction>();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [exportError, setExportError] = useState(false);
  const busy = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? (fetcher.data as ActionResult | undefined) : undefined;

  if ('error' in loaderData) {
    return (
      <section className="page page--narrow card-page">
        <h1>{loaderData.status === 404 ? 'Watchlist not found' : 'This view cannot be shown'}</h1>
        <p role="alert">{loaderData.error}</p>
        <Link to="/account" className="button button--primary">
          Back to Your Watchlists
        </Link>
      </section>
    );
  }
  const { page, query } = loaderData;
  const { watchlist } = page;
  const sort = query.sort ?? 'name';
  const order = query.order ?? 'asc';
  const pages = Math.max(1, Math.ceil(page.total / page.page_size));
  const remove = (dot: number) =>
    void fetcher.submit({ intent: 'remove', dot_number: String(dot) }, { method: 'post' });

  return (
    <section className="page">
      <p>
        <Link to="/account">← Your watchlists</Link>
      </p>
      <h1>{watchlist.name}</h1>
      <p>
        {watchlist.carrier_count.toLocaleString('en-US')} of {MAX_WATCHLIST_CARRIERS.toLocaleString('en-US')}{' '}
        carriers. Verdicts and insurance as of {formatLongIsoDay(page.as_of)}.
      </p>

      <section className="card" aria-labelledby="add-heading">
        <h2 id="add-heading">Add carriers</h2>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="add-numbers" />
          <div className="form-field">
            <label htmlFor="numbers">DOT or MC numbers, one a line</label>
            <textarea id="numbers" name="numbers" rows={5} disabled={busy} />
          </div>
          <button type="submit" className="button button--primary" disabled={busy}>
            Add Numbers
          </button>
        </fetcher.Form>
        <fetcher.Form method="post" encType="multipart/form-data">
          <input type="hidden" name="intent" value="upload-csv" />
          <div className="form-field">
            <label htmlFor="csv-file">Or a CSV file (the number in the first column)</label>
            <input
              id="csv-file"
              type="file"
              name="file"
              accept=".csv,.txt,text/csv,text/plain"
              disabled={busy}
            />
          </div>
          <button type="submit" className="button button--secondary" disabled={busy}>
            Upload CSV
          </button>
        </fetcher.Form>
        <AddOutcome result={result} />
      </section>

      <Form method="get" className="filter-form" aria-label="Filter the watchlist">
        <input type="hidden" name="sort" value={sort} />
        <input type="hidden" name="order" value={order} />
        <div className="form-field">
          <label htmlFor="filter-q">Name or number</label>
          <input id="filter-q" name="q" defaultValue={query.q ?? ''} />
        </div>
        <div className="form-field">
          <label htmlFor="filter-verdict">Verdict</label>
          <select id="filter-verdict" name="verdict" defaultValue={query.verdict ?? ''}>
            <option value="">Any</option>
            {VERDICT_HEADLINES.map((headline) => (
              <option key={headline}>{headline}</option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="filter-signals">Risk signals</label>
          <select id="filter-signals" name="signals" defaultValue={query.signals ?? ''}>
            <option value="">Any</option>
            {SIGNALS_FILTERS.map((value) => (
              <option key={value} value={value}>
                {SIGNALS_FILTER_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="filter-insurance">Insurance</label>
          <select id="filter-insurance" name="insurance" defaultValue={query.insurance ?? ''}>
            <option value="">Any</option>
            {INSURANCE_STATES.map((state) => (
              <option key={state}>{state}</option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="filter-changed">Changed since</label>
          <input
            id="filter-changed"
            type="date"
            name="changed_since"
            defaultValue={query.changed_since ?? ''}
          />
        </div>
        <button type="submit" className="button button--secondary">
          Apply Filters
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() =>
            void exportCsv(params.id, query, watchlist.name).then(
              () => setExportError(false),
              () => setExportError(true),
            )
          }
        >
          Export CSV
        </button>
      </Form>
      {exportError ? (
        <p className="alert alert--error" role="alert">
          The CSV could not be made. Please try again.
        </p>
      ) : null}

      <p role="status">
        {page.total.toLocaleString('en-US')} {page.total === 1 ? 'carrier' : 'carriers'} shown. Page{' '}
        {page.page} of {pages}.
      </p>
      {result && result.intent === 'remove' && 'error' in result ? (
        <p className="alert alert--error" role="alert">
          {result.error}
        </p>
      ) : null}
      <table className="data-table watchlist-table">
        <thead>
          <tr>
            {COLUMNS.map((column) => {
              const active = sort === column.sort;
              const next = active && order === 'asc' ? 'desc' : 'asc';
              return [
                <th
                  key={column.sort}
                  scope="col"
                  aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  <Link to={searchWith(query, { sort: column.sort, order: next, page: null })}>
                    {column.label}
                    {active ? (order === 'asc' ? ' ▲' : ' ▼') : ''}
                  </Link>
                </th>,
                column.sort === 'verdict' ? (
                  <th key="signals" scope="col">
                    Signals{' '}
                    <a href={RISK_SIGNALS_PATH} className="muted">
                      (the rules)
                    </a>
                  </th>
                ) : null,
              ];
            })}
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <CarrierRows rows={page.data} busy={busy} onRemove={remove} />
      </table>
      <nav aria-label="Watchlist pages" className="button-row">
        {page.page > 1 ? (
          <Link to={searchWith(query, { page: String(page.page - 1) })}>Previous page</Link>
        ) : null}
        {page.page < pages ? (
          <Link to={searchWith(query, { page: String(page.page + 1) })}>Next page</Link>
        ) : null}
      </nav>

      <section className="card" aria-labelledby="manage-heading">
        <h2 id="manage-heading">Manage this list</h2>
        <fetcher.Form method="post" className="inline-form">
          <input type="hidden" name="intent" value="rename" />
          <div className="form-field">
            <label htmlFor="rename">Name</label>
            <input id="rename" name="name" defaultValue={watchlist.name} required maxLength={100} />
          </div>
          <button type="submit" className="button button--secondary" disabled={busy}>
            Rename
          </button>
        </fetcher.Form>
        {result && result.intent === 'rename' && 'error' in result ? (
          <p className="alert alert--error" role="alert">
            {result.error}
          </p>
        ) : null}
        <button type="button" className="button button--danger" onClick={() => setConfirmingDelete(true)}>
          Delete Watchlist
        </button>
        <ConfirmDialog
          open={confirmingDelete}
          title={`Delete ${watchlist.name}?`}
          message="The list and the carriers on it are removed from your account."
          confirmLabel="Delete"
          danger
          onCancel={() => setConfirmingDelete(false)}
          onConfirm={() => {
            setConfirmingDelete(false);
            void fetcher.submit({ intent: 'delete' }, { method: 'post' });
          }}
        />
      </section>
    </section>
  );
}

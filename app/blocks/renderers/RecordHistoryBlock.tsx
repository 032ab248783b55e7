import { formatLongIsoDay } from '../../../core/format.ts';
import {
  contactUnchangedText,
  HISTORY_BLOCK_ID,
  HISTORY_PAGE_PARAM,
  historyEventDay,
  historyValueText,
} from '../../../core/history.ts';
import type { HistoryEvent, HistoryPage } from '../../../core/contracts/history.ts';
import type { CarrierPanels } from '../types.ts';

/** The value cells of an event: before and after for a record field, none for the e-mail or a filing. */
function values(event: HistoryEvent): [string, string] {
  if (event.kind !== 'record' || event.subject === 'email') return ['—', '—'];
  return [
    historyValueText(event.subject, event.value_before),
    historyValueText(event.subject, event.value_after),
  ];
}

/** 'Showing 11–16 of 16 changes'. */
function shownText(history: HistoryPage): string {
  const first = (history.page - 1) * history.page_size + 1;
  const last = Math.min(history.total, history.page * history.page_size);
  return `Showing ${first}–${last} of ${history.total} ${history.total === 1 ? 'change' : 'changes'}`;
}

/** Links to the block's other pages: plain links, the public page is not hydrated. */
function Pages({ history }: { history: HistoryPage }) {
  const href = (page: number) => `?${HISTORY_PAGE_PARAM}=${page}#${HISTORY_BLOCK_ID}`;
  const hasOlder = history.page * history.page_size < history.total;
  return (
    <nav className="record-history__pages" aria-label="Record history pages">
      {history.page > 1 ? <a href={href(history.page - 1)}>Newer changes</a> : null}
      {hasOlder ? <a href={href(history.page + 1)}>Older changes</a> : null}
    </nav>
  );
}

/**
 * The Record history block (issue 52): the changes census imports observed in the carrier's FMCSA
 * record, newest first, each under the day it took effect (else the day it was first seen), and how
 * long the contact details have stayed as they are. The editor's preview leaves out the page links.
 */
export function RecordHistoryBlock({ panels, preview }: { panels: CarrierPanels; preview: boolean }) {
  if (panels.history.status === 'unavailable') return <p className="muted">DOT number not available</p>;
  if (panels.history.status === 'error') {
    return <p className="alert alert--error">Error: Failed to load the record history</p>;
  }
  const history = panels.history.value;
  const since = history.history_starts_at_first_import ? 'at least ' : '';
  return (
    <div className="record-history" id={HISTORY_BLOCK_ID}>
      <p className="record-history__contact">
        <strong>
          {contactUnchangedText(history.contact_unchanged_since, history.contact_unchanged_at_least)}
        </strong>
      </p>
      {history.total === 0 ? (
        <p className="muted">
          No changes recorded since {since}
          {formatLongIsoDay(history.history_starts_on)}.
        </p>
      ) : history.data.length === 0 ? (
        <p className="muted">No changes on this page.</p>
      ) : (
        <table className="data-table">
          <caption>Changes to the FMCSA record, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">What changed</th>
              <th scope="col">Before</th>
              <th scope="col">After</th>
            </tr>
          </thead>
          <tbody>
            {history.data.map((event, index) => {
              const [before, after] = values(event);
              return (
                <tr key={`${event.first_seen_on}-${index}`}>
                  <td>
                    {formatLongIsoDay(
                      historyEventDay({ effectiveOn: event.effective_on, firstSeenOn: event.first_seen_on }),
                    )}
                    {event.effective_on ? null : <span className="muted"> (first seen)</span>}
                  </td>
                  <th scope="row">
                    {event.kind === 'record' && event.subject !== 'email' ? event.label : event.description}
                  </th>
                  <td>{before}</td>
                  <td>{after}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {history.data.length > 0 ? <p className="muted">{shownText(history)}</p> : null}
      {preview || history.total <= history.page_size ? null : <Pages history={history} />}
    </div>
  );
}

import type { ReactNode } from 'react';
import { Pagination } from '../../components/Pagination.tsx';
import { formatLongIsoDay } from '../../../core/format.ts';
import type { Inspection } from '../../../core/contracts/carrier-data.ts';
import type { CarrierPanels } from '../types.ts';

const LEVELS = ['I', 'II', 'III', 'IV', 'V', 'VI'];

/** CVSA levels are written in Roman numerals; a level outside 1-6 (MCMIS's 99) as published. */
export function levelLabel(level: number): string {
  return LEVELS[level - 1] ?? String(level);
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** The violations cited in one inspection, or what the record says of them when none is listed. */
function InspectionViolations({ inspection }: { inspection: Inspection }) {
  if (inspection.violations.length === 0) {
    return inspection.viol_total === 0 ? (
      <span className="muted">None</span>
    ) : (
      <span className="muted">{plural(inspection.viol_total, 'violation')}, not itemised in the data</span>
    );
  }
  return (
    <ul className="violation-list">
      {inspection.violations.map((violation) => (
        <li key={`${violation.unit ?? ''}|${violation.viol_code}`}>
          <code>{violation.viol_code}</code> {violation.description ?? 'No description published'}
          {violation.basic ? <span className="muted"> · {violation.basic}</span> : null}
          {violation.oos ? <strong className="violation-list__oos"> · Out of service</strong> : null}
        </li>
      ))}
    </ul>
  );
}

interface PagedTableProps<T> {
  id: string;
  title: string;
  /** Names the list's page links. */
  label: string;
  columns: string[];
  page: { data: T[]; page: number; per_page: number; total: number };
  /** What an empty list says: with none at all, and on a page past the end. */
  empty: [none: string, pastTheEnd: string];
  hrefFor: (page: number) => string;
  row: (item: T) => ReactNode;
}

/** A titled table of one page of a list, with its page links. */
function PagedTable<T>({ id, title, label, columns, page, empty, hrefFor, row }: PagedTableProps<T>) {
  return (
    <>
      <h3 className="profile-block__subheading" id={id}>
        {title}
      </h3>
      {page.data.length === 0 ? (
        <p className="muted">{page.total === 0 ? empty[0] : empty[1]}</p>
      ) : (
        <table className="results-table safety-detail__table">
          <thead>
            <tr>
              {columns.map((column) => (
                <th scope="col" key={column}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{page.data.map(row)}</tbody>
        </table>
      )}
      <Pagination
        label={label}
        current={page.page}
        total={Math.ceil(page.total / page.per_page)}
        hrefFor={hrefFor}
      />
    </>
  );
}

/**
 * The inspections, violations and crashes behind the safety summary (issue 56): the violations per
 * BASIC category over the window and a page each of the inspections and the crashes. Paged by
 * links (the public profile is not hydrated), each keeping the other list's page.
 */
export function SafetyDetail({ panels }: { panels: CarrierPanels }) {
  const detail = panels.safetyDetail;
  if (detail.status === 'unavailable') return null;
  if (detail.status === 'error') {
    return <p className="alert alert--error">Error: Failed to load the inspections and crashes</p>;
  }
  const { by_basic: byBasic, inspections, crashes, since, violations_through: through } = detail.value;
  const sinceDay = formatLongIsoDay(since);
  const href = (pages: { inspections?: number; crashes?: number }, anchor: string) =>
    `/profile/${panels.dotNumber}?inspections=${pages.inspections ?? inspections.page}` +
    `&crashes=${pages.crashes ?? crashes.page}#${anchor}`;
  return (
    <div className="safety-detail">
      <h3 className="profile-block__subheading">Violations by BASIC category</h3>
      {through ? <p className="muted">FMCSA SMS violations through {formatLongIsoDay(through)}.</p> : null}
      {byBasic.length === 0 ? (
        <p className="muted">No violations recorded since {sinceDay}.</p>
      ) : (
        <table className="results-table safety-detail__table">
          <thead>
            <tr>
              <th scope="col">BASIC category</th>
              <th scope="col">Violations</th>
              <th scope="col">Out of service</th>
            </tr>
          </thead>
          <tbody>
            {byBasic.map((count) => (
              <tr key={count.basic ?? ''}>
                <th scope="row">{count.basic ?? 'Not in a BASIC'}</th>
                <td>{count.violations}</td>
                <td>{count.oos_violations}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <PagedTable
        id="safety-inspections"
        title={`Inspections since ${sinceDay}`}
        label="Inspection pages"
        columns={['Date', 'State', 'Level', 'Violations', 'Out of service']}
        page={inspections}
        empty={['No inspections in this period.', 'No inspections on this page.']}
        hrefFor={(page) => href({ inspections: page }, 'safety-inspections')}
        row={(inspection) => (
          <tr key={inspection.inspection_id}>
            <td>{formatLongIsoDay(inspection.insp_date)}</td>
            <td>{inspection.report_state ?? '—'}</td>
            <td>{levelLabel(inspection.insp_level_id)}</td>
            <td>
              <InspectionViolations inspection={inspection} />
            </td>
            <td>{inspection.oos_total > 0 ? 'Yes' : 'No'}</td>
          </tr>
        )}
      />
      <PagedTable
        id="safety-crashes"
        title={`Crashes since ${sinceDay}`}
        label="Crash pages"
        columns={['Date', 'State', 'Fatalities', 'Injuries', 'Tow-away']}
        page={crashes}
        empty={['No crashes reported in this period.', 'No crashes on this page.']}
        hrefFor={(page) => href({ crashes: page }, 'safety-crashes')}
        row={(crash) => (
          <tr key={crash.crash_id}>
            <td>{formatLongIsoDay(crash.report_date)}</td>
            <td>{crash.report_state ?? '—'}</td>
            <td>{crash.fatalities}</td>
            <td>{crash.injuries}</td>
            <td>{crash.tow_away ? 'Yes' : 'No'}</td>
          </tr>
        )}
      />
    </div>
  );
}

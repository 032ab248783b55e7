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
  const { by_basic: byBasic, inspections, crashes, since } = detail.value;
  const sinceDay = formatLongIsoDay(since);
  const href = (pages: { inspections?: number; crashes?: number }, anchor: string) =>
    `/profile/${panels.dotNumber}?inspections=${pages.inspections ?? inspections.page}` +
    `&crashes=${pages.crashes ?? crashes.page}#${anchor}`;
  return (
    <div className="safety-detail">
      <h3 className="profile-block__subheading">Violations by BASIC category</h3>
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

      <h3 className="profile-block__subheading" id="safety-inspections">
        Inspections since {sinceDay}
      </h3>
      {inspections.data.length === 0 ? (
        <p className="muted">
          {inspections.total === 0 ? 'No inspections in this period.' : 'No inspections on this page.'}
        </p>
      ) : (
        <table className="results-table safety-detail__table">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">State</th>
              <th scope="col">Level</th>
              <th scope="col">Violations</th>
              <th scope="col">Out of service</th>
            </tr>
          </thead>
          <tbody>
            {inspections.data.map((inspection) => (
              <tr key={inspection.inspection_id}>
                <td>{formatLongIsoDay(inspection.insp_date)}</td>
                <td>{inspection.report_state ?? '—'}</td>
                <td>{levelLabel(inspection.insp_level_id)}</td>
                <td>
                  <InspectionViolations inspection={inspection} />
                </td>
                <td>{inspection.oos_total > 0 ? 'Yes' : 'No'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pagination
        label="Inspection pages"
        current={inspections.page}
        total={Math.ceil(inspections.total / inspections.per_page)}
        hrefFor={(page) => href({ inspections: page }, 'safety-inspections')}
      />

      <h3 className="profile-block__subheading" id="safety-crashes">
        Crashes since {sinceDay}
      </h3>
      {crashes.data.length === 0 ? (
        <p className="muted">
          {crashes.total === 0 ? 'No crashes reported in this period.' : 'No crashes on this page.'}
        </p>
      ) : (
        <table className="results-table safety-detail__table">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">State</th>
              <th scope="col">Fatalities</th>
              <th scope="col">Injuries</th>
              <th scope="col">Tow-away</th>
            </tr>
          </thead>
          <tbody>
            {crashes.data.map((crash) => (
              <tr key={crash.crash_id}>
                <td>{formatLongIsoDay(crash.report_date)}</td>
                <td>{crash.report_state ?? '—'}</td>
                <td>{crash.fatalities}</td>
                <td>{crash.injuries}</td>
                <td>{crash.tow_away ? 'Yes' : 'No'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pagination
        label="Crash pages"
        current={crashes.page}
        total={Math.ceil(crashes.total / crashes.per_page)}
        hrefFor={(page) => href({ crashes: page }, 'safety-crashes')}
      />
    </div>
  );
}

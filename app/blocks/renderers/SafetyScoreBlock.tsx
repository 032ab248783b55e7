import { formatLongIsoDay } from '../../../core/format.ts';
import type { CarrierPanels } from '../types.ts';
import { SafetyDetail } from './SafetyDetail.tsx';

/** Below this many inspections a rate says how many it rests on. */
export const FEW_INSPECTIONS = 5;

/**
 * An out-of-service rate over the inspections of its levels: 'No inspections' when there were none
 * (never flagged), '{rate}% of {n} inspections' when there were fewer than five.
 */
function Rate({
  label,
  rate,
  inspections,
  average,
  averageAsOf,
}: {
  label: string;
  rate: number | null;
  inspections: number;
  average: number;
  averageAsOf: string;
}) {
  const high = rate !== null && rate > average;
  let figure = 'No inspections';
  if (rate !== null) {
    figure = `${rate.toFixed(1)}%`;
    if (inspections < FEW_INSPECTIONS) {
      figure += ` of ${inspections} ${inspections === 1 ? 'inspection' : 'inspections'}`;
    }
  }
  return (
    <div className={`stat ${high ? 'stat--warning' : ''}`}>
      <dt>{label}</dt>
      <dd>
        <strong>{figure}</strong>
        <span className="muted">
          {' '}
          National average {average}% (SAFER, {formatLongIsoDay(averageAsOf)})
        </span>
        {high ? <span className="stat__flag">Higher than the national average</span> : null}
      </dd>
    </div>
  );
}

export function SafetyScoreBlock({ panels }: { panels: CarrierPanels }) {
  if (panels.safety.status === 'unavailable') return <p className="muted">DOT number not available</p>;
  if (panels.safety.status === 'error')
    return <p className="alert alert--error">Error: Failed to load safety data</p>;
  const summary = panels.safety.value;
  if (!summary || (summary.total_inspections === 0 && summary.total_crashes === 0)) {
    return <p className="muted">No safety data available for this carrier.</p>;
  }
  return (
    <div className="safety">
      <p className="muted">FMCSA inspections and crashes in the last {summary.window_months} months.</p>
      <dl className="stats">
        <div className="stat">
          <dt>Inspections</dt>
          <dd>
            <strong>{summary.total_inspections}</strong>
          </dd>
        </div>
        <div className="stat">
          <dt>Violations</dt>
          <dd>
            <strong>{summary.total_violations}</strong>
          </dd>
        </div>
        <div className="stat">
          <dt>Out-of-service violations</dt>
          <dd>
            <strong>{summary.total_oos_violations}</strong>
          </dd>
        </div>
        <Rate
          label="Vehicle out-of-service rate"
          rate={summary.vehicle_oos_rate}
          inspections={summary.vehicle_inspections}
          average={summary.national_averages.vehicle_oos_rate}
          averageAsOf={summary.national_averages.as_of}
        />
        <Rate
          label="Driver out-of-service rate"
          rate={summary.driver_oos_rate}
          inspections={summary.driver_inspections}
          average={summary.national_averages.driver_oos_rate}
          averageAsOf={summary.national_averages.as_of}
        />
        <div className={`stat ${summary.total_crashes > 0 ? 'stat--warning' : ''}`}>
          <dt>Crashes</dt>
          <dd>
            <strong>{summary.total_crashes}</strong>
            <span className="muted">
              {' '}
              {summary.crashes_with_fatalities} fatal, {summary.crashes_with_injuries} injury,{' '}
              {summary.crashes_with_tow_away} tow-away
            </span>
            {summary.total_crashes > 0 ? <span className="stat__flag">Crashes reported</span> : null}
          </dd>
        </div>
      </dl>
      <SafetyDetail panels={panels} />
    </div>
  );
}

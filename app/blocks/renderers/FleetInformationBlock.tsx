import type { CarrierPanels } from '../types.ts';

/** Fleet size and use: units, drivers and miles from the MCS-150 filing. */
export function FleetInformationBlock({ panels }: { panels: CarrierPanels }) {
  if (panels.carrier.status === 'unavailable') return <p className="muted">DOT number not available</p>;
  if (panels.carrier.status === 'error')
    return <p className="alert alert--error">Error: Failed to load carrier data</p>;
  const record = panels.carrier.value;
  if (!record || (record.power_units === null && record.total_drivers === null)) {
    return <p className="muted">No fleet data available for this DOT number.</p>;
  }
  const perUnit =
    record.mcs150_mileage && record.power_units
      ? Math.round(record.mcs150_mileage / record.power_units)
      : null;
  return (
    <dl className="stats">
      <div className="stat">
        <dt>Power units</dt>
        <dd>
          <strong>{record.power_units ?? 'N/A'}</strong>
        </dd>
      </div>
      <div className="stat">
        <dt>Trucks</dt>
        <dd>
          <strong>{record.truck_units ?? 'N/A'}</strong>
        </dd>
      </div>
      <div className="stat">
        <dt>Drivers</dt>
        <dd>
          <strong>{record.total_drivers ?? 'N/A'}</strong>
        </dd>
      </div>
      <div className="stat">
        <dt>Miles per unit{record.mcs150_mileage_year ? ` (${record.mcs150_mileage_year})` : ''}</dt>
        <dd>
          <strong>{perUnit === null ? 'N/A' : perUnit.toLocaleString('en-US')}</strong>
        </dd>
      </div>
    </dl>
  );
}

import { CARGO_TYPES } from '../../../core/cargo.ts';
import type { CarrierPanels } from '../types.ts';

function value(number: number | null | undefined): string {
  return number === null || number === undefined ? 'N/A' : number.toLocaleString('en-US');
}

/** Cargo and carrier information from the FMCSA census record. */
export function CargoCarrierBlock({ panels }: { panels: CarrierPanels }) {
  if (panels.carrier.status === 'unavailable') return <p className="muted">DOT number not available</p>;
  if (panels.carrier.status === 'error')
    return <p className="alert alert--error">Error: Failed to load carrier data</p>;
  const record = panels.carrier.value;
  if (!record) return <p className="muted">No carrier data available for this DOT number.</p>;
  const flags = record as unknown as Record<string, string>;
  const authorised = CARGO_TYPES.filter(([code]) => flags[`crgo_${code.toLowerCase()}`] === 'X').map(
    ([, label]) =>
      label === 'Other Cargo' && record.crgo_cargoothr_desc ? `Other: ${record.crgo_cargoothr_desc}` : label,
  );
  return (
    <div>
      <dl className="facts">
        <dt>Power units</dt>
        <dd>{value(record.power_units)}</dd>
        <dt>Truck units</dt>
        <dd>{value(record.truck_units)}</dd>
        <dt>Total drivers</dt>
        <dd>{value(record.total_drivers)}</dd>
        <dt>Total CDL drivers</dt>
        <dd>{value(record.total_cdl)}</dd>
        <dt>Mileage</dt>
        <dd>
          {value(record.mcs150_mileage)}
          {record.mcs150_mileage_year ? ` (${record.mcs150_mileage_year})` : ''}
        </dd>
        <dt>Business</dt>
        <dd>{record.business_org_desc ?? 'N/A'}</dd>
      </dl>
      {/* A level below the block's h2 title (Lighthouse heading-order); styled like the h4 it was. */}
      <h3 className="profile-block__subheading">Authorized cargo</h3>
      {authorised.length > 0 ? (
        <ul className="tag-list">
          {authorised.map((label) => (
            <li key={label} className="badge badge--muted">
              {label}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No specific cargo types authorized or data not available.</p>
      )}
    </div>
  );
}

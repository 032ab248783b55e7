import { PUBLIC_BOARD_ROWS } from '../../../core/capacity.ts';
import { formatCapacityDate } from '../../../core/format.ts';
import { OwnerOnly, type OwnerView } from '../OwnerOnly.tsx';
import type { CarrierPanels } from '../types.ts';

/**
 * The capacity board: trucks the carrier has available, by date and lane; the soonest
 * PUBLIC_BOARD_ROWS entries, with a line saying how many the board holds when there are more.
 */
export function CapacityBlock({ panels, isOwner }: { panels: CarrierPanels; isOwner: OwnerView }) {
  if (panels.capacity.status === 'error') {
    return <p className="alert alert--error">Error: Failed to load capacity data. Please try again later.</p>;
  }
  const board = panels.capacity.status === 'data' ? (panels.capacity.value ?? []) : [];
  const entries = board.slice(0, PUBLIC_BOARD_ROWS);
  return (
    <div>
      <p className="muted">Trucks available for loads, kept current by the carrier.</p>
      <OwnerOnly isOwner={isOwner}>
        <p className="muted">Manage these entries in the Content Blocks tab of the profile editor.</p>
      </OwnerOnly>
      {entries.length === 0 ? (
        <p className="muted">No capacity entries found.</p>
      ) : (
        <table className="capacity-table">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Trailer</th>
              <th scope="col">Origin</th>
              <th scope="col">Destination</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td>{formatCapacityDate(entry.date)}</td>
                <td>{entry.trailer}</td>
                <td>{entry.origin}</td>
                <td>{entry.destination || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {board.length > entries.length ? (
        <p className="muted">
          Showing the {entries.length} soonest of {board.length} entries.
        </p>
      ) : null}
    </div>
  );
}

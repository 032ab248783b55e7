import type { CarrierPanels } from '../types';

/** Stars for a 0-5 rating: full stars by floor, a half star when the fraction is 0.5 or more. */
export function starParts(rating: number): { full: number; half: boolean; empty: number } {
  const full = Math.floor(rating);
  const half = rating - full >= 0.5;
  return { full, half, empty: 5 - full - (half ? 1 : 0) };
}

export function Stars({ rating }: { rating: number }) {
  const { full, half, empty } = starParts(rating);
  return (
    <span className="stars" role="img" aria-label={`${rating.toFixed(1)} out of 5 stars`}>
      {'★'.repeat(full)}
      {half ? '⯪' : ''}
      {'☆'.repeat(empty)}
    </span>
  );
}

export function RatingsBlock({ panels }: { panels: CarrierPanels }) {
  const summary = panels.ratingSummary;
  if (summary.total_ratings === 0) return <p className="muted">No ratings available for this carrier yet.</p>;
  const overall = summary.overall_rating;
  return (
    <div>
      {typeof overall === 'number' ? (
        <p className="rating-overall">
          <Stars rating={overall} /> <strong>{overall.toFixed(1)}</strong>
        </p>
      ) : (
        <p className="muted">No rating available</p>
      )}
      <dl className="facts">
        <dt>On-time</dt>
        <dd>{summary.avg_on_time?.toFixed(1) ?? 'N/A'}/5.0</dd>
        <dt>Communication</dt>
        <dd>{summary.avg_communication?.toFixed(1) ?? 'N/A'}/5.0</dd>
        <dt>Service</dt>
        <dd>{summary.avg_service?.toFixed(1) ?? 'N/A'}/5.0</dd>
        <dt>Ratings</dt>
        <dd>{summary.total_ratings}</dd>
      </dl>
    </div>
  );
}

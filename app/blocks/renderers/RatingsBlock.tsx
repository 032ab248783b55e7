import { formatLongDate } from '../../../core/format.ts';
import { CarrierReplyNote } from '../../components/CarrierReplyNote.tsx';
import { COUNTED_DOMAIN_WINDOW_DAYS, COUNTED_RATINGS_PER_DOMAIN } from '../../../core/ratings.ts';
import type { CarrierPanels, RatingDetails } from '../types.ts';

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

const starsLabel = (stars: number) => `${stars} ${stars === 1 ? 'star' : 'stars'}`;

/** How many ratings have each overall star count, as bars. */
function Distribution({
  distribution,
  total,
}: {
  distribution: RatingDetails['distribution'];
  total: number;
}) {
  return (
    <>
      <h3 className="rating-subtitle">Rating distribution</h3>
      <ul className="rating-distribution">
        {distribution.map(({ stars, count }) => (
          <li key={stars}>
            <span className="rating-distribution__label">{starsLabel(stars)}</span>
            <span className="rating-distribution__bar" aria-hidden="true">
              <span style={{ width: `${total > 0 ? (100 * count) / total : 0}%` }} />
            </span>
            <span className="rating-distribution__count">
              {count}
              <span className="visually-hidden"> {count === 1 ? 'rating' : 'ratings'}</span>
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * Where the counted ratings come from, and how many are kept but not counted (docs/decisions/093):
 * ratings from one reviewer domain count up to a cap, so a catch-all domain cannot vote a carrier up.
 */
function ReviewerDomains({ total, details }: { total: number; details: RatingDetails }) {
  return (
    <p className="muted rating-domains">
      {plural(total, 'rating', 'ratings')} from{' '}
      {plural(details.reviewer_domains, 'reviewer domain', 'reviewer domains')}.
      {details.uncounted_ratings > 0
        ? ` ${plural(details.uncounted_ratings, 'more rating is', 'more ratings are')} not counted: at most ${COUNTED_RATINGS_PER_DOMAIN} ratings from one domain count in ${COUNTED_DOMAIN_WINDOW_DAYS} days.`
        : null}
    </p>
  );
}

/** The newest comments with the carrier's replies; React escapes their text, and line breaks are kept by CSS. */
function RecentComments({ comments }: { comments: RatingDetails['recent_comments'] }) {
  if (comments.length === 0) return null;
  return (
    <>
      <h3 className="rating-subtitle">Recent comments</h3>
      <ul className="rating-comments">
        {comments.map((entry, index) => (
          <li key={index}>
            <p className="rating-comments__meta">
              <Stars rating={entry.stars} />{' '}
              <time dateTime={entry.submitted_on}>
                {formatLongDate(new Date(`${entry.submitted_on}T00:00:00Z`))}
              </time>
            </p>
            <p className="rating-comments__text">{entry.comment}</p>
            <CarrierReplyNote reply={entry.reply} />
          </li>
        ))}
      </ul>
    </>
  );
}

export function RatingsBlock({ panels }: { panels: CarrierPanels }) {
  const summary = panels.ratingSummary;
  if (summary.total_ratings === 0) return <p className="muted">No ratings available for this carrier yet.</p>;
  const overall = summary.overall_rating;
  const { ratings } = panels;
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
      {ratings.status === 'error' ? (
        <p className="alert alert--error">Error: Failed to load ratings data</p>
      ) : ratings.status === 'data' ? (
        <>
          <ReviewerDomains total={summary.total_ratings} details={ratings.value} />
          <Distribution distribution={ratings.value.distribution} total={summary.total_ratings} />
          <RecentComments comments={ratings.value.recent_comments} />
        </>
      ) : null}
    </div>
  );
}

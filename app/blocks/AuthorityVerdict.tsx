import type { Verdict, VerdictLevel } from '../../core/authority.ts';

const TONES: Record<VerdictLevel, string> = {
  authorized: 'verdict--authorized',
  warning: 'verdict--warning',
  review: 'verdict--review',
  'not authorized': 'verdict--not-authorized',
  'not needed': 'verdict--none',
};

/**
 * The one verdict at the top of a profile (issue 18): its headline and the reasons the server's rule
 * found (core/authority.ts vettingVerdict). Nothing when the L&I record could not be read: the
 * Authority & Insurance block says so.
 */
export function AuthorityVerdict({ verdict }: { verdict: Verdict | null }) {
  if (!verdict) return null;
  return (
    <section className={`verdict ${TONES[verdict.level]}`} aria-label="Authority verdict">
      <div className="verdict__inner">
        <p className="verdict__headline">
          <strong>{verdict.headline}</strong>
        </p>
        {verdict.reasons.length > 0 ? (
          <ul className="verdict__reasons">
            {verdict.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}

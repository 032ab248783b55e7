import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * The frame of a route whose full screen is built by a later issue (see the issue list). It says so
 * plainly instead of pretending to work.
 */
export function MinimalPage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="page page--narrow">
      <h1>{title}</h1>
      {children}
      <p className="muted">This part of CarrierPage is not available yet.</p>
      <Link to="/" className="button button--secondary">
        Back to Home
      </Link>
    </section>
  );
}

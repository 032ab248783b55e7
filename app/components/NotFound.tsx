import { PageLink } from './PageLink.tsx';

/** The 404 content, shared by the catch-all route and the error boundary. */
export function NotFound() {
  return (
    <section className="page page--narrow centered">
      <p className="eyebrow">404</p>
      <h1>Page Not Found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <PageLink to="/" className="button button--primary">
        Back to Home
      </PageLink>
    </section>
  );
}

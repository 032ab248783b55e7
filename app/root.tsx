import type { ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
} from 'react-router';
import { NotFound } from './components/NotFound.tsx';
import { SiteFooter } from './components/SiteFooter.tsx';
import { SiteHeader } from './components/SiteHeader.tsx';
import { HydratedPageProvider } from './lib/hydrated-page.tsx';
import { islandOf } from './lib/island-page.ts';
import { useNonce } from './lib/nonce.tsx';
import { PRODUCT_NAME, pageTitle } from '../core/site.ts';
import stylesheet from './styles/app.css?url';
import type { Route } from './+types/root.ts';

/** Facts every page needs for its head: the public base URL for canonical links. */
export function loader({ context }: Route.LoaderArgs) {
  return { appUrl: context.services.site.appUrl };
}

// The root data never changes while the app runs.
export const shouldRevalidate = () => false;

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.ico' },
];

/**
 * A public page is not hydrated (docs/decisions/046-public-pages-without-react.md): instead of React
 * Router's scripts (and their module preloads and scroll restoration) it loads the one island script
 * its route's handle names. Every other page is hydrated.
 */
export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const island = islandOf(useMatches().map((match) => match.handle));
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {island ? <script src={island} defer nonce={nonce} /> : null}
      </head>
      <body>
        <div id="top" />
        <HydratedPageProvider value={!island}>{children}</HydratedPageProvider>
        {island ? null : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

/**
 * A route hides the site header by returning `hideSiteHeader: true` from its loader (the claimed
 * profile page does, per the spec).
 */
function useHideSiteHeader(): boolean {
  return useMatches().some((match) => {
    const data = match.loaderData;
    return (
      typeof data === 'object' && data !== null && 'hideSiteHeader' in data && data.hideSiteHeader === true
    );
  });
}

function Shell({ children }: { children: ReactNode }) {
  const hideHeader = useHideSiteHeader();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {hideHeader ? null : <SiteHeader productName={PRODUCT_NAME} />}
      <main id="main">{children}</main>
      <SiteFooter productName={PRODUCT_NAME} />
    </>
  );
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Shell>
        <title>{pageTitle('Page Not Found')}</title>
        <NotFound />
      </Shell>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 503) {
    return (
      <Shell>
        <title>{pageTitle('Temporarily unavailable')}</title>
        <section className="page page--narrow centered">
          <h1>Temporarily unavailable</h1>
          <p>This page cannot be loaded at the moment. Please try again in a few seconds.</p>
          <a href="/" className="button button--primary">
            Back to Home
          </a>
        </section>
      </Shell>
    );
  }
  return (
    <Shell>
      <title>{pageTitle('Something went wrong')}</title>
      <section className="page page--narrow centered">
        <h1>Something went wrong</h1>
        <p>An unexpected error occurred. Please try again in a moment.</p>
        <a href="/" className="button button--primary">
          Back to Home
        </a>
      </section>
    </Shell>
  );
}

import { data } from 'react-router';
import { NotFound } from '../../components/NotFound.tsx';
import { notFoundMeta } from '../../lib/seo.ts';
import type { IslandHandle } from '../../lib/island-page.ts';
import island from '../../islands/site-island.ts?worker&url';
import type { Route } from './+types/not-found.ts';

export const handle: IslandHandle = { island };

// Any path no other route claims: the page says 'Page Not Found' and the HTTP status is 404 too.
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = (args) => notFoundMeta(args);

export default function NotFoundRoute() {
  return <NotFound />;
}

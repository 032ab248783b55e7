import { data } from 'react-router';
import { NotFound } from '../../components/NotFound.tsx';
import { notFoundMeta } from '../../lib/seo.ts';
import type { Route } from './+types/not-found.ts';

// Any path no other route claims: the page says 'Page Not Found' and the HTTP status is 404 too.
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = (args) => notFoundMeta(args);

export default function NotFoundRoute() {
  return <NotFound />;
}

import { data } from 'react-router';
import { NotFound } from '../../components/NotFound';
import { pageTitle } from '../../lib/site';
import type { Route } from './+types/not-found';

// Any path no other route claims: the page says 'Page Not Found' and the HTTP status is 404 too.
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Page Not Found') }];

export default function NotFoundRoute() {
  return <NotFound />;
}

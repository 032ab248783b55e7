import { data } from 'react-router';
import { NotFound } from '../../components/NotFound';
import { pageTitle } from '../../lib/site';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/not-found';

// Any path no other route claims: the page says 'Page Not Found' and the HTTP status is 404 too.
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: pageTitle('Page Not Found'),
    description: 'The page you are looking for does not exist or has moved.',
    noindex: true,
  });

export default function NotFoundRoute() {
  return <NotFound />;
}

import { MinimalPage } from '../../components/MinimalPage';
import { pageTitle } from '../../lib/site';
import type { Route } from './+types/review';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Submit Rating') }];

export default function ReviewRoute() {
  return <MinimalPage title="Submit Rating" />;
}

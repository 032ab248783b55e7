import { MinimalPage } from '../../components/MinimalPage';
import { pageTitle } from '../../lib/site';
import type { Route } from './+types/request-rating';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Request a Rating') }];

export default function RequestRatingRoute() {
  return <MinimalPage title="Request a Rating" />;
}

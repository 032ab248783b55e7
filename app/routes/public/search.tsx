import { MinimalPage } from '../../components/MinimalPage';
import { pageTitle } from '../../lib/site';
import type { Route } from './+types/search';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Search Carriers') }];

export default function SearchRoute() {
  return <MinimalPage title="Search Carriers" />;
}

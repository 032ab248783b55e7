import { MinimalPage } from '../../components/MinimalPage';
import { pageTitle } from '../../lib/site';
import type { Route } from './+types/city';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Trucking Companies') }];

export default function CityRoute() {
  return <MinimalPage title="Trucking Companies" />;
}

import { MinimalPage } from '../../components/MinimalPage';
import { pageTitle } from '../../lib/site';
import type { Route } from './+types/profile';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Carrier Profile') }];

export default function ProfileRoute() {
  return <MinimalPage title="Carrier Profile" />;
}

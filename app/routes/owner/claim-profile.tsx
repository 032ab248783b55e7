import { MinimalPage } from '../../components/MinimalPage';
import { pageTitle } from '../../lib/site';
import type { Route } from './+types/claim-profile';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Claim Profile') }];

export default function ClaimProfileRoute() {
  return <MinimalPage title="Claim Profile" />;
}

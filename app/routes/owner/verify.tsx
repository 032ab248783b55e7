import { MinimalPage } from '../../components/MinimalPage';
import { pageTitle } from '../../lib/site';
import type { Route } from './+types/verify';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Verification') }];

export default function VerifyRoute() {
  return <MinimalPage title="Verification" />;
}

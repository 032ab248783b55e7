import { MinimalPage } from '../../components/MinimalPage';
import { pageTitle } from '../../lib/site';
import type { Route } from './+types/login';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Login') }];

export default function LoginRoute() {
  return <MinimalPage title="Login" />;
}

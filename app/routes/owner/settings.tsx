import { MinimalPage } from '../../components/MinimalPage';
import { pageTitle } from '../../lib/site';
import type { Route } from './+types/settings';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Settings') }];

export default function SettingsRoute() {
  return <MinimalPage title="Settings" />;
}

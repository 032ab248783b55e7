import { MinimalPage } from '../../components/MinimalPage';
import { pageTitle } from '../../lib/site';
import type { Route } from './+types/profile-edit';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Edit Profile') }];

export default function ProfileEditRoute() {
  return <MinimalPage title="Edit Profile" />;
}

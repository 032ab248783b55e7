import { MinimalPage } from '../../components/MinimalPage';
import { pageTitle } from '../../lib/site';
import type { Route } from './+types/thank-you';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Thank You for Your Rating!') }];

export default function ThankYouRoute() {
  return <MinimalPage title="Thank You for Your Rating!" />;
}

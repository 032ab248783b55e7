import { Link } from 'react-router';
import { pageTitle } from '../../../core/site.ts';
import type { Route } from './+types/thank-you.ts';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Thank You for Your Rating!') },
  { name: 'robots', content: 'noindex' },
];

/** Where a reviewer lands after submitting a rating. */
export default function ThankYouRoute() {
  return (
    <section className="page page--narrow card-page centered">
      <h1>Thank You for Your Rating!</h1>
      <p>
        Your rating now counts towards the carrier’s public profile, where shippers and brokers read it when
        they choose who hauls their freight.
      </p>
      <div className="button-row">
        <Link to="/" className="button button--primary">
          Return Home
        </Link>
        <Link to="/search" className="button button--secondary">
          Search Carriers
        </Link>
      </div>
    </section>
  );
}

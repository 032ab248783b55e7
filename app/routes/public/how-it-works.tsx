import { Link } from 'react-router';
import { PRODUCT_NAME, pageTitle } from '../../../core/site.ts';
import { seoMeta } from '../../lib/seo.ts';
import type { IslandHandle } from '../../lib/island-page.ts';
import island from '../../islands/site-island.ts?worker&url';
import type { Route } from './+types/how-it-works.ts';

export const handle: IslandHandle = { island };

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: pageTitle('How It Works'),
    description: `How ${PRODUCT_NAME} works: find your company by DOT number, claim it through the e-mail on your FMCSA record, and customise your carrier profile.`,
  });

interface Benefit {
  title: string;
  text: string;
}

const CARRIER_BENEFITS: readonly Benefit[] = [
  {
    title: 'A Verified Profile',
    text: 'Once you claim your page it carries a VERIFIED badge, so shippers and brokers know the company behind it is really you and not a copy of old data.',
  },
  {
    title: 'A Page That Looks Like Your Company',
    text: 'Tell your story, show your equipment and arrange everything on a four-column grid. Add your logo, a header image and your own colours with the style editor.',
  },
  {
    title: 'A Live Capacity Board',
    text: 'Post the trucks you have available, with date, trailer type, origin and destination, or mark a truck as available anytime. Brokers looking for capacity see it at once.',
  },
  {
    title: 'Ratings from Real Loads',
    text: 'Send a rating link to the shippers and brokers you haul for. Their scores for on-time performance, communication and service quality build your reputation.',
  },
  {
    title: 'Your Safety Record, Presented Clearly',
    text: 'Your inspections, out-of-service rates, crashes and authorised cargo are shown from FMCSA data, so a good record works for you without any extra paperwork.',
  },
  {
    title: 'No Password to Remember',
    text: 'Log in with a link sent to your e-mail. Company admins can add other users from the office, so dispatch can keep the page current.',
  },
];

const SHIPPER_BENEFITS: readonly Benefit[] = [
  {
    title: 'Find Carriers Fast',
    text: 'Look up a carrier by DOT number, or search by company name, MC number, e-mail or website. Filter by state and company type, or search within a radius of a ZIP code.',
  },
  {
    title: 'Safety Data from FMCSA',
    text: 'See inspections, violations, driver and vehicle out-of-service rates compared with the national average, crashes, and a heat map of where the carrier was inspected in the past 12 months.',
  },
  {
    title: 'Know What They Haul',
    text: 'Check power units, drivers and the cargo types each carrier is authorised to haul, from general freight and refrigerated food to household goods and livestock.',
  },
  {
    title: 'Ratings You Can Trust',
    text: 'Ratings come from customers who received a link from the carrier for a specific load, scored on on-time performance, communication and service quality.',
  },
  {
    title: 'Capacity at a Glance',
    text: 'Carriers post their available trucks with dates, trailer types and lanes, so you can see who has equipment heading your way before you pick up the phone.',
  },
  {
    title: 'Browse by City',
    text: 'City pages list the trucking companies based in major freight markets, with filters for company type, cargo type and radius.',
  },
];

function BenefitCards({ benefits }: { benefits: readonly Benefit[] }) {
  return (
    <div className="card-grid">
      {benefits.map((benefit) => (
        <article key={benefit.title} className="card">
          <h3>{benefit.title}</h3>
          <p>{benefit.text}</p>
        </article>
      ))}
    </div>
  );
}

export default function HowItWorks() {
  return (
    <section className="page page--narrow">
      <h1>How It Works</h1>
      <p className="lead">
        Every US carrier with a USDOT number already has a page on {PRODUCT_NAME}, built from public FMCSA
        records. Claim yours in minutes and turn it into a profile that wins you freight.
      </p>

      <section aria-labelledby="steps-heading">
        <h2 id="steps-heading">Three Steps to Your Carrier Profile</h2>
        <ol className="steps">
          <li>
            <h3>Search for your company</h3>
            <p>
              Enter your DOT number on the home page to go straight to your profile, or search by company name
              or MC number. Your page already shows your company details and safety data from FMCSA.
            </p>
          </li>
          <li>
            <h3>Claim your profile</h3>
            <p>
              Press Claim This Profile and we send a verification link to the e-mail address listed with your
              DOT number in your FMCSA record. Opening that link proves you control the company's e-mail,
              marks your profile as verified and logs you in. If the address on file is out of date, update it
              with FMCSA first.
            </p>
          </li>
          <li>
            <h3>Customise your page</h3>
            <p>
              Add content blocks for your story, equipment photos, capacity board and customer ratings.
              Arrange them with the grid editor, then give the page your company colours with the style
              editor.
            </p>
          </li>
        </ol>
      </section>

      <section aria-labelledby="carrier-benefits-heading">
        <h2 id="carrier-benefits-heading">Benefits for Carriers</h2>
        <BenefitCards benefits={CARRIER_BENEFITS} />
      </section>

      <section aria-labelledby="shipper-benefits-heading">
        <h2 id="shipper-benefits-heading">Benefits for Shippers and Brokers</h2>
        <BenefitCards benefits={SHIPPER_BENEFITS} />
      </section>

      <section aria-labelledby="get-started-heading">
        <h2 id="get-started-heading">Get Started</h2>
        <div className="card centered">
          <p>
            Looking for a carrier, or ready to find and claim your own page? Start with a search. Already
            claimed your profile? Log in with a link sent to your e-mail.
          </p>
          <p>
            <Link to="/search" className="button button--primary">
              Search Carriers
            </Link>{' '}
            <Link to="/login" className="button button--secondary">
              Log In to Your Profile
            </Link>
          </p>
        </div>
      </section>
    </section>
  );
}

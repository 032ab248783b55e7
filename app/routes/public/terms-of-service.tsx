import { formatLongDate } from '../../../core/format.ts';
import { PRODUCT_NAME, pageTitle } from '../../../core/site.ts';
import { seoMeta } from '../../lib/seo.ts';
import type { IslandHandle } from '../../lib/island-page.ts';
import island from '../../islands/site-island.ts?worker&url';
import type { Route } from './+types/terms-of-service.ts';

export const handle: IslandHandle = { island };

export function loader({ context }: Route.LoaderArgs) {
  return { supportEmail: context.services.site.supportEmail, lastUpdated: formatLongDate(new Date()) };
}

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: pageTitle('Terms of Service'),
    description: `The terms for using ${PRODUCT_NAME}: claiming and managing a carrier profile, content rules, ratings, fees and acceptable use.`,
  });

export default function TermsOfService({ loaderData }: Route.ComponentProps) {
  const { supportEmail, lastUpdated } = loaderData;
  return (
    <section className="page page--narrow">
      <h1>Terms of Service</h1>
      <p className="muted">Last updated: {lastUpdated}</p>
      <div className="prose">
        <p>
          These terms apply to everyone who uses {PRODUCT_NAME}: carriers who claim and manage a profile, and
          shippers, brokers and other visitors who search the directory or submit a rating. By using the
          service you agree to them. If you do not agree, please do not use the service.
        </p>

        <h2>The service</h2>
        <p>
          {PRODUCT_NAME} is a service for carriers (trucking companies) to present their profile to shippers
          and brokers. Every carrier with a USDOT number has a profile built from public records. A carrier
          can claim its profile and then add content, photos, a capacity board and styles, and invite
          customers to rate it. Visitors can search carriers, read profiles and safety data, and submit a
          rating when a carrier sends them a rating link.
        </p>

        <h2>Accounts and eligibility</h2>
        <ul>
          <li>
            You may claim or manage a profile only if you are the carrier, or are authorised to act for it,
            and you are at least 18 years old.
          </li>
          <li>
            One account is allowed per DOT number. A company admin may add other people as users of that
            account and is responsible for who has access.
          </li>
          <li>
            Login links are sent by e-mail and are personal to you. Do not forward them, and keep access to
            your e-mail account secure: whoever controls it can log in to your profile.
          </li>
          <li>You are responsible for everything done through your account.</li>
        </ul>

        <h2>Claiming a profile</h2>
        <p>
          A profile is claimed by proving control of the e-mail address listed for the DOT number in the
          carrier's FMCSA record: we send a verification link to that address, and only that address. If the
          address on file is missing or out of date, update your registration with FMCSA before claiming. You
          must not try to claim a profile that does not belong to you. We may reverse a claim, or suspend an
          account, that was obtained through a compromised or mistaken e-mail address.
        </p>

        <h2>Carrier data from public records</h2>
        <p>
          Profile data such as company details, fleet size, authorised cargo, inspections, violations and
          crashes comes from public FMCSA records. We present it as published and do not change it, and
          carriers cannot edit it on {PRODUCT_NAME}. Records can be incomplete or out of date. To correct
          them, update your registration with FMCSA or request a review of inspection and crash data through
          FMCSA's DataQs system; our pages follow once the records change. Data shown on {PRODUCT_NAME} is for
          information only and is not a safety rating, endorsement or recommendation by us. Check the official
          records before you tender freight.
        </p>

        <h2>Your content</h2>
        <p>
          You keep ownership of the text, images and styles you add to your profile. You give us a licence to
          store, display and reproduce that content on the service for as long as it is on your profile. You
          promise that your content is accurate, that you have the right to publish it, and that it:
        </p>
        <ul>
          <li>
            does not mislead visitors about your company, your authority, your equipment or your record;
          </li>
          <li>does not infringe anyone's copyright, trademark or other rights;</li>
          <li>
            does not publish other people's personal information, such as drivers' details, without consent;
          </li>
          <li>
            is not unlawful, hateful, harassing or sexually explicit, and does not advertise unrelated goods.
          </li>
        </ul>
        <p>Technical rules apply to keep every page safe for visitors:</p>
        <ul>
          <li>
            Custom content blocks accept basic HTML. It is sanitised: scripts, event handlers and tags outside
            the allowed set are removed.
          </li>
          <li>
            Custom CSS applies only to your own profile page. @import rules, url() references to other
            websites and CSS expressions are removed.
          </li>
          <li>Images must be JPEG, PNG or GIF files of no more than 5MB each.</li>
          <li>You must not try to get around these rules or interfere with other parts of the site.</li>
        </ul>
        <p>We may remove content that breaks these terms, and will normally tell you why.</p>

        <h2>Capacity board</h2>
        <p>
          Capacity entries are statements about trucks you have available. Keep them current and remove
          entries once the truck is booked. {PRODUCT_NAME} does not arrange, broker or guarantee loads; any
          agreement for transportation is made directly between you and your customer.
        </p>

        <h2>Ratings</h2>
        <p>
          Ratings come from customers through rating links that carriers send them. Each request names a
          reviewer e-mail address and a load number, and the same reviewer can be sent only one request per
          week. Carriers may send requests only to real customers about real loads, and must not rate
          themselves, offer anything in return for a rating, or pressure a reviewer. Reviewers must rate
          honestly, based on their own experience of the load. We may remove ratings that we believe are fake,
          manipulated or abusive, and may suspend accounts involved.
        </p>

        <h2>Fees</h2>
        <p>
          Some services or features may carry a fee. Where we charge a fee, the price is shown before you pay.
          Fees are generally non-refundable, except where the law requires a refund.
        </p>

        <h2>Acceptable use</h2>
        <p>You must not:</p>
        <ul>
          <li>copy the directory in bulk, or scrape it by automated means, beyond normal personal use;</li>
          <li>send rating requests or other messages through the service as spam;</li>
          <li>impersonate a carrier, a customer or anyone else;</li>
          <li>probe, scan or test the security of the service, or get around its rate limits;</li>
          <li>upload malware or anything designed to harm visitors or the service.</li>
        </ul>

        <h2>Suspension and termination</h2>
        <p>
          You can stop using the service at any time and ask us to delete your account. We may suspend or end
          access to an account that breaks these terms, or where a carrier's authority to act is disputed. The
          public profile built from FMCSA records remains in the directory, because that information is
          public.
        </p>

        <h2>Disclaimers and liability</h2>
        <p>
          The service is provided as is and as available. We do not promise that it will be uninterrupted or
          error free, or that data from public records or from users is complete or accurate. You are
          responsible for your own decisions to hire a carrier or accept a load. To the extent the law allows,
          we are not liable for indirect or consequential losses, lost profits or lost business arising from
          the use of the service, and our total liability to you is limited to the fees you paid us in the
          twelve months before the claim.
        </p>

        <h2>Changes to these terms</h2>
        <p>
          We may update these terms as the service changes. The date at the top shows when they were last
          updated. If a change materially affects carriers, we will tell account holders by e-mail before it
          takes effect. Continuing to use the service after that means you accept the updated terms.
        </p>

        <h2>Contact</h2>
        <p>
          Questions about these terms, or a dispute about who controls a profile? Our support contact is{' '}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
        </p>
      </div>
    </section>
  );
}

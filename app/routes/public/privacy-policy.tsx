import { formatLongDate } from '../../../core/format.ts';
import { PRODUCT_NAME, pageTitle } from '../../../core/site.ts';
import { seoMeta } from '../../lib/seo.ts';
import type { IslandHandle } from '../../lib/island-page.ts';
import island from '../../islands/site-island.ts?worker&url';
import type { Route } from './+types/privacy-policy.ts';

export const handle: IslandHandle = { island };

export function loader({ context }: Route.LoaderArgs) {
  return { supportEmail: context.services.site.supportEmail, lastUpdated: formatLongDate(new Date()) };
}

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: pageTitle('Privacy Policy'),
    description: `What information ${PRODUCT_NAME} collects about carriers, account users and reviewers, how it is used, and how to ask for it to be deleted.`,
  });

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  const { supportEmail, lastUpdated } = loaderData;
  return (
    <section className="page page--narrow">
      <h1>Privacy Policy</h1>
      <p className="muted">Last updated: {lastUpdated}</p>
      <div className="prose">
        <p>
          {PRODUCT_NAME} is a directory of US trucking carriers. It lets carriers (trucking companies) present
          their profile to shippers and brokers, and lets anyone search carriers, read their profiles and
          safety data, and rate a carrier when the carrier sends them a rating link. This policy explains what
          information we hold, why we hold it, and the choices you have. It applies to the website and to the
          e-mails we send.
        </p>

        <h2>Who the service is for</h2>
        <p>
          The service is for carriers. One account is allowed per DOT number: the company that controls the
          e-mail address on the FMCSA record claims it, and its admins may add further users to that one
          account. Where fees are charged for the service, they are generally non-refundable; the Terms of
          Service say more.
        </p>

        <h2>Information from public records</h2>
        <p>
          Carrier profiles are built from public records published by the Federal Motor Carrier Safety
          Administration (FMCSA): company name and DBA name, USDOT and MC numbers, physical address, company
          officers, fleet size, drivers, mileage, authorised cargo, inspections, violations, out-of-service
          rates and crashes. This information is already public. We show it so that anyone can look a carrier
          up, whether or not the carrier has claimed its profile.
        </p>

        <h2>The e-mail address on your FMCSA record</h2>
        <p>
          FMCSA records include an e-mail address for each carrier. We use that address only to send claim and
          login links, so that only someone who controls the carrier's registered e-mail can take over its
          profile. It is never shown publicly on your profile, in search results or anywhere else on the site,
          and we do not use it for marketing.
        </p>

        <h2>Information we collect</h2>
        <ul>
          <li>
            <strong>Account e-mail addresses.</strong> The e-mail address of each user of a claimed profile,
            including users a company admin adds, together with their role (admin or standard user) and
            whether the account is active.
          </li>
          <li>
            <strong>Profile content.</strong> The content blocks you write, your page layout, your custom CSS
            and your capacity board entries (dates, trailer types, origins and destinations).
          </li>
          <li>
            <strong>Uploaded images.</strong> Profile pictures, header images and equipment photos, with any
            description you give them. Images are re-encoded when uploaded and embedded metadata, such as the
            camera details and GPS location stored in many photos, is removed.
          </li>
          <li>
            <strong>Ratings.</strong> For each rating request, the reviewer's e-mail address and the load
            number; for each submitted rating, the scores for on-time performance, communication and service
            quality and any comment.
          </li>
          <li>
            <strong>Technical information.</strong> Like any website, our servers record requests (such as the
            IP address, the page requested and the time) to keep the service running, limit abuse and
            investigate problems.
          </li>
        </ul>

        <h2>How we use information</h2>
        <ul>
          <li>To show carrier profiles, search results and city pages to visitors.</li>
          <li>To verify claims and log users in by e-mailed link.</li>
          <li>To send rating requests that carriers ask us to send, and to calculate rating averages.</li>
          <li>To keep the service secure, prevent abuse and fix errors.</li>
          <li>To answer you when you contact support.</li>
        </ul>

        <h2>Logging in and sessions</h2>
        <p>
          We do not use passwords. When you claim a profile or log in, we e-mail you a link containing a
          single-use token. The token expires after 15 minutes and cannot be used twice; we store only a
          hashed form of it. When you open the link you receive a session token, which is kept in your
          browser's local storage on your device and sent with your requests to prove who you are. It expires
          after a set time, and logging out removes it from your browser. Anyone who uses your device while
          you are logged in can act as you, so log out on shared computers.
        </p>
        <p>We do not use cookies for advertising, and we do not place third-party tracking on our pages.</p>

        <h2>Ratings and what is public</h2>
        <p>
          Ratings come from customers who receive a rating link from a carrier. A carrier's profile shows its
          average scores and the number of ratings. We do not publish reviewers' e-mail addresses. Everything
          a carrier puts on its profile (text, images, capacity entries and styles) is public, can be seen by
          anyone and may be indexed by search engines.
        </p>

        <h2>Sharing</h2>
        <p>
          We do not sell your data, and we do not rent or trade it to advertisers or data brokers. We share
          information only with the providers that host the service and deliver our e-mails, who process it on
          our behalf and for no other purpose, and where the law requires us to, for example in response to a
          valid court order.
        </p>

        <h2>Keeping and deleting information</h2>
        <p>
          We keep account and profile information for as long as the profile is claimed or the account is
          active. You can ask us to delete your account, your profile content, your uploaded images or, if you
          are a reviewer, your rating, by writing to our support address below from the e-mail address
          concerned. We will confirm the request and complete it within 30 days. Information that comes from
          public FMCSA records stays part of the public directory, because it remains public at its source; to
          change it, update your registration with FMCSA.
        </p>

        <h2>Security</h2>
        <p>
          We protect the service with encrypted connections, hashed login tokens, access checks on every
          change to a profile, and limits on repeated requests. HTML and CSS that carriers add to their pages
          are cleaned before they are shown, so a profile cannot run scripts in a visitor's browser. No system
          is perfectly secure; if you believe your account has been misused, contact us straight away.
        </p>

        <h2>Children</h2>
        <p>
          {PRODUCT_NAME} is a business service for the trucking industry and is not directed at children under
          16. We do not knowingly collect information from them.
        </p>

        <h2>Changes to this policy</h2>
        <p>
          We may update this policy as the service changes. The date at the top of this page shows when it was
          last updated. If a change materially affects how we use your information, we will tell account
          holders by e-mail before it takes effect.
        </p>

        <h2>Contact</h2>
        <p>
          Questions about privacy, or a request to see or delete your information? Our support contact is{' '}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
        </p>
      </div>
    </section>
  );
}

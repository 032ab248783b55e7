import { data } from 'react-router';
import { WatchLink } from '../../components/WatchLink.tsx';
import { AuthorityVerdict } from '../../blocks/AuthorityVerdict.tsx';
import { OwnerOnly } from '../../blocks/OwnerOnly.tsx';
import { PageLink } from '../../components/PageLink.tsx';
import { BlockGrid } from '../../blocks/BlockGrid.tsx';
import { BlockView } from '../../blocks/BlockView.tsx';
import { HEADER_IMAGE_SIZES, ProfileHeader, headerImageOf } from '../../blocks/ProfileHeader.tsx';
import { RecordFacts } from '../../blocks/RecordFacts.tsx';
import { imagePreload, imageSources } from '../../blocks/responsive-image.ts';
import type { ProfileData } from '../../blocks/types.ts';
import { dotNumberParam, pageParam } from '../../lib/company.ts';
import { HISTORY_PAGE_PARAM } from '../../../core/history.ts';
import { titleCase } from '../../../core/format.ts';
import { useNonce } from '../../lib/nonce.tsx';
import { seoMeta } from '../../lib/seo.ts';
import { PRODUCT_NAME, pageTitle } from '../../../core/site.ts';
import { notForHydration, type IslandHandle } from '../../lib/island-page.ts';
import island from '../../islands/profile-island.ts?worker&url';
import type { Route } from './+types/profile.ts';

export const handle: IslandHandle = { island };

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const dotText = params.dotNumber;
  const dotNumber = dotNumberParam(dotText);
  // The pages of the record history and of the safety detail (their blocks link to them).
  const query = new URL(request.url).searchParams;
  const pages = {
    historyPage: pageParam(query.get(HISTORY_PAGE_PARAM)),
    inspectionsPage: pageParam(query.get('inspections')),
    crashesPage: pageParam(query.get('crashes')),
  };
  // One read model (server/domains/companies/profile-page.ts): the profile with its visible blocks,
  // the blocks the page shows and every data panel; a hidden block's data never reaches the page.
  const page =
    dotNumber > 0
      ? await context.services.profilePage.publicPage(
          dotNumber,
          (error) => context.log.error({ err: error }, 'profile panel failed'),
          pages,
        )
      : null;
  if (!page) {
    // The site header shows when the profile fails to load (it counts as unclaimed).
    return data(
      notForHydration({ dotText, page: null, today: '', hideSiteHeader: false }, context.documentRequest),
      { status: 404 },
    );
  }
  // The day the facts' ages are counted to, fixed by the server so the browser renders the same.
  const today = new Date().toISOString().slice(0, 10);
  // The page is not hydrated (docs/decisions/046): its data is for the server's render only.
  return notForHydration(
    { dotText, page, today, hideSiteHeader: page.profile.company.claimed },
    context.documentRequest,
  );
}

export const meta: Route.MetaFunction = (args) => {
  const profile = args.loaderData?.page?.profile;
  if (!profile) {
    return seoMeta(args, {
      title: pageTitle('Could not load profile'),
      description: 'This carrier profile could not be loaded.',
      noindex: true,
    });
  }
  const { company } = profile;
  const place = [company.address.city ? titleCase(company.address.city) : null, company.address.state]
    .filter(Boolean)
    .join(', ');
  const headerImage = headerImageOf(profile);
  const headerPreload = headerImage && imagePreload(imageSources(headerImage), HEADER_IMAGE_SIZES);
  return [
    ...seoMeta(args, {
      title: `${company.name} | ${PRODUCT_NAME}`,
      description: `${company.name}${place ? ` of ${place}` : ''}: USDOT ${company.dot_number}${
        company.mc_number ? `, ${company.mc_number}` : ''
      }. Safety record, inspections, fleet and cargo from FMCSA data${company.claimed ? ', and the carrier’s own profile' : ''}.`,
    }),
    // The header image is the largest paint when there is one: it starts loading with the page.
    ...(headerPreload ? [headerPreload] : []),
  ];
};

/** schema.org data for search engines: the carrier as a local business with its address and numbers. */
function structuredData(profile: ProfileData, url: string): string {
  const { company, carrier_data: carrier } = profile;
  const identifiers = [
    { '@type': 'PropertyValue', propertyID: 'USDOT', value: String(company.dot_number) },
    ...(company.mc_number ? [{ '@type': 'PropertyValue', propertyID: 'MC', value: company.mc_number }] : []),
  ];
  const json = JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    name: company.name,
    ...(company.dba_name ? { alternateName: company.dba_name } : {}),
    url,
    identifier: identifiers,
    address: {
      '@type': 'PostalAddress',
      streetAddress: carrier.phy_street ?? undefined,
      addressLocality: carrier.phy_city ?? undefined,
      addressRegion: carrier.phy_state ?? undefined,
      postalCode: carrier.phy_zip ?? undefined,
      addressCountry: carrier.phy_country ?? 'US',
    },
  });
  // '<' never appears raw inside the script element, so no value can close it.
  return json.replace(/</g, '\\u003c');
}

function ProfileFailure({ dotText }: { dotText: string }) {
  return (
    <section className="page page--narrow centered">
      <h1>Could not load profile</h1>
      <p>Unable to load the profile for DOT number {dotText}.</p>
      <PageLink to="/search" className="button button--primary">
        Search Carriers
      </PageLink>
    </section>
  );
}

export default function ProfileRoute({ loaderData }: Route.ComponentProps) {
  const nonce = useNonce();
  const { page, dotText, today } = loaderData;
  if (!page) return <ProfileFailure dotText={dotText} />;
  const { profile, panels, dataDates, blocks, showsDefaultBlocks } = page;

  const url = `/profile/${profile.company.dot_number}`;

  return (
    // The DOT number tells the profile island whose owner may see the owner-only parts.
    <div className="profile" id="carrier-profile" data-dot-number={profile.company.dot_number}>
      <script
        type="application/ld+json"
        nonce={nonce}
        dangerouslySetInnerHTML={{ __html: structuredData(profile, url) }}
      />
      {profile.css ? (
        // The policy applies no <style> without the nonce (server/http/ssr.ts).
        <style nonce={nonce}>{profile.css}</style>
      ) : null}
      <OwnerOnly isOwner="unknown">
        <div className="owner-banner" role="status">
          You are viewing your own profile
          <PageLink
            to={`/profile/${profile.company.dot_number}/edit`}
            className="button button--small button--secondary"
          >
            Edit Profile
          </PageLink>
        </div>
      </OwnerOnly>
      <ProfileHeader profile={profile} />
      <AuthorityVerdict verdict={profile.verdict} />
      {/* A plain form: the page is not hydrated, and the server answers with the report's link. */}
      <form className="report-request" method="post" action="/reports">
        <input type="hidden" name="dot_number" value={profile.company.dot_number} />
        <button type="submit" className="button button--small button--secondary">
          Download vetting report
        </button>
      </form>
      <div className="page watch-bar">
        <WatchLink dotNumber={profile.company.dot_number} name={profile.company.name} />
      </div>
      <RecordFacts record={profile.carrier_data} dates={dataDates} today={today} />
      <div className="page">
        {blocks.length === 0 ? (
          <div className="empty-state">
            <p>This profile has no content blocks yet.</p>
            <OwnerOnly isOwner="unknown">
              <PageLink to={`/profile/${profile.company.dot_number}/edit`}>
                Add your first content block
              </PageLink>
            </OwnerOnly>
          </div>
        ) : (
          <BlockGrid
            blocks={blocks}
            renderBlock={(block) => <BlockView block={block} panels={panels} isOwner="unknown" />}
          />
        )}
        {showsDefaultBlocks ? (
          <p className="claim-note">
            Claim this profile to add more content and customize your page.{' '}
            <PageLink to={`/claim-profile/${profile.company.dot_number}`}>Claim This Profile</PageLink>
          </p>
        ) : null}
      </div>
    </div>
  );
}

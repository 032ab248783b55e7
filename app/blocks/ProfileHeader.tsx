import { titleCase } from '../../core/format.ts';
import { PageLink } from '../components/PageLink.tsx';
import { BlockImage, ResponsiveImage } from './renderers/BlockImage.tsx';
import type { ProfileData } from './types.ts';

/** The first image of a visible picture block (they sit in the header, not in the rows). */
function pictureOf(profile: ProfileData, type: 'profile_picture' | 'header_picture') {
  return profile.blocks.find((block) => block.block_type === type && block.is_visible)?.assets[0];
}

/** The header image spans the whole window, behind the header's text. */
export const HEADER_IMAGE_SIZES = '100vw';

/**
 * The image a profile's largest paint is: the header image, which fills the top of the page. The
 * route preloads it (profile.tsx, meta) and the header loads it first.
 */
export function headerImageOf(profile: ProfileData) {
  return pictureOf(profile, 'header_picture');
}

/** The top of a profile: header image, profile picture, name, address, numbers and claim state. */
export function ProfileHeader({ profile }: { profile: ProfileData }) {
  const { company, carrier_data: carrier } = profile;
  const headerImage = headerImageOf(profile);
  const profilePicture = pictureOf(profile, 'profile_picture');
  const street = carrier.phy_street ? titleCase(carrier.phy_street) : null;
  const city = carrier.phy_city ? titleCase(carrier.phy_city) : null;
  const address = [street, [city, carrier.phy_state].filter(Boolean).join(', '), carrier.phy_zip]
    .filter(Boolean)
    .join(' · ');
  return (
    <header className={`profile-header${headerImage ? ' profile-header--with-image' : ''}`}>
      {headerImage ? (
        // A backdrop behind the name, as the header's background was: decorative, so no alt text.
        <ResponsiveImage
          asset={headerImage}
          alt=""
          sizes={HEADER_IMAGE_SIZES}
          loading="priority"
          className="profile-header__image"
        />
      ) : null}
      <div className="profile-header__inner">
        {profilePicture ? (
          <BlockImage
            asset={profilePicture}
            emptyText="No Image"
            sizes="192px"
            className="profile-avatar profile-avatar--image"
          />
        ) : (
          <div className="profile-avatar" aria-hidden="true">
            {company.name.slice(0, 2)}
          </div>
        )}
        <div>
          <h1>{company.name}</h1>
          {company.dba_name ? <p className="profile-header__dba">DBA {company.dba_name}</p> : null}
          {address ? <p>{address}</p> : null}
          <p className="profile-header__numbers">
            <span>USDOT {company.dot_number}</span>
            {company.mc_number ? <span>{company.mc_number}</span> : null}
            <span className={`badge ${company.claimed ? 'badge--verified' : 'badge--unclaimed'}`}>
              {company.claimed ? 'VERIFIED' : 'UNCLAIMED'}
            </span>
          </p>
          {company.claimed ? null : (
            <PageLink to={`/claim-profile/${company.dot_number}`} className="button button--accent">
              Claim This Profile
            </PageLink>
          )}
        </div>
      </div>
    </header>
  );
}

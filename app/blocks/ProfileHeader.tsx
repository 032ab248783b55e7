import { Link } from 'react-router';
import { titleCase } from '../../core/format';
import { BlockImage } from './renderers/BlockImage';
import type { ProfileData } from './types';

/** The first image of a visible picture block (they sit in the header, not in the rows). */
function pictureOf(profile: ProfileData, type: 'profile_picture' | 'header_picture') {
  return profile.blocks.find((block) => block.block_type === type && block.is_visible)?.assets[0];
}

/** The top of a profile: header image, profile picture, name, address, numbers and claim state. */
export function ProfileHeader({ profile }: { profile: ProfileData }) {
  const { company, carrier_data: carrier } = profile;
  const headerImage = pictureOf(profile, 'header_picture');
  const profilePicture = pictureOf(profile, 'profile_picture');
  const street = carrier.phy_street ? titleCase(carrier.phy_street) : null;
  const city = carrier.phy_city ? titleCase(carrier.phy_city) : null;
  const address = [street, [city, carrier.phy_state].filter(Boolean).join(', '), carrier.phy_zip]
    .filter(Boolean)
    .join(' · ');
  return (
    <header
      className="profile-header"
      style={
        headerImage
          ? {
              backgroundImage: `linear-gradient(rgba(10, 29, 51, 0.6), rgba(10, 29, 51, 0.6)), url("${encodeURI(headerImage.url)}")`,
            }
          : undefined
      }
    >
      <div className="profile-header__inner">
        {profilePicture ? (
          <BlockImage
            asset={profilePicture}
            emptyText="No Image"
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
            <Link to={`/claim-profile/${company.dot_number}`} className="button button--accent">
              Claim This Profile
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}

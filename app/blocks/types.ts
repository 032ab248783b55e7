// Data the profile page hands its block renderers (type-only imports of the server's shapes).
import type { Profile } from '../../server/domains/companies/profile-service';

export type {
  CapacityEntry,
  CarrierPanels,
  CarrierRecord,
  Loaded,
  RatingDetails,
  SafetySummary,
  StateCount,
} from '../../server/domains/companies/profile-page';
export type ProfileData = Profile;
export type ProfileBlock = Profile['blocks'][number];
export type BlockAsset = ProfileBlock['assets'][number];

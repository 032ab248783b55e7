// Data the profile page hands its block renderers (type-only imports of the server's shapes).
import type { CarrierDataService } from '../../server/domains/carrier-data/service';
import type { Profile, ProfileService } from '../../server/domains/companies/profile-service';
import type { RatingDetails } from '../../server/domains/ratings/service';

export type ProfileData = Profile;
export type { RatingDetails };
export type ProfileBlock = Profile['blocks'][number];
export type SafetySummary = NonNullable<Awaited<ReturnType<CarrierDataService['safetySummary']>>>;
export type CarrierRecord = NonNullable<Awaited<ReturnType<CarrierDataService['carrierRecord']>>>;
export type CapacityEntry = NonNullable<Awaited<ReturnType<ProfileService['publicCapacity']>>>[number];
export type BlockAsset = ProfileBlock['assets'][number];
export type StateCount = Awaited<ReturnType<CarrierDataService['inspectionCountsByState']>>[number];

/** A data panel's state: the spec's loading / error / empty / data cycle, resolved on the server. */
export type Loaded<T> = { status: 'data'; value: T } | { status: 'error' } | { status: 'unavailable' };

/** Everything the data blocks of one profile read. */
export interface CarrierPanels {
  dotNumber: number;
  safety: Loaded<SafetySummary | null>;
  carrier: Loaded<CarrierRecord | null>;
  inspectionStates: Loaded<StateCount[]>;
  capacity: Loaded<CapacityEntry[] | null>;
  ratingSummary: Profile['rating_summary'];
  /** The star distribution and newest comments; the averages are in ratingSummary. */
  ratings: Loaded<RatingDetails>;
}

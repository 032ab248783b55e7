// Data the profile page hands its block renderers: the shapes of core/contracts.
import type { Profile } from '../../core/contracts/companies.ts';

export type { BlockAsset } from '../../core/contracts/media.ts';
export type { CapacityEntry } from '../../core/contracts/capacity.ts';
export type { CarrierRecord, SafetySummary } from '../../core/contracts/carrier-data.ts';
export type { CarrierPanels, Loaded, StateCount } from '../../core/contracts/profile-page.ts';
export type { RatingDetails } from '../../core/contracts/ratings.ts';
export type { ProfileBlock } from '../../core/contracts/blocks.ts';
export type ProfileData = Profile;

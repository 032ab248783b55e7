// Data the profile page hands its block renderers: the shapes of core/contracts.
import type { Profile } from '../../core/contracts/companies';

export type { BlockAsset } from '../../core/contracts/media';
export type { CapacityEntry } from '../../core/contracts/capacity';
export type { CarrierRecord, SafetySummary } from '../../core/contracts/carrier-data';
export type { CarrierPanels, Loaded, StateCount } from '../../core/contracts/profile-page';
export type { RatingDetails } from '../../core/contracts/ratings';
export type { ProfileBlock } from '../../core/contracts/blocks';
export type ProfileData = Profile;

import type { AppLoadContext } from 'react-router';
import type { CarrierPanels, Loaded, ProfileData } from './types';

/** Runs one data panel's query; a failure is logged and becomes that panel's error state, not a broken page. */
async function panel<T>(log: AppLoadContext['log'], load: () => Promise<T>): Promise<Loaded<T>> {
  try {
    return { status: 'data', value: await load() };
  } catch (error) {
    log.error({ err: error }, 'profile panel failed');
    return { status: 'error' };
  }
}

const NOT_LOADED: Loaded<never> = { status: 'unavailable' };

/**
 * The data the data blocks show (safety score, carrier record, heat map, capacity board, ratings),
 * loaded on the server for the public profile and for the editor's previews alike (a `.server`
 * module, so it never reaches the browser bundle). The ratings details and the capacity board are
 * read only when asked for: most public profiles show neither block, and a page whose capacity block
 * is hidden must not carry the board in its data.
 */
export async function loadCarrierPanels(
  { services, log }: Pick<AppLoadContext, 'services' | 'log'>,
  profile: ProfileData,
  { withRatings, withCapacity }: { withRatings: boolean; withCapacity: boolean },
): Promise<CarrierPanels> {
  const { carrierData, profiles, ratings } = services;
  const dotNumber = profile.company.dot_number;
  const [safety, carrier, inspectionStates, capacity, ratingDetails] = await Promise.all([
    panel(log, () => carrierData.safetySummary(dotNumber)),
    panel(log, () => carrierData.carrierRecord(dotNumber)),
    panel(log, () => carrierData.inspectionCountsByState(dotNumber)),
    withCapacity ? panel(log, () => profiles.publicCapacity(dotNumber)) : NOT_LOADED,
    withRatings ? panel(log, () => ratings.details(profile.company.id)) : NOT_LOADED,
  ]);
  return {
    dotNumber,
    safety,
    carrier,
    inspectionStates,
    capacity,
    ratingSummary: profile.rating_summary,
    ratings: ratingDetails,
  };
}

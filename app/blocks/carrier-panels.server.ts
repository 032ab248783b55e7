import type { AppLoadContext } from 'react-router';
import type { CarrierPanels, Loaded } from './types';

/** The panels that come from FMCSA data; the rating summary comes with the profile itself. */
export type CarrierDataPanels = Omit<CarrierPanels, 'ratingSummary'>;

/** Runs one data panel's query; a failure becomes that panel's error state, not a broken page. */
async function panel<T>(load: () => Promise<T>): Promise<Loaded<T>> {
  try {
    return { status: 'data', value: await load() };
  } catch (error) {
    console.error('profile panel failed', error);
    return { status: 'error' };
  }
}

/**
 * The FMCSA data the data blocks show (safety score, carrier record, heat map, capacity board),
 * loaded on the server for the public profile and for the editor's previews alike (a `.server`
 * module, so it never reaches the browser bundle).
 */
export async function loadCarrierPanels(
  services: AppLoadContext['services'],
  dotNumber: number,
): Promise<CarrierDataPanels> {
  const { carrierData, profiles } = services;
  const [safety, carrier, inspectionStates, capacity] = await Promise.all([
    panel(() => carrierData.safetySummary(dotNumber)),
    panel(() => carrierData.carrierRecord(dotNumber)),
    panel(() => carrierData.inspectionCountsByState(dotNumber)),
    panel(() => profiles.publicCapacity(dotNumber)),
  ]);
  return { dotNumber, safety, carrier, inspectionStates, capacity };
}

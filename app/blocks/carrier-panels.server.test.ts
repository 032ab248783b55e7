import type { AppLoadContext } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { loadCarrierPanels } from './carrier-panels.server';
import type { ProfileData } from './types';

describe('loadCarrierPanels', () => {
  it('logs a failed panel with the request’s logger and shows that panel as an error', async () => {
    const failure = new Error('carrier store down');
    const log = { error: vi.fn() };
    const services = {
      carrierData: {
        safetySummary: async () => {
          throw failure;
        },
        carrierRecord: async () => ({ legal_name: 'A' }),
        inspectionCountsByState: async () => [],
      },
      profiles: { publicCapacity: async () => [] },
      ratings: { details: async () => null },
    };
    const context = { services, log } as unknown as Pick<AppLoadContext, 'services' | 'log'>;
    const profile = { company: { id: 1, dot_number: 101 }, rating_summary: null } as unknown as ProfileData;

    const panels = await loadCarrierPanels(context, profile, { withRatings: false, withCapacity: false });

    expect(panels.safety).toEqual({ status: 'error' });
    expect(panels.carrier).toEqual({ status: 'data', value: { legal_name: 'A' } });
    expect(log.error).toHaveBeenCalledExactlyOnceWith({ err: failure }, 'profile panel failed');
  });
});

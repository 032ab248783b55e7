import { describe, expect, it, vi } from 'vitest';
import { createProfilePage } from './profile-page.ts';
import type { CompaniesRepo } from './repo.ts';

describe('the profile page read model', () => {
  it('logs a failed panel and shows that panel as an error, not a broken page', async () => {
    const failure = new Error('carrier store down');
    const lAndIFailure = new Error('L&I tables down');
    const historyFailure = new Error('history table down');
    const detailFailure = new Error('violations table down');
    const signalsFailure = new Error('signals table down');
    const log = vi.fn();
    // Unclaimed without blocks: the default blocks, the safety score's among them, are shown.
    const company = { id: 1, dot_number: 101, claimed: 0, name: 'A', css: '' };
    const repo = {
      findByDotWithDataDates: async () => ({
        company,
        dataDates: {
          census_as_of: null,
          inspections_through: null,
          crashes_through: null,
          violations_through: null,
        },
      }),
      blocksWithAssets: async () => ({ blocks: [], assets: [] }),
    } as unknown as CompaniesRepo;
    const summary = { total_ratings: 0 };
    const profilePage = createProfilePage({
      repo,
      carrierData: {
        profileFacts: async () => {
          throw failure;
        },
        safetyDetailPages: async () => {
          throw detailFailure;
        },
      },
      ratings: { profileRatings: async () => ({ summary, details: null }) } as never,
      capacity: { publicBoard: async () => [] },
      authority: {
        companyVetting: async () => {
          throw lAndIFailure;
        },
      },
      history: {
        historyPage: async () => {
          throw historyFailure;
        },
      },
      signals: {
        companySignals: async () => {
          throw signalsFailure;
        },
      },
    });

    const page = await profilePage.publicPage(101, log);

    expect(page?.panels.safety).toEqual({ status: 'error' });
    expect(page?.panels.inspectionStates).toEqual({ status: 'error' });
    expect(page?.panels.safetyDetail).toEqual({ status: 'error' });
    expect(page?.panels.connections).toEqual({ status: 'error' });
    expect(page?.panels.capacity).toEqual({ status: 'unavailable' });
    expect(page?.panels.ratings).toEqual({ status: 'unavailable' });
    // Without its L&I record the page has no verdict, and the Authority & Insurance block says so.
    expect(page?.panels.authority).toEqual({ status: 'error' });
    expect(page?.profile.verdict).toBeNull();
    // The default blocks include the Record history: its failed read is its block's error state.
    expect(page?.panels.history).toEqual({ status: 'error' });
    expect(log.mock.calls).toHaveLength(5);
    expect(log.mock.calls).toEqual(
      expect.arrayContaining([
        [failure],
        [lAndIFailure],
        [historyFailure],
        [detailFailure],
        [signalsFailure],
      ]),
    );
  });
});

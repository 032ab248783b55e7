import { DEFAULT_DATA_BLOCKS } from '../../../core/block-types.ts';
import type { DataDates } from '../../../core/record-facts.ts';
import type { AuthorityService } from '../authority/service.ts';
import type { ProfileBlock } from '../../../core/contracts/blocks.ts';
import type { CarrierPanels, Loaded } from '../../../core/contracts/profile-page.ts';
import type { CapacityService } from '../capacity/service.ts';
import type { HistoryService } from '../history/service.ts';
import type { SignalsService } from '../signals/service.ts';
import { HISTORY_BLOCK_PAGE_SIZE } from '../../../core/history.ts';
import { safetyDetailOf, type CarrierDataService, type SafetyDetailPages } from '../carrier-data/service.ts';
import type { RatingsService } from '../ratings/service.ts';
import type { CompaniesRepo } from './repo.ts';
import { profileView } from './profile-service.ts';

type ProfileFacts = Awaited<ReturnType<CarrierDataService['profileFacts']>>;

/**
 * An unclaimed profile shows the default data blocks (public-side section 2); claiming it makes them
 * the profile's own (server/domains/blocks/default-blocks.ts). Negative ids: they are not stored.
 */
const DEFAULT_BLOCKS: ProfileBlock[] = DEFAULT_DATA_BLOCKS.map((block, index) => ({
  ...block,
  id: -(index + 1),
  company_id: 0,
  block_content: '',
  block_position: index,
  is_visible: true,
  hide_title: false,
  updated_at: '',
  assets: [],
}));

const NOT_LOADED: Loaded<never> = { status: 'unavailable' };
const NO_BLOCKS: Awaited<ReturnType<CompaniesRepo['blocksWithAssets']>> = { blocks: [], assets: [] };
const FIRST_PAGES: SafetyDetailPages = { inspectionsPage: 1, crashesPage: 1 };

/** Logs a failed panel; the request's logger in practice. */
export type PanelLog = (error: unknown) => void;

interface ProfilePageDependencies {
  repo: CompaniesRepo;
  carrierData: Pick<CarrierDataService, 'profileFacts' | 'safetyDetailPages'>;
  ratings: Pick<RatingsService, 'profileRatings'>;
  capacity: Pick<CapacityService, 'publicBoard'>;
  authority: Pick<AuthorityService, 'companyVetting'>;
  history: Pick<HistoryService, 'historyPage'>;
  signals: Pick<SignalsService, 'companySignals'>;
}

/**
 * The public profile page's read model (issue 14, item 5; docs/decisions/029): one call reads the
 * company once, with the data dates, and answers the profile, the blocks the page shows and every
 * data panel, in at most eight queries (nine with a capacity block); the L&I record, which every
 * profile's verdict needs, is one of them (docs/decisions/036), and a page shown with a safety
 * score block reads the pages of its safety detail (issue 56) in two.
 */
export function createProfilePage({
  repo,
  carrierData,
  ratings,
  capacity,
  authority,
  history,
  signals,
}: ProfilePageDependencies) {
  return {
    /**
     * The public profile page of a DOT number; null when there is no such carrier. Hidden blocks stay
     * out, and the ratings details and the capacity board are read only when the page shows their
     * block, so a page whose capacity block is hidden never carries the board. The editor's previews
     * use it too: whatever they need beyond it is read with the owner's session (issue 51).
     * A failed panel is logged and becomes that panel's error state, not a broken page. The record
     * history is read when its block is shown, at page `historyPage` of the block.
     */
    async publicPage(
      dotNumber: number,
      log: PanelLog,
      { historyPage = 1, ...detailPages }: Partial<SafetyDetailPages> & { historyPage?: number } = {},
    ) {
      const pages: SafetyDetailPages = { ...FIRST_PAGES, ...detailPages };
      const found = await repo.findByDotWithDataDates(dotNumber);
      if (!found) return null;
      const { company, dataDates, activityImportedAt, hasVisibleBlocks, hasRatings } = found;
      const ownBlocks = hasVisibleBlocks
        ? await repo.blocksWithAssets(company.id, { includeHidden: false })
        : NO_BLOCKS;
      const showsDefaultBlocks = ownBlocks.blocks.length === 0 && company.claimed !== 1;
      const blockTypes = new Set(ownBlocks.blocks.map((block) => block.block_type));
      const withRatings = blockTypes.has('ratings');
      const withCapacity = blockTypes.has('capacity');
      const withHistory = showsDefaultBlocks || blockTypes.has('record_history');
      const withSafety = showsDefaultBlocks || blockTypes.has('safety_score');
      const withConnections = showsDefaultBlocks || blockTypes.has('connected_carriers');

      const [profileRatings, facts, board, vetting, recordHistory, detail, connections] = await Promise.all([
        ratings.profileRatings(company.id, { withDetails: withRatings, anyRatings: hasRatings }),
        settle(log, () => carrierData.profileFacts(company, dataDates, activityImportedAt)),
        withCapacity ? settle(log, () => capacity.publicBoard(company.id)) : NOT_LOADED,
        settle(log, () => authority.companyVetting(company)),
        withHistory
          ? settle(log, () =>
              history.historyPage(company, { page: historyPage, page_size: HISTORY_BLOCK_PAGE_SIZE }),
            )
          : NOT_LOADED,
        withSafety ? settle(log, () => carrierData.safetyDetailPages(dotNumber, pages)) : NOT_LOADED,
        withConnections ? settle(log, () => signals.companySignals(company)) : NOT_LOADED,
      ]);
      const verdict = vetting.status === 'data' ? vetting.value.verdict : null;
      const profile = profileView(company, ownBlocks, profileRatings.summary, verdict);
      const factPanel = <T>(pick: (value: ProfileFacts) => T): Loaded<T> =>
        facts.status === 'data' ? { status: 'data', value: pick(facts.value) } : facts;
      const panels: CarrierPanels = {
        dotNumber,
        safety: factPanel((value) => value.safety),
        // The detail's totals are the summary's: the same window, counted once.
        safetyDetail:
          detail.status === 'data' && facts.status === 'data'
            ? {
                status: 'data',
                value: safetyDetailOf(
                  detail.value,
                  pages,
                  {
                    inspections: facts.value.safety.total_inspections,
                    crashes: facts.value.safety.total_crashes,
                  },
                  dataDates,
                ),
              }
            : detail.status === 'data'
              ? { status: 'error' }
              : detail,
        carrier: factPanel((value) => value.carrier),
        inspectionStates: factPanel((value) => value.inspectionStates),
        capacity: board,
        ratingSummary: profileRatings.summary,
        ratings: profileRatings.details ? { status: 'data', value: profileRatings.details } : NOT_LOADED,
        authority: vetting,
        history: recordHistory,
        connections,
      };
      return {
        profile,
        blocks: showsDefaultBlocks ? DEFAULT_BLOCKS : profile.blocks,
        showsDefaultBlocks,
        panels,
        dataDates: dataDates satisfies DataDates,
      };
    },
  };
}

/** Runs one data panel's reads; a failure is logged and becomes that panel's error state. */
async function settle<T>(log: PanelLog, load: () => Promise<T>): Promise<Loaded<T>> {
  try {
    return { status: 'data', value: await load() };
  } catch (error) {
    log(error);
    return { status: 'error' };
  }
}

export type ProfilePageService = ReturnType<typeof createProfilePage>;
export type ProfilePage = NonNullable<Awaited<ReturnType<ProfilePageService['publicPage']>>>;

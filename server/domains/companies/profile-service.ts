import type { CustomCss, OwnCompany, Profile } from '../../../core/contracts/companies.ts';
import type { CapacityEntry } from '../../../core/contracts/capacity.ts';
import type { RatingSummary } from '../../../core/contracts/ratings.ts';
import { sanitizeCustomCss } from '../../../core/sanitize-css.ts';
import type { Selectable } from 'kysely';
import type { CompaniesTable } from '../../db/schema.ts';
import type { CompaniesRepo } from './repo.ts';
import { formatMcNumber, toCompanyView } from './company-view.ts';
import { imageView } from '../media/variants.ts';
import type { Verdict } from '../../../core/authority.ts';

function customCssOf(css: string): CustomCss {
  const sanitized = sanitizeCustomCss(css);
  return { css, scoped_css: sanitized.css, dropped: sanitized.dropped };
}

type Company = Selectable<CompaniesTable>;
type BlocksWithAssets = Awaited<ReturnType<CompaniesRepo['blocksWithAssets']>>;

/**
 * A profile as the spec's API answers it, from a company, the blocks its reader may see with their
 * images, its rating summary, and the L&I verdict on it (issue 18; null when it could not be read).
 */
export function profileView(
  company: Company,
  { blocks, assets }: BlocksWithAssets,
  rating_summary: RatingSummary,
  verdict: Verdict | null,
): Profile {
  return {
    company: toCompanyView(company),
    carrier_data: {
      name: company.name,
      dba_name: company.dba_name,
      phy_street: company.phy_street,
      phy_city: company.phy_city,
      phy_state: company.phy_state,
      phy_zip: company.phy_zip,
      phy_country: company.phy_country,
      mc_number: formatMcNumber(company.mc_number),
      carrier_operation: company.carrier_operation,
      status_code: company.status_code,
      hm_flag: company.hm_flag === null ? null : company.hm_flag === 1,
      pc_flag: company.pc_flag === null ? null : company.pc_flag === 1,
      add_date: company.add_date,
      mcs150_date: company.mcs150_date,
    },
    blocks: blocks.map((block) => ({
      id: block.id,
      company_id: block.company_id,
      block_type: block.block_type,
      block_title: block.block_title,
      // Stored as it may be shown: every write sanitises custom HTML (blocks service), and
      // migration 008 sanitised the rows stored before that (docs/decisions/021).
      block_content: block.block_content,
      block_position: block.block_position,
      block_width: block.block_width,
      is_visible: block.is_visible === 1,
      hide_title: block.hide_title === 1,
      start_new_row: block.start_new_row === 1,
      updated_at: block.updated_at,
      assets: assets
        .filter((asset) => asset.block_id === block.id)
        .map((asset) => ({
          id: asset.id,
          url: asset.url,
          alt_text: asset.alt_text,
          type: asset.type,
          ...imageView(asset),
        })),
    })),
    // Sanitised and scoped when saved (saveCss; migration 012 for the CSS saved before).
    css: company.scoped_css,
    rating_summary,
    verdict,
  };
}

interface ProfileDependencies {
  repo: CompaniesRepo;
  /** The ratings domain's summary of a company's ratings. */
  ratingSummary: (companyId: number) => Promise<RatingSummary>;
  /** The capacity domain's public board of a company. */
  publicCapacity: (companyId: number) => Promise<CapacityEntry[]>;
  /** The authority domain's verdict on a company's L&I record. */
  verdict: (company: Company) => Promise<Verdict>;
  clock?: () => Date;
}

export function createProfileService({
  repo,
  ratingSummary,
  publicCapacity,
  verdict,
  clock = () => new Date(),
}: ProfileDependencies) {
  /**
   * A profile as the spec's API answers it. `audience` says who reads it: 'public' (anyone: hidden
   * blocks and their images are left out) or 'owner' (the company's own users, in the editor and
   * settings: every block).
   */
  async function profileOf(company: Company, audience: 'public' | 'owner') {
    const [blocks, rating_summary, companyVerdict] = await Promise.all([
      repo.blocksWithAssets(company.id, { includeHidden: audience === 'owner' }),
      ratingSummary(company.id),
      verdict(company),
    ]);
    return profileView(company, blocks, rating_summary, companyVerdict);
  }

  return {
    /**
     * A carrier's public capacity board: entries from today on (past dates are not shown publicly)
     * and those available any time; null for an unknown DOT number.
     */
    async publicCapacity(dotNumber: number) {
      const company = await repo.findByDot(dotNumber);
      if (!company) return null;
      return publicCapacity(company.id);
    },

    /** The caller's own company for the settings page: the profile plus what only its users see. */
    async ownCompany(dotNumber: number): Promise<OwnCompany | null> {
      const company = await repo.findByDot(dotNumber);
      if (!company) return null;
      return {
        ...(await profileOf(company, 'owner')),
        officers: [company.company_officer_1, company.company_officer_2].filter((name): name is string =>
          Boolean(name),
        ),
        phy_cnty: company.phy_cnty,
      };
    },

    /** The owner's own CSS for the style editor (docs/decisions/016-style-editor.md); null for an unknown DOT number. */
    async customCss(dotNumber: number): Promise<CustomCss | null> {
      const company = await repo.findByDot(dotNumber);
      return company ? customCssOf(company.css) : null;
    },

    /**
     * Stores the owner's CSS as written, so the editor shows their own text back, and beside it the
     * sanitised, scoped form the public page gets (profileView), computed here once instead of on
     * every view. The answer reports what the page will not get.
     */
    async saveCss(dotNumber: number, css: string): Promise<CustomCss | null> {
      const company = await repo.findByDot(dotNumber);
      if (!company) return null;
      const saved = customCssOf(css);
      await repo.updateCss(company.id, { css, scoped_css: saved.scoped_css }, clock().toISOString());
      return saved;
    },

    /**
     * The public profile of the spec (public-side section 3): company, carrier_data, blocks, css and
     * rating_summary; null for an unknown DOT number. The FMCSA e-mail, phone and officers stay out,
     * and so do hidden blocks with their images: this is what every public response and page gets.
     */
    async profile(dotNumber: number) {
      const company = await repo.findByDot(dotNumber);
      return company ? profileOf(company, 'public') : null;
    },

    /**
     * The profile as its owner edits it: the public profile's shape with every block, hidden ones
     * and their images included. Only for a caller the route has checked is of this company.
     */
    async ownerProfile(dotNumber: number) {
      const company = await repo.findByDot(dotNumber);
      return company ? profileOf(company, 'owner') : null;
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;

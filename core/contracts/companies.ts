// Companies and their profiles: the public profile, the owner's own company and custom CSS.
import { z } from 'zod';
import type { Verdict } from '../authority.ts';
import { DotNumberParams } from '../input.ts';
import { ProfileBlock } from './blocks.ts';
import { RatingSummary } from './ratings.ts';
import { route } from './route.ts';

/** The public company record of the spec (public-side section 3). No e-mail, phone or officers. */
export const Company = z.object({
  id: z.number(),
  name: z.string(),
  dba_name: z.string().nullable(),
  dot_number: z.number(),
  mc_number: z.string().nullable(),
  power_units: z.number().nullable(),
  truck_units: z.number().nullable(),
  total_drivers: z.number().nullable(),
  claimed: z.boolean(),
  status_code: z.string().nullable(),
  safety_rating: z.string().nullable(),
  company_types: z.array(z.string()),
  cargo_types: z.array(z.string()),
  address: z.object({
    city: z.string().nullable(),
    state: z.string().nullable(),
    zip: z.string().nullable(),
  }),
});
export type Company = z.infer<typeof Company>;

/** The FMCSA facts a profile shows beside the company record. */
export const ProfileCarrierData = z.object({
  name: z.string(),
  dba_name: z.string().nullable(),
  phy_street: z.string().nullable(),
  phy_city: z.string().nullable(),
  phy_state: z.string().nullable(),
  phy_zip: z.string().nullable(),
  phy_country: z.string().nullable(),
  mc_number: z.string().nullable(),
  carrier_operation: z.string().nullable(),
  status_code: z.string().nullable(),
  hm_flag: z.boolean().nullable(),
  pc_flag: z.boolean().nullable(),
  add_date: z.string().nullable(),
  mcs150_date: z.string().nullable(),
});

/** A profile as the spec's API answers it; `css` is the custom CSS as scoped when it was saved. */
export const Profile = z.object({
  company: Company,
  carrier_data: ProfileCarrierData,
  blocks: z.array(ProfileBlock),
  css: z.string(),
  rating_summary: RatingSummary,
  /** The vetting verdict from the L&I files (issue 18); null when it could not be read. */
  verdict: z.custom<Verdict>().nullable(),
});
export type Profile = z.infer<typeof Profile>;

/** The caller's own company for the settings page: the profile plus what only its users see. */
export const OwnCompany = Profile.extend({ officers: z.array(z.string()), phy_cnty: z.string().nullable() });
export type OwnCompany = z.infer<typeof OwnCompany>;

/** The owner's CSS, what the public page gets from it, and what was dropped on the way and why. */
export const CustomCss = z.object({
  css: z.string(),
  scoped_css: z.string(),
  dropped: z.array(z.object({ css: z.string(), reason: z.string() })),
});
export type CustomCss = z.infer<typeof CustomCss>;

/** Custom CSS is stored as the owner wrote it, up to this many bytes (UTF-8). */
export const MAX_CSS_BYTES = 100 * 1024;

export const CssBody = z.object({ css: z.string() }).strict();
/** `include_hidden=true`: the owner's view with hidden blocks, for the editor; other parameters are ignored. */
export const ProfileQuery = z.object({
  include_hidden: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
});

export const companyContracts = {
  me: route('GET', 'api', '/companies/me', {}, { 200: OwnCompany }),
  /**
   * Anyone gets the public profile, without hidden blocks; the editor asks with include_hidden=true
   * for every block, which needs a session of this company (401/403).
   */
  profile: route(
    'GET',
    'api',
    '/companies/profile/:dotNumber',
    { params: DotNumberParams, querystring: ProfileQuery },
    {
      200: Profile,
    },
  ),
  customCss: route(
    'GET',
    'api',
    '/companies/profile/:dotNumber/css',
    { params: DotNumberParams },
    { 200: CustomCss },
  ),
  saveCss: route(
    'PUT',
    'api',
    '/companies/profile/:dotNumber/css',
    { params: DotNumberParams, body: CssBody },
    {
      200: CustomCss,
    },
  ),
};

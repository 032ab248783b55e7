// The supersearch (public-side section 7): exact DOT/MC matches first, then text relevance, filtered and paged.
import { z } from 'zod';
import { CARGO_TYPES } from '../cargo.ts';
import { wholeNumber } from '../input.ts';
import { isRecognisedJurisdiction } from '../jurisdictions.ts';
import { Company } from './companies.ts';
import { route } from './route.ts';

/** Most results one page returns; larger requests are capped, not refused. */
export const MAX_SEARCH_PAGE_SIZE = 100;

const CARGO_CODES = new Set<string>(CARGO_TYPES.map(([code]) => code));

/** A comma-separated list, trimmed, blanks dropped. */
const commaList = z
  .string()
  .max(2000)
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

/** A yes/no filter: 'true' turns it on; absent or 'false' leaves it off. */
const trueOrFalse = z
  .enum(['true', 'false'], { error: 'must be true or false' })
  .optional()
  .transform((value) => value === 'true');

/** The refusal of a parameter the supersearch does not know, which would otherwise be ignored. */
function unknownParameters(issue: { code?: string; keys?: string[] }): string | undefined {
  if (issue.code !== 'unrecognized_keys' || !issue.keys) return undefined;
  return issue.keys.length === 1
    ? `${issue.keys[0]}: not a supersearch parameter`
    : `${issue.keys.join(', ')}: not supersearch parameters`;
}

export const SupersearchQuery = z
  .strictObject(
    {
      super_search_term: z.string().max(20_000).default(''),
      page: wholeNumber(1, 100_000).default(1),
      limit: wholeNumber(1)
        .default(10)
        .transform((value) => Math.min(value, MAX_SEARCH_PAGE_SIZE)),
      address_city: z.string().trim().max(100).optional(),
      // Any jurisdiction FMCSA registers carriers in (city pages of Canadian and Mexican carriers use
      // it too); the search page's own list offers only the 50 states and DC.
      address_state: z
        .string()
        .transform((value) => value.trim().toUpperCase())
        .refine((value) => value === '' || isRecognisedJurisdiction(value), 'unknown state code')
        .optional(),
      company_types: commaList
        .transform((items) => items.map((item) => item.toLowerCase()))
        .refine(
          (items) => items.every((item) => item === 'carrier' || item === 'broker'),
          'must be carrier and/or broker',
        )
        .optional(),
      cargo_types: commaList
        .transform((items) => items.map((item) => item.toUpperCase()))
        .refine((items) => items.every((item) => CARGO_CODES.has(item)), 'unknown cargo type code')
        .optional(),
      radius_zipcode: z
        .string()
        .trim()
        .regex(/^(\d{5}(-\d{4})?)?$/, 'must be a 5-digit ZIP code')
        .optional(),
      radius_miles: z.coerce
        .number()
        .min(1, 'must be from 1 to 500')
        .max(500, 'must be from 1 to 500')
        .optional(),
      include_equipment: z.enum(['true', 'false']).optional(),
      authorized_only: trueOrFalse,
      insured_only: trueOrFalse,
      hazmat_only: trueOrFalse,
      no_risk_signals: trueOrFalse,
    },
    { error: unknownParameters },
  )
  .refine((query) => Boolean(query.radius_zipcode) === (query.radius_miles !== undefined), {
    message: 'radius_zipcode and radius_miles go together',
    path: ['radius_miles'],
  });
export type SupersearchQuery = z.output<typeof SupersearchQuery>;

export const SearchResponse = z.object({
  data: z.array(Company),
  /** Exact when `total_exact`; otherwise at least this many match (decision 039). */
  total: z.number(),
  total_exact: z.boolean(),
  page: z.number(),
  limit: z.number(),
  total_pages: z.number(),
  /** The last page that lists results (searchPageLimit); a deeper page answers an empty list. */
  page_limit: z.number(),
});
export type SearchResponse = z.infer<typeof SearchResponse>;

export const searchContracts = {
  supersearch: route(
    'GET',
    'api',
    '/companies/supersearch',
    { querystring: SupersearchQuery },
    {
      200: SearchResponse,
    },
  ),
};

// People who vet carriers (issue 54): watcher accounts signed in by e-mailed link, their watchlists,
// their API keys, and the lookup of many carriers at once. Every route but sign-in and the link's
// verification needs a watcher's session or API key (`Authorization: Bearer`).
import { z } from 'zod';
import { AUTHORITY_KIND_LABEL, VERDICT_HEADLINES, VERDICT_LEVELS } from '../authority.ts';
import { dotNumber, idParams, SINGLE_LINE_PROBLEM, SINGLE_LINE_TEXT, wholeNumber } from '../input.ts';
import {
  INSURANCE_STATES,
  SIGNALS_FILTERS,
  MAX_LOOKUP_NUMBERS,
  MAX_NUMBER_LIST_BYTES,
  MAX_WATCHLIST_PAGE_SIZE,
  WATCHLIST_PAGE_SIZE,
  WATCHLIST_SORTS,
} from '../watchlists.ts';
import { LoginBody, SessionTokenBody, TokenParams } from './auth.ts';
import { DetailBody, NoContent, route } from './route.ts';

/** A name people give a list or a key: one line, 1 to 100 characters. */
const shortName = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(100, 'must be at most 100 characters')
  .regex(SINGLE_LINE_TEXT, SINGLE_LINE_PROBLEM);

const WatchlistIdParams = idParams('watchlist id');
const KeyIdParams = idParams('key id');
const WatchlistCarrierParams = WatchlistIdParams.extend({ dotNumber });

/** The account page's account: the address it signs in with and what it holds. */
export const WatcherAccount = z.object({
  id: z.number(),
  email: z.string(),
  created_at: z.string(),
});

export const Watchlist = z.object({
  id: z.number(),
  name: z.string(),
  carrier_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Watchlist = z.infer<typeof Watchlist>;

export const WatchlistBody = z.object({ name: shortName });

/** An API key as listed: never the key, which is shown once when made. */
export const ApiKey = z.object({
  id: z.number(),
  name: z.string(),
  /** The key's first characters, to tell keys apart. */
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;
export const NewApiKey = ApiKey.extend({
  /** The key itself, shown this once: only its hash is kept. */
  key: z.string(),
});

/** A pasted list: one DOT or MC number a line (core/watchlists.ts readNumberList). */
export const AddCarriersBody = z.object({
  numbers: z
    .string()
    .max(
      MAX_NUMBER_LIST_BYTES,
      `must be at most ${MAX_NUMBER_LIST_BYTES.toLocaleString('en-US')} characters`,
    ),
});

export const LineProblem = z.object({ line: z.number(), text: z.string(), reason: z.string() });

/** What an addition did: carriers added, already on the list, and the lines that could not be used. */
export const AddCarriersResult = z.object({
  added: z.number(),
  already_listed: z.number(),
  problems: z.array(LineProblem),
  carrier_count: z.number(),
});
export type AddCarriersResult = z.infer<typeof AddCarriersResult>;

/** The day-by-source dates of the data a status was read from (ISO days, null when never imported). */
export const DataDates = z.object({
  census: z.string().nullable(),
  legacy_li: z.string().nullable(),
  motus_li: z.string().nullable(),
  out_of_service: z.string().nullable(),
});

/** The newest change an import saw in the carrier's record (issue 52's history). */
export const LastChange = z.object({
  description: z.string(),
  kind: z.string(),
  event: z.string(),
  /** The day it took effect where the source says, else the day an import first saw it. */
  on: z.string(),
  first_seen_on: z.string(),
});

/** What a watcher needs to know of a carrier today. */
export const CarrierStatus = z.object({
  dot_number: z.number(),
  /** 'MC-123456', null without one on the census. */
  mc_number: z.string().nullable(),
  name: z.string(),
  verdict: z.object({
    headline: z.enum(VERDICT_HEADLINES),
    level: z.enum(VERDICT_LEVELS),
    reasons: z.array(z.string()),
  }),
  authority: z.array(
    z.object({
      docket: z.string(),
      kind: z.enum(Object.keys(AUTHORITY_KIND_LABEL) as ['common', 'contract', 'broker']),
      status: z.string(),
      granted_on: z.string().nullable(),
      revoked_on: z.string().nullable(),
    }),
  ),
  insurance: z.object({
    state: z.enum(INSURANCE_STATES),
    /** Filings in force today (cancellation pending included). */
    in_force: z.array(
      z.object({
        docket: z.string(),
        kind: z.string(),
        insurer: z.string().nullable(),
        policy_number: z.string().nullable(),
        amount_dollars: z.number().nullable(),
        effective_on: z.string().nullable(),
        cancellation_effective_on: z.string().nullable(),
      }),
    ),
  }),
  /** The titles of the risk signals that hold today (core/signals.ts), in the rules page's order. */
  signals: z.array(z.string()),
  last_change: LastChange.nullable(),
  data_dates: DataDates,
  /** The ISO day the verdict was judged for. */
  as_of: z.string(),
});
export type CarrierStatus = z.infer<typeof CarrierStatus>;

export const LookupBody = z.object({
  numbers: z
    .array(z.union([z.string().max(40), z.number()]))
    .min(1, 'must hold at least one number')
    .max(MAX_LOOKUP_NUMBERS, `must hold at most ${MAX_LOOKUP_NUMBERS} numbers`),
});

export const LookupResult = z.object({
  /** The number as sent. */
  input: z.string(),
  status: z.enum(['found', 'not_found', 'invalid']),
  /** Why a number has no carrier; null when found. */
  detail: z.string().nullable(),
  carrier: CarrierStatus.nullable(),
});
export const LookupAnswer = z.object({ results: z.array(LookupResult) });

/** One row of the watchlist page and of its CSV. */
export const WatchlistRow = z.object({
  dot_number: z.number(),
  mc_number: z.string().nullable(),
  /** Null when the census no longer holds the carrier. */
  name: z.string().nullable(),
  verdict: z.enum(VERDICT_HEADLINES).nullable(),
  verdict_level: z.string().nullable(),
  insurance: z.enum(INSURANCE_STATES).nullable(),
  /** The titles of the risk signals that hold; none for a carrier the census no longer holds. */
  signals: z.array(z.string()),
  last_change: z.string().nullable(),
  last_change_on: z.string().nullable(),
  added_on: z.string(),
});
export type WatchlistRow = z.infer<typeof WatchlistRow>;

export const WatchlistQuery = z.object({
  sort: z.enum(WATCHLIST_SORTS, { error: `must be one of ${WATCHLIST_SORTS.join(', ')}` }).default('name'),
  order: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).default('asc'),
  page: wholeNumber(1, 100_000).default(1),
  page_size: wholeNumber(1, MAX_WATCHLIST_PAGE_SIZE).default(WATCHLIST_PAGE_SIZE),
  /** Part of the name, or of the DOT or MC number. */
  q: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  verdict: z.enum(VERDICT_HEADLINES, { error: `must be one of ${VERDICT_HEADLINES.join(', ')}` }).optional(),
  insurance: z.enum(INSURANCE_STATES, { error: `must be one of ${INSURANCE_STATES.join(', ')}` }).optional(),
  /** Only carriers with a risk signal, or only those without. */
  signals: z.enum(SIGNALS_FILTERS, { error: `must be one of ${SIGNALS_FILTERS.join(', ')}` }).optional(),
  /** Only carriers whose last change is on or after this ISO day. */
  changed_since: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day, YYYY-MM-DD')
    .optional(),
});
export type WatchlistQuery = z.infer<typeof WatchlistQuery>;
export type WatchlistFilters = Omit<WatchlistQuery, 'page' | 'page_size'>;

export const WatchlistPage = z.object({
  watchlist: Watchlist,
  data: z.array(WatchlistRow),
  page: z.number(),
  page_size: z.number(),
  /** Rows that pass the filters. */
  total: z.number(),
  as_of: z.string(),
});
export type WatchlistPage = z.infer<typeof WatchlistPage>;

/** The CSV export takes the page's filters and order, and holds every row that passes them. */
export const WatchlistExportQuery = WatchlistQuery.omit({ page: true, page_size: true });

export const watcherContracts = {
  /** Sends a sign-in link; the answer is the same for a known address, a new one, or a refused one. */
  signIn: route('POST', 'api', '/watch/sign-in', { body: LoginBody }, { 200: DetailBody }),
  verify: route('GET', 'api', '/watch/verify/:token', { params: TokenParams }, { 200: SessionTokenBody }),
  account: route(
    'GET',
    'api',
    '/watch/account',
    {},
    { 200: WatcherAccount.extend({ watchlists: z.array(Watchlist), api_keys: z.array(ApiKey) }) },
  ),
  /** Deletes the account with its lists and keys, and ends its sessions. Session only. */
  deleteAccount: route('DELETE', 'api', '/watch/account', {}, { 204: NoContent }),
  createKey: route('POST', 'api', '/watch/keys', { body: WatchlistBody }, { 201: NewApiKey }),
  revokeKey: route('DELETE', 'api', '/watch/keys/:id', { params: KeyIdParams }, { 204: NoContent }),

  lookup: route('POST', 'api', '/lookup', { body: LookupBody }, { 200: LookupAnswer }),

  listWatchlists: route('GET', 'api', '/watchlists', {}, { 200: z.array(Watchlist) }),
  createWatchlist: route('POST', 'api', '/watchlists', { body: WatchlistBody }, { 201: Watchlist }),
  getWatchlist: route(
    'GET',
    'api',
    '/watchlists/:id',
    { params: WatchlistIdParams, querystring: WatchlistQuery },
    { 200: WatchlistPage },
  ),
  renameWatchlist: route(
    'PUT',
    'api',
    '/watchlists/:id',
    { params: WatchlistIdParams, body: WatchlistBody },
    { 200: Watchlist },
  ),
  deleteWatchlist: route(
    'DELETE',
    'api',
    '/watchlists/:id',
    { params: WatchlistIdParams },
    { 204: NoContent },
  ),
  exportWatchlist: route(
    'GET',
    'api',
    '/watchlists/:id/export.csv',
    { params: WatchlistIdParams, querystring: WatchlistExportQuery },
    { 200: z.string() },
  ),
  addCarriers: route(
    'POST',
    'api',
    '/watchlists/:id/carriers',
    { params: WatchlistIdParams, body: AddCarriersBody },
    { 200: AddCarriersResult },
  ),
  /** The same as a CSV file, multipart/form-data with a `file` field: the route reads it itself. */
  uploadCarriers: {
    ...route(
      'POST',
      'api',
      '/watchlists/:id/carriers/csv',
      { params: WatchlistIdParams },
      {
        200: AddCarriersResult,
      },
    ),
    multipart: true as const,
  },
  removeCarrier: route(
    'DELETE',
    'api',
    '/watchlists/:id/carriers/:dotNumber',
    { params: WatchlistCarrierParams },
    { 204: NoContent },
  ),
};

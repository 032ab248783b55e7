// A carrier's record over time (issue 52): the carrier-data API's history route, and the shape the
// profile's 'Record history' block reads too.
import { z } from 'zod';
import { DEFAULT_HISTORY_PAGE_SIZE, HISTORY_KINDS, MAX_HISTORY_PAGE_SIZE } from '../history.ts';
import { DotNumberParams, wholeNumber } from '../input.ts';
import { route } from './route.ts';

export const HistoryQuery = z.object({
  kind: z.enum(HISTORY_KINDS, { error: `must be one of ${HISTORY_KINDS.join(', ')}` }).optional(),
  page: wholeNumber(1, 100_000).default(1),
  page_size: wholeNumber(1, MAX_HISTORY_PAGE_SIZE).default(DEFAULT_HISTORY_PAGE_SIZE),
});
export type HistoryQuery = z.infer<typeof HistoryQuery>;

/** One change an import observed. The FMCSA e-mail's events carry no values. */
export const HistoryEvent = z.object({
  kind: z.enum(HISTORY_KINDS),
  event: z.string(),
  /** A record field ('phone'), a docket's authority or a filing. */
  subject: z.string().nullable(),
  /** The record field's label ('Phone'); the subject otherwise. */
  label: z.string().nullable(),
  /** In words: 'Phone changed', 'E-mail on the FMCSA record changed'. */
  description: z.string(),
  value_before: z.string().nullable(),
  value_after: z.string().nullable(),
  /** ISO day the change took effect, where the source says. */
  effective_on: z.string().nullable(),
  /** ISO day an import first saw it. */
  first_seen_on: z.string(),
  /** The source dataset's id on FMCSA's open-data portal. */
  source: z.string(),
});
export type HistoryEvent = z.infer<typeof HistoryEvent>;

/** A page of a carrier's history, newest first, with what the profile's block says of it. */
export const HistoryPage = z.object({
  dot_number: z.number(),
  data: z.array(HistoryEvent),
  page: z.number(),
  page_size: z.number(),
  /** Events of the kind asked for (all kinds without one). */
  total: z.number(),
  /** The as-of day of the import that first brought the carrier: its history starts there. */
  history_starts_on: z.string(),
  /** Whether that import was the store's first: the record is older than the history. */
  history_starts_at_first_import: z.boolean(),
  /** The day of the last change of a contact field, else history_starts_on. */
  contact_unchanged_since: z.string(),
  /** No contact field changed since a history that starts at the store's first import: 'at least'. */
  contact_unchanged_at_least: z.boolean(),
});
export type HistoryPage = z.infer<typeof HistoryPage>;

export const historyContracts = {
  history: route(
    'GET',
    'carrierData',
    '/company/:dotNumber/history',
    { params: DotNumberParams, querystring: HistoryQuery },
    { 200: HistoryPage },
  ),
};

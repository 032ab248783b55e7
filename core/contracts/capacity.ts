// The capacity board (owner-side section 7): the public board of a carrier and the owner's own.
import { z } from 'zod';
import { DotNumberParams, idParams, SINGLE_LINE_PROBLEM, SINGLE_LINE_TEXT } from '../input.ts';
import { NoContent, route } from './route.ts';

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
      new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    { message: 'must be a real date' },
  );
const line = z.string().trim().max(120).regex(SINGLE_LINE_TEXT, SINGLE_LINE_PROBLEM);
const required = line.min(1, 'is required');

export const CapacityBody = z
  .object({
    date: isoDay,
    trailer: required,
    origin: required,
    destination: line.default(''),
  })
  .strict();
export type CapacityInput = z.infer<typeof CapacityBody>;

export const CapacityEntry = z.object({
  id: z.number(),
  /** ISO day, or ANYTIME_DATE (core/format.ts) for 'Anytime'. */
  date: z.string(),
  trailer: z.string(),
  origin: z.string(),
  destination: z.string(),
});
export type CapacityEntry = z.infer<typeof CapacityEntry>;

const EntryIdParams = idParams('id');

export const capacityContracts = {
  /** Today on, and 'Anytime'. */
  publicBoard: route(
    'GET',
    'api',
    '/capacity/public/:dotNumber',
    { params: DotNumberParams },
    {
      200: z.array(CapacityEntry),
    },
  ),
  list: route('GET', 'api', '/capacity', {}, { 200: z.array(CapacityEntry) }),
  create: route('POST', 'api', '/capacity', { body: CapacityBody }, { 201: CapacityEntry }),
  update: route(
    'PUT',
    'api',
    '/capacity/:id',
    { params: EntryIdParams, body: CapacityBody },
    {
      200: CapacityEntry,
    },
  ),
  remove: route('DELETE', 'api', '/capacity/:id', { params: EntryIdParams }, { 204: NoContent }),
};

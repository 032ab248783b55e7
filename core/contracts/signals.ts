// A carrier's risk signals and connected carriers (issue 55): the carrier-data API's signals route,
// and the shape the profile's 'Connected carriers' block reads too.
import { z } from 'zod';
import { CarrierReply } from './replies.ts';
import { LINK_KINDS, LINKED_STATUSES, SIGNAL_RULE_NAMES } from '../signals.ts';
import { DotNumberParams } from '../input.ts';
import { route } from './route.ts';

const LinkKind = z.enum(Object.keys(LINK_KINDS) as [keyof typeof LINK_KINDS, ...(keyof typeof LINK_KINDS)[]]);
const LinkedStatus = z.enum(
  Object.keys(LINKED_STATUSES) as [keyof typeof LINKED_STATUSES, ...(keyof typeof LINKED_STATUSES)[]],
);

/** Another carrier this one is linked to, by what they share (never the shared value itself). */
export const LinkedCarrier = z.object({
  dot_number: z.number(),
  name: z.string(),
  /** What they share: 'phone', 'email', 'email_domain', 'address', 'officer', 'vin', 'prior_revocation'. */
  links: z.array(LinkKind),
  /** The linked carrier's standing today. */
  status: LinkedStatus,
  status_label: z.string(),
  /** Its profile's path. */
  url: z.string(),
});
export type LinkedCarrier = z.infer<typeof LinkedCarrier>;

export const Signal = z.object({
  rule: z.enum(SIGNAL_RULE_NAMES as [string, ...string[]]),
  title: z.string(),
  /** A strong signal makes the verdict 'Review before booking'. */
  strong: z.boolean(),
  /** The fields and dates the rule reads. */
  rests_on_fields: z.string(),
  /** The ISO day the signal rests on (a grant, a change, a revocation), when it has one. */
  rests_on: z.string().nullable(),
  /** A figure the rule counted: cancellations, power units, linked carriers, VINs. */
  detail: z.string().nullable(),
  /** The facts in words: 'Authority granted November 1, 2026'. */
  fact: z.string(),
  /** The rule and its limits on the public rules page. */
  rule_url: z.string(),
  /** The linked carriers the signal rests on. */
  linked_carriers: z.array(LinkedCarrier),
  /** The carrier's reply on the signal (issue 55), when it wrote one. */
  reply: CarrierReply.nullable(),
});
export type Signal = z.infer<typeof Signal>;

export const CarrierSignals = z.object({
  dot_number: z.number(),
  signals: z.array(Signal),
  /** Every carrier linked to this one. */
  linked_carriers: z.array(LinkedCarrier),
  /** Values of this carrier shared by more carriers than link_bound: information, not links. */
  common_values: z.array(z.object({ kind: LinkKind, label: z.string(), carriers: z.number() })),
  link_bound: z.number(),
  rules_url: z.string(),
});
export type CarrierSignals = z.infer<typeof CarrierSignals>;

export const signalsContracts = {
  signals: route(
    'GET',
    'carrierData',
    '/company/:dotNumber/signals',
    { params: DotNumberParams },
    { 200: CarrierSignals },
  ),
};

// The contact check (issue 55): which carriers' FMCSA records hold a phone number, e-mail address, MC
// or DOT number from an offer, and whether that is the carrier the offer claims to be.
import { z } from 'zod';
import { CONTACT_INPUT_MAX_LENGTH } from '../contact-check.ts';
import { route } from './route.ts';

/**
 * A POST, so that a pasted e-mail address travels in the body: never in a URL, a log line or a
 * browser's history. Both fields are read by core/contact-check.ts; a detail it cannot read is a 400.
 */
export const ContactCheckBody = z.object({
  contact: z
    .string()
    .max(CONTACT_INPUT_MAX_LENGTH, `Contact can be at most ${CONTACT_INPUT_MAX_LENGTH} characters`),
  claimed: z
    .string()
    .max(CONTACT_INPUT_MAX_LENGTH, `Claimed carrier can be at most ${CONTACT_INPUT_MAX_LENGTH} characters`)
    .optional(),
});

const Carrier = z.object({ dot_number: z.number(), name: z.string() });

/**
 * The answer. `shown_as` is the detail as it was read (a phone's digits, an MC or DOT number), null
 * for an e-mail address, which no answer repeats; the carriers are named, never their addresses.
 */
export const ContactCheckAnswer = z.object({
  read_as: z.enum(['phone', 'email', 'mc', 'dot']),
  shown_as: z.string().nullable(),
  holders: z.array(Carrier),
  more_holders: z.number(),
  claimed_carrier: Carrier.nullable(),
  verdict: z.enum(['match', 'mismatch', 'not_on_record', 'claimed_unknown']).nullable(),
  summary: z.string(),
});
export type ContactCheckAnswer = z.infer<typeof ContactCheckAnswer>;

export const contactCheckContracts = {
  check: route('POST', 'api', '/contact-check', { body: ContactCheckBody }, { 200: ContactCheckAnswer }),
};

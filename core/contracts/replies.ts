// The carrier's reply (issue 55): a claimed carrier's admins reply once on each rating and signal about it.
import { z } from 'zod';
import { dotNumber, MULTI_LINE_TEXT } from '../input.ts';
import { REPLY_MAX_LENGTH, REPLY_SUBJECT_KINDS } from '../replies.ts';
import { DetailBody, route } from './route.ts';

/** A reply as pages show it: its text and the day it was last written. */
export const CarrierReply = z.object({ body: z.string(), replied_on: z.string() });
export type CarrierReply = z.infer<typeof CarrierReply>;

/** Plain text: kept as typed (trimmed), escaped wherever it is shown. */
export const ReplyBody = z.object({
  body: z
    .string()
    .trim()
    .min(1, 'Reply cannot be empty')
    .max(REPLY_MAX_LENGTH, `Replies can be at most ${REPLY_MAX_LENGTH.toLocaleString('en-US')} characters`)
    .regex(MULTI_LINE_TEXT, 'Replies cannot contain control characters'),
});

/**
 * The subject of a reply: the carrier, the kind and the subject's key (a rating's public key, a
 * signal's rule). The carrier is in the path so that a reply on another carrier's subject is refused
 * as such (403), not taken as the caller's own.
 */
export const ReplySubjectParams = z.object({
  dotNumber,
  kind: z.enum(REPLY_SUBJECT_KINDS, { error: 'Replies are on a rating or a signal' }),
  key: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Subject key must be 1 to 64 letters, digits, _ or -'),
});

/** A rating the carrier can reply on: one the profile shows (counted, with a comment). */
export const RepliableRating = z.object({
  key: z.string(),
  stars: z.number(),
  comment: z.string(),
  submitted_on: z.string(),
  reply: CarrierReply.nullable(),
});
export type RepliableRating = z.infer<typeof RepliableRating>;

/** A risk signal about the carrier it can reply on: its rule is its key. */
export const RepliableSignal = z.object({
  key: z.string(),
  title: z.string(),
  fact: z.string(),
  reply: CarrierReply.nullable(),
});

/** The caller's own carrier's subjects, each with its reply if it has one. */
export const OwnReplySubjects = z.object({
  dot_number: z.number(),
  signals: z.array(RepliableSignal),
  ratings: z.array(RepliableRating),
});
export type OwnReplySubjects = z.infer<typeof OwnReplySubjects>;

export const replyContracts = {
  own: route('GET', 'api', '/replies', {}, { 200: OwnReplySubjects }),
  save: route(
    'PUT',
    'api',
    '/replies/:dotNumber/:kind/:key',
    { params: ReplySubjectParams, body: ReplyBody },
    { 200: CarrierReply },
  ),
  remove: route(
    'DELETE',
    'api',
    '/replies/:dotNumber/:kind/:key',
    { params: ReplySubjectParams },
    { 200: DetailBody },
  ),
};

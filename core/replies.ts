// The carrier's reply on a rating or a signal about it (issue 55): rules the owner page and the server share.

/** The longest reply; the form stops there and the server refuses more. */
export const REPLY_MAX_LENGTH = 1000;

/** What a reply can be about: a rating of the carrier or a signal about it. */
export const REPLY_SUBJECT_KINDS = ['rating', 'signal'] as const;
export type ReplySubjectKind = (typeof REPLY_SUBJECT_KINDS)[number];

/** The line above a reply wherever it is shown: 'Reply from the carrier, December 7, 2026'. */
export const replyHeading = (longDate: string) => `Reply from the carrier, ${longDate}`;

/** A stored reply as pages show it: its text and the day it was last written. */
export const replyOf = (row: { body: string; updated_at: string }) => ({
  body: row.body,
  replied_on: row.updated_at.slice(0, 10),
});

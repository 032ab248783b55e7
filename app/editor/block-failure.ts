import { ApiError } from '../lib/api-client';

/**
 * Refusals the owner can act on, whose `detail` says what to change: a conflict (a type the profile
 * already has, the custom block limit, the profile's content limit) or content over 100 KB.
 */
const ACTIONABLE_STATUSES: ReadonlySet<number> = new Set([409, 413]);

/**
 * The notice for a failed block change: '{failure}: {detail}' when the server refused it for a
 * reason the owner can act on, else the spec's message (owner-side section 8).
 */
export function blockFailureText(error: unknown, failure: string, specMessage: string = failure): string {
  return error instanceof ApiError && error.detail && ACTIONABLE_STATUSES.has(error.status)
    ? `${failure}: ${error.detail}`
    : specMessage;
}

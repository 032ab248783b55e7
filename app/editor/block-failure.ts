import type { ErrorCode } from '../../core/errors.ts';
import { ApiError } from '../lib/api-request.ts';

/**
 * Refusals the owner can act on, whose `detail` says what to change: a conflict (a type the profile
 * already has, the custom block limit, the profile's content limit) or content over 100 KB.
 */
const ACTIONABLE_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['conflict', 'too_large']);

/**
 * The notice for a failed block change: '{failure}: {detail}' when the server refused it for a
 * reason the owner can act on, else the spec's message (owner-side section 8).
 */
export function blockFailureText(error: unknown, failure: string, specMessage: string = failure): string {
  return error instanceof ApiError && error.detail && error.code && ACTIONABLE_CODES.has(error.code)
    ? `${failure}: ${error.detail}`
    : specMessage;
}

import { ApiError } from './api-request.ts';

// The spec's messages for the server's refusals on owner pages (owner-side section 8), chosen by the
// refusal's code (core/errors.ts), never by the wording of its detail.

/** The claim page's message for a failed 'send verification'. */
export function claimFailureText(error: unknown, dotText: string): string {
  switch (error instanceof ApiError ? error.code : null) {
    case 'already_claimed':
      return 'This profile has already been claimed.';
    case 'no_contact_email':
      return 'No email address is associated with this DOT number. Please contact support for assistance.';
    case 'not_found':
      return `We couldn't find a carrier with DOT number ${dotText}. Please check the DOT number and try again.`;
    default:
      return 'An error occurred while trying to claim this profile. Please try again later.';
  }
}

/** The request-rating page's message: the server's detail, one refusal reworded, or a fallback. */
export function ratingRequestFailureText(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Failed to send rating request';
  if (error.code === 'duplicate_request')
    return 'This reviewer has already been sent a request within the last week';
  return error.detail || 'Failed to send rating request';
}

/** A watcher page's message for a refused action: the server's detail, or a fallback. */
export function refusalDetailText(error: unknown): string {
  return error instanceof ApiError && error.detail ? error.detail : 'Something went wrong. Please try again.';
}

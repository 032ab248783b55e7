import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { claimFailureText, ratingRequestFailureText, refusalDetailText } from './refusal-texts.ts';

describe('claimFailureText', () => {
  it('words each claim refusal by its code, whatever its detail says', () => {
    expect(claimFailureText(new ApiError(409, 'Reworded later', 'already_claimed'), '123')).toBe(
      'This profile has already been claimed.',
    );
    expect(claimFailureText(new ApiError(422, null, 'no_contact_email'), '123')).toBe(
      'No email address is associated with this DOT number. Please contact support for assistance.',
    );
    expect(claimFailureText(new ApiError(404, 'Carrier not found', 'not_found'), '123')).toBe(
      "We couldn't find a carrier with DOT number 123. Please check the DOT number and try again.",
    );
  });

  it('falls back on the spec’s message for anything else, a known detail without its code too', () => {
    const fallback = 'An error occurred while trying to claim this profile. Please try again later.';
    expect(claimFailureText(new ApiError(409, 'Profile already claimed'), '123')).toBe(fallback);
    expect(claimFailureText(new ApiError(429, 'Too many', 'rate_limited'), '123')).toBe(fallback);
    expect(claimFailureText(new TypeError('fetch failed'), '123')).toBe(fallback);
  });
});

describe('ratingRequestFailureText', () => {
  it('rewords the duplicate request by its code', () => {
    expect(ratingRequestFailureText(new ApiError(409, 'Any wording', 'duplicate_request'))).toBe(
      'This reviewer has already been sent a request within the last week',
    );
  });

  it('shows any other detail, else the fallback', () => {
    expect(
      ratingRequestFailureText(new ApiError(409, 'This rating has already been submitted', 'conflict')),
    ).toBe('This rating has already been submitted');
    expect(ratingRequestFailureText(new ApiError(500, null, 'internal'))).toBe(
      'Failed to send rating request',
    );
    expect(ratingRequestFailureText(new TypeError('fetch failed'))).toBe('Failed to send rating request');
  });
});

describe('refusalDetailText', () => {
  it("shows the server's detail, and a fallback without one", () => {
    expect(refusalDetailText(new ApiError(400, 'line 3: not a DOT or MC number', 'invalid'))).toBe(
      'line 3: not a DOT or MC number',
    );
    expect(refusalDetailText(new ApiError(500, null, 'internal'))).toBe(
      'Something went wrong. Please try again.',
    );
    expect(refusalDetailText(new TypeError('Failed to fetch'))).toBe(
      'Something went wrong. Please try again.',
    );
  });
});

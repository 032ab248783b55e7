import { describe, expect, it } from 'vitest';
import { redactUrl } from './logging.ts';

describe('redactUrl', () => {
  it.each([
    ['/verify-claim/abc123', '/verify-claim/[redacted]'],
    ['/api/v1/auth/verify-login/abc123?x=1', '/api/v1/auth/verify-login/[redacted]?x=1'],
    ['/verify-user-login/tok', '/verify-user-login/[redacted]'],
    ['/search?q=x&token=secret', '/search?q=x&token=[redacted]'],
    ['/profile/123', '/profile/123'],
  ])('%s -> %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

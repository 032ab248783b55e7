import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { testDialect } from '../../tests/support/test-database.ts';
import { redactUrl } from './logging.ts';

describe('redactUrl', () => {
  it.each([
    ['/verify-claim/abc123', '/verify-claim/[redacted]'],
    ['/api/v1/auth/verify-login/abc123?x=1', '/api/v1/auth/verify-login/[redacted]?x=1'],
    ['/verify-user-login/tok', '/verify-user-login/[redacted]'],
    ['/Verify-Claim/abc123.data', '/Verify-Claim/[redacted]'],
    ['/review/r3v13w', '/review/[redacted]'],
    ['/REVIEW/r3v13w.data?_routes=x', '/REVIEW/[redacted]?_routes=x'],
    ['/api/v1/ratings/r3v13w', '/api/v1/ratings/[redacted]'],
    ['/api/v1/ratings/r3v13w/submit', '/api/v1/ratings/[redacted]/submit'],
    ['/api/v1/ratings/summary/42', '/api/v1/ratings/summary/42'],
    ['/api/v1/ratings/request', '/api/v1/ratings/request'],
    ['/api/v1/ratings/requested/submit', '/api/v1/ratings/[redacted]/submit'],
    ['/search?q=x&token=secret', '/search?q=x&token=[redacted]'],
    ['/profile/123', '/profile/123'],
  ])('%s -> %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe(`the request log on ${testDialect}`, () => {
  const lines: string[] = [];
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => lines.push(line) } });
  });
  afterAll(async () => app.close());

  it('never holds a review id or a sign-in token, whichever path carries it', async () => {
    const secret = 'Kq7capabilityZ';
    const requests = [
      { method: 'GET', url: `/review/${secret}` },
      { method: 'GET', url: `/review/${secret}.data` },
      { method: 'GET', url: `/api/v1/ratings/${secret}` },
      { method: 'POST', url: `/api/v1/ratings/${secret}/submit`, payload: { rating: 5 } },
      { method: 'GET', url: `/api/v1/auth/verify-login/${secret}` },
      { method: 'GET', url: `/verify-user-login/${secret}` },
    ] as const;
    for (const request of requests) await app.fastify.inject(request);
    const logged = lines.join('');
    expect(lines.length).toBeGreaterThanOrEqual(requests.length);
    expect(logged).not.toContain(secret);
    expect(logged).toContain('/api/v1/ratings/[redacted]/submit');
    expect(logged).toContain('/review/[redacted]');
  });
});

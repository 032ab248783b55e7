import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { testDialect } from '../../tests/support/test-database.ts';
import { CROSS_SITE_DETAIL, OTHER_ORIGIN_DETAIL } from './cross-site.ts';

/** State-changing endpoints of both APIs, an unknown path among them: one guard covers every route. */
const WRITES = [
  ['POST', '/api/v1/auth/claim-profile/1'],
  ['POST', '/api/v1/auth/user-login'],
  ['POST', '/api/v1/users'],
  ['PUT', '/api/v1/users/1'],
  ['DELETE', '/api/v1/users/1'],
  ['POST', '/api/v1/content/blocks'],
  ['PUT', '/api/v1/content/blocks/reorder'],
  ['DELETE', '/api/v1/content/blocks/1'],
  ['POST', '/api/v1/content/blocks/1/media'],
  ['DELETE', '/api/v1/content/media/1'],
  ['PUT', '/api/v1/companies/profile/1/css'],
  ['POST', '/api/v1/capacity'],
  ['POST', '/api/v1/ratings/request'],
  ['POST', '/api/v1/ratings/abc/submit'],
  ['PATCH', '/api/v1/anything'],
  ['POST', '/carrier-data/api/v1/search'],
] as const;

describe(`requests another site could send, on ${testDialect}`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ RATE_LIMIT_MAX: '10000' });
  });
  afterAll(async () => app.close());

  it('are refused with 415 and a detail before any handler runs', async () => {
    for (const [method, url] of WRITES) {
      for (const headers of [
        {},
        { 'content-type': 'text/plain' },
        { 'content-type': 'application/x-www-form-urlencoded' },
        { 'content-type': 'multipart/form-data; boundary=x' },
        { authorization: 'Basic dXNlcjpwYXNz' },
        { authorization: 'Bearer' },
      ]) {
        const response = await app.fastify.inject({
          method,
          url,
          headers: { ...headers, origin: 'https://evil.example' },
          payload: 'content-type' in headers ? 'a=1' : undefined,
        });
        expect(response.statusCode, `${method} ${url} ${JSON.stringify(headers)}`).toBe(415);
        expect(response.json()).toMatchObject({ detail: CROSS_SITE_DETAIL });
      }
    }
  });

  it('pass with a JSON body or a bearer token, which a page elsewhere cannot send without a preflight', async () => {
    for (const [method, url] of WRITES) {
      const json = await app.fastify.inject({
        method,
        url,
        headers: { 'content-type': 'Application/JSON; charset=utf-8' },
        payload: '{}',
      });
      expect(json.statusCode, `${method} ${url}`).not.toBe(415);
      const bearer = await app.fastify.inject({ method, url, headers: { authorization: 'Bearer x.y.z' } });
      expect(bearer.statusCode, `${method} ${url}`).not.toBe(415);
    }
    const anonymousRead = await app.fastify.inject({ method: 'GET', url: '/api/v1/health' });
    expect(anonymousRead.statusCode).toBe(200);
  });

  it('never get a permissive answer to a preflight', async () => {
    for (const [method, url] of WRITES) {
      const preflight = await app.fastify.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin: 'https://evil.example',
          'access-control-request-method': method,
          'access-control-request-headers': 'content-type, authorization',
        },
      });
      const corsHeaders = Object.keys(preflight.headers).filter((name) => name.startsWith('access-control-'));
      expect(corsHeaders, `OPTIONS ${url}`).toEqual([]);
    }
  });
});

describe(`writes a page of another origin sent, on ${testDialect}`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({
      APP_URL: 'https://carrierpage.example',
      TRUST_PROXY: 'loopback',
      RATE_LIMIT_MAX: '10000',
    });
  });
  afterAll(async () => app.close());

  const claim = (headers: Record<string, string>) =>
    app.fastify.inject({
      method: 'POST',
      url: '/api/v1/auth/claim-profile/1',
      headers: { host: 'carrierpage.example', 'content-type': 'application/json', ...headers },
      payload: '{}',
    });

  it('are refused with 403 and a detail, JSON bodies and bearer tokens alike', async () => {
    for (const headers of <Record<string, string>[]>[
      { origin: 'https://evil.example' },
      { origin: 'null' },
      // Plain HTTP under the site's name, where a proxy says the request came over HTTPS.
      { origin: 'http://carrierpage.example', 'x-forwarded-proto': 'https' },
      { origin: 'https://carrierpage.example:8443' },
      { origin: 'https://sub.carrierpage.example' },
      { referer: 'https://evil.example/attack.html' },
      { referer: 'not a url' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example', authorization: 'Bearer x.y.z' },
    ]) {
      const response = await claim(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toEqual({ detail: OTHER_ORIGIN_DETAIL, code: 'forbidden' });
    }
    for (const [method, url] of WRITES) {
      const response = await app.fastify.inject({
        method,
        url,
        headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
        payload: '{}',
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it("pass from this site's pages, under APP_URL or the host they were sent to", async () => {
    for (const headers of <Record<string, string>[]>[
      { origin: 'https://carrierpage.example' },
      { origin: 'https://CarrierPage.example:443' },
      { referer: 'https://carrierpage.example/claim-profile/1' },
      { origin: 'https://carrierpage.example', 'sec-fetch-site': 'same-origin' },
      { host: 'localhost:3000', origin: 'http://localhost:3000' },
    ]) {
      const response = await claim(headers);
      expect(response.statusCode, JSON.stringify(headers)).not.toBe(403);
    }
    // Another port of this machine is another origin (another local server's page).
    const otherPort = await claim({ host: 'localhost:3000', origin: 'http://localhost:8080' });
    expect(otherPort.statusCode).toBe(403);
  });

  it('pass from API clients, which name no page: a bearer token or a JSON body without Origin', async () => {
    const bearer = await app.fastify.inject({
      method: 'DELETE',
      url: '/api/v1/users/1',
      headers: { host: 'carrierpage.example', authorization: 'Bearer x.y.z' },
    });
    expect(bearer.statusCode).toBe(401);
    expect((await claim({})).statusCode).toBe(404);
  });
});

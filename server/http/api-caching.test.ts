import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrier, seedCarriers } from '../../tests/support/factories.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { testDialect } from '../../tests/support/test-database.ts';

// Answers that carry a session token or an owner's data must not be kept by a browser or a proxy
// (issue 51, finding 10): every API answer is no-store unless its route says otherwise.

describe(`API answers on ${testDialect}`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
    await seedCarriers(app.database.db, testDialect, [
      carrier({ dot_number: 3201, legal_name: 'UNSTORED LLC', email: 'owner@unstored.example.com' }),
    ]);
  });
  afterAll(async () => app.close());

  it('are no-store: the verify answer with its token, the owner reads, the public ones and errors', async () => {
    const claim = await app.fastify.inject({
      method: 'POST',
      url: '/api/v1/auth/claim-profile/3201',
      payload: {},
    });
    expect(claim.statusCode).toBe(200);
    expect(claim.headers['cache-control']).toBe('no-store');
    const [message] = await app.services.outbox!.latest();
    const token = /verify-claim\/([\w-]+)/.exec(JSON.stringify(message))?.[1];
    expect(token).toBeDefined();

    const verified = await app.fastify.inject({ url: `/api/v1/auth/verify-claim/${token}` });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().access_token).toEqual(expect.any(String));
    expect(verified.headers['cache-control']).toBe('no-store');

    const authorization = `Bearer ${verified.json().access_token}`;
    for (const url of [
      '/api/v1/companies/me',
      '/api/v1/users',
      '/api/v1/capacity',
      '/api/v1/companies/profile/3201?include_hidden=true',
      '/api/v1/companies/supersearch?super_search_term=unstored',
      '/api/v1/auth/verify-login/not-a-token',
    ]) {
      const response = await app.fastify.inject({ url, headers: { authorization } });
      expect(response.headers['cache-control'], url).toBe(
        url.endsWith('include_hidden=true') ? 'private, no-store' : 'no-store',
      );
    }
  });
});

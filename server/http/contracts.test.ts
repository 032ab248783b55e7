import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONTRACTS } from '../../core/contracts/index.ts';
import { API_BASES, route, type RouteContract } from '../../core/contracts/route.ts';
import { carrier, seedCarriers } from '../../tests/support/factories.ts';
import { signInOwner } from '../../tests/support/sessions.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { testDialect } from '../../tests/support/test-database.ts';
import { contractProblem, contractRoute, registerContracts } from './contracts.ts';
import { registerErrorHandling } from './errors.ts';

// The routes validate with the contracts of core/contracts (docs/decisions/033): every contract is
// served at its method and path, and each area refuses bad input with the detail it always gave.
describe(`routes from contracts on ${testDialect}`, () => {
  let app: TestApp;
  let admin = '';

  beforeAll(async () => {
    app = await createTestApp();
    await seedCarriers(app.database.db, testDialect, [carrier({ dot_number: 7001, legal_name: 'C CO' })]);
    const company = await app.database.db
      .selectFrom('companies')
      .select(['id', 'dot_number'])
      .executeTakeFirstOrThrow();
    admin = await signInOwner(app, company, 'owner@example.com', { isAdmin: true });
  });
  afterAll(async () => {
    await app.close();
  });

  it('serves every contract at its method and path', () => {
    const missing = Object.values(CONTRACTS)
      .flatMap((area) => Object.values(area) as RouteContract[])
      .filter(
        (route) => !app.fastify.hasRoute({ method: route.method, url: API_BASES[route.api] + route.path }),
      )
      .map((route) => `${route.method} ${route.path}`);
    expect(missing).toEqual([]);
  });

  const refusal = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    token: string | null = admin,
  ) => {
    const response = await app.fastify.inject({
      method,
      url,
      payload,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: response.statusCode, body: response.json() as unknown };
  };

  it.each([
    [
      'auth',
      'POST',
      '/api/v1/auth/user-login',
      { email: 'nope' },
      'email: Please enter a valid email address',
    ],
    ['auth', 'GET', '/api/v1/auth/verify-claim/short', undefined, 'token: malformed token'],
    [
      'companies',
      'GET',
      '/api/v1/companies/profile/abc',
      undefined,
      'dotNumber: DOT number must be a positive whole number',
    ],
    [
      'companies',
      'GET',
      '/api/v1/companies/profile/7001?include_hidden=maybe',
      undefined,
      'include_hidden: must be true or false',
    ],
    [
      'companies',
      'PUT',
      '/api/v1/companies/profile/7001/css',
      { css: 1 },
      'css: Invalid input: expected string, received number',
    ],
    [
      'search',
      'GET',
      '/api/v1/companies/supersearch?radius_miles=5',
      undefined,
      'radius_miles: radius_zipcode and radius_miles go together',
    ],
    [
      'search',
      'GET',
      '/api/v1/companies/supersearch?page=0',
      undefined,
      'page: must be a whole number from 1 to 100,000',
    ],
    ['users', 'PUT', '/api/v1/users/x', { is_admin: true }, 'id: user id must be a positive whole number'],
    [
      'users',
      'POST',
      '/api/v1/users',
      { email: 'a@b.example' },
      'company_id: Invalid input: expected number, received undefined',
    ],
    [
      'blocks',
      'PUT',
      '/api/v1/content/blocks/1',
      { block_width: 'wide' },
      'block_width: Invalid option: expected one of "full"|"half"|"two-thirds"|"one-third"',
    ],
    [
      'blocks',
      'PUT',
      '/api/v1/content/blocks/reorder',
      { blocks: [{ id: 0, position: 1 }] },
      'blocks.0.id: Too small: expected number to be >0',
    ],
    ['media', 'DELETE', '/api/v1/content/media/x', undefined, 'id: asset id must be a positive whole number'],
    [
      'capacity',
      'POST',
      '/api/v1/capacity',
      { date: '2026-02-30', trailer: 'Van', origin: 'A' },
      'date: must be a real date',
    ],
    [
      'capacity',
      'GET',
      '/api/v1/capacity/public/0',
      undefined,
      'dotNumber: DOT number must be a positive whole number',
    ],
    [
      'ratings',
      'GET',
      '/api/v1/ratings/summary/x',
      undefined,
      'id: company id must be a positive whole number',
    ],
    [
      'ratings',
      'POST',
      '/api/v1/ratings/request',
      { reviewer_email: 'r@example.com', load_number: ' ' },
      'load_number: Load number is required',
    ],
    [
      'carrier-data',
      'GET',
      '/carrier-data/api/v1/company/7001/inspections?sinceMonths=121',
      undefined,
      'sinceMonths: must be a whole number from 1 to 120',
    ],
    [
      'carrier-data',
      'GET',
      '/carrier-data/api/v1/search?dotNumber=x',
      undefined,
      'dotNumber: DOT number must be a positive whole number',
    ],
  ] as const)('%s: %s %s refuses bad input with its detail', async (_area, method, url, payload, detail) => {
    expect(await refusal(method, url, payload)).toEqual({ status: 400, body: { detail, code: 'invalid' } });
  });

  it('refuses a caller without a session before looking at the input', async () => {
    expect(await refusal('POST', '/api/v1/content/blocks', { block_type: 'nope' }, null)).toEqual({
      status: 401,
      body: { detail: 'Not authenticated', code: 'unauthenticated' },
    });
  });
});

describe('answers held against their contracts', () => {
  const Answer = z.object({ id: z.number(), items: z.array(z.object({ name: z.string() })) });
  const contract = route('GET', 'api', '/answer', {}, { 200: Answer });
  let answer: unknown;

  async function appChecking(checkAnswers: boolean) {
    const app = Fastify();
    registerContracts(app, { checkAnswers });
    registerErrorHandling(app);
    contractRoute(app, contract, { handler: async () => answer as z.infer<typeof Answer> });
    await app.ready();
    return app;
  }

  it('fail in the tests when an answer holds a key its contract does not declare, at any depth', async () => {
    const app = await appChecking(true);
    answer = { id: 1, items: [{ name: 'a' }] };
    expect((await app.inject({ url: '/answer' })).json()).toEqual(answer);
    for (const leaked of [
      { id: 1, items: [], password_hash: 'x' },
      { id: 1, items: [{ name: 'a' }, { name: 'b', email: 'owner@leak.example.com' }] },
      { id: '1', items: [] },
    ]) {
      answer = leaked;
      const response = await app.inject({ url: '/answer' });
      expect(response.statusCode, JSON.stringify(leaked)).toBe(500);
      expect(response.body).not.toContain('leak.example.com');
    }
    await app.close();
  });

  it('name what does not fit', () => {
    expect(contractProblem(Answer, { id: 1, items: [{ name: 'b', email: 'x' }], extra: 1 })).toBe(
      'keys the contract does not declare: items[0].email, extra',
    );
    expect(contractProblem(Answer, { id: 1, items: [] })).toBeNull();
  });

  it('are written as they are in production, unchecked', async () => {
    const app = await appChecking(false);
    answer = { id: 1, items: [], unchecked: true };
    expect((await app.inject({ url: '/answer' })).json()).toEqual(answer);
    await app.close();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserStorage } from '../../tests/support/browser-storage.ts';
import { SESSION_STORAGE_KEY } from './session.ts';
import { api, ApiError } from './api-client.ts';
import { apiRequest } from './api-request.ts';

/** Runs one call against a stubbed fetch and returns what it was given. */
async function sent(path: string, init?: RequestInit) {
  const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  await apiRequest(path, init);
  const [, options] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
  return { body: options.body, contentType: new Headers(options.headers).get('Content-Type') };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

// The server refuses state-changing calls without a JSON body or a bearer token (server/http/cross-site.ts).
describe('apiRequest', () => {
  it('sends an empty JSON object with a body-less state-changing call', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'post']) {
      expect(await sent('/api/v1/auth/claim-profile/1', { method })).toEqual({
        body: '{}',
        contentType: 'application/json',
      });
    }
  });

  it('sends no body with a reading call', async () => {
    expect(await sent('/api/v1/health')).toEqual({ body: undefined, contentType: null });
    expect(await sent('/api/v1/health', { method: 'HEAD' })).toEqual({ body: undefined, contentType: null });
  });

  it('marks a string body as JSON and leaves a form upload to the browser', async () => {
    expect(
      await sent('/api/v1/auth/user-login', { method: 'POST', body: '{"email":"a@b.example"}' }),
    ).toEqual({
      body: '{"email":"a@b.example"}',
      contentType: 'application/json',
    });
    const form = new FormData();
    const upload = await sent('/api/v1/content/blocks/1/media', { method: 'POST', body: form });
    expect(upload).toEqual({ body: form, contentType: null });
  });
});

describe('ApiError', () => {
  /** The error a stubbed response makes apiRequest throw. */
  async function refusal(response: Response): Promise<ApiError> {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => response),
    );
    return apiRequest('/api/v1/anything').then(
      () => expect.unreachable('the call should fail'),
      (error: unknown) => error as ApiError,
    );
  }

  it('carries the server’s detail and code', async () => {
    const error = await refusal(
      Response.json({ detail: 'Profile already claimed', code: 'already_claimed' }, { status: 409 }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, detail: 'Profile already claimed', code: 'already_claimed' });
  });

  it('has no code when the body names none it knows, or is not JSON', async () => {
    const unknown = await refusal(Response.json({ detail: 'Nope', code: 'teapot' }, { status: 418 }));
    expect(unknown).toMatchObject({ status: 418, detail: 'Nope', code: null });
    const text = await refusal(new Response('Bad Gateway', { status: 502 }));
    expect(text).toMatchObject({ status: 502, detail: 'Bad Gateway', code: null });
  });
});

describe('the typed client', () => {
  let store = new Map<string, string>();
  beforeEach(() => {
    store = stubBrowserStorage();
  });

  /** Calls `call` against a stubbed fetch answering `response`; returns the request it sent and the result. */
  async function exchange(call: () => Promise<unknown>, response = Response.json({ ok: true })) {
    const fetchMock = vi.fn(async () => response);
    vi.stubGlobal('fetch', fetchMock);
    const result = await call();
    const [url, options] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    return {
      url,
      method: options.method,
      body: options.body,
      authorization: new Headers(options.headers).get('Authorization'),
      result,
    };
  }

  it('builds each path from the contract, with its parameters encoded and its query', async () => {
    expect(
      await exchange(() => api.blocks.update({ params: { id: 7 }, body: { block_title: 'Fleet' } })),
    ).toEqual({
      url: '/api/v1/content/blocks/7',
      method: 'PUT',
      body: '{"block_title":"Fleet"}',
      authorization: null,
      result: { ok: true },
    });
    const profile = await exchange(() =>
      api.companies.profile({ params: { dotNumber: '12 3/4' }, query: { include_hidden: 'true' } }),
    );
    expect(profile).toMatchObject({
      url: '/api/v1/companies/profile/12%203%2F4?include_hidden=true',
      method: 'GET',
    });
    const search = await exchange(() =>
      api.search.supersearch({ query: { super_search_term: 'acme & sons', address_city: undefined } }),
    );
    expect(search.url).toBe('/api/v1/companies/supersearch?super_search_term=acme+%26+sons');
    expect((await exchange(() => api.carrierData.search({ query: { dotNumber: '44' } }))).url).toBe(
      '/carrier-data/api/v1/search?dotNumber=44',
    );
  });

  it('sends {} with a body-less write and the stored bearer token, and answers undefined for 204', async () => {
    store.set(SESSION_STORAGE_KEY, tokenFor({ sub: '1', exp: Date.now() / 1000 + 600 }));
    const removed = await exchange(
      () => api.capacity.remove({ params: { id: 3 } }),
      new Response(null, { status: 204 }),
    );
    expect(removed).toMatchObject({
      url: '/api/v1/capacity/3',
      method: 'DELETE',
      body: '{}',
      result: undefined,
    });
    expect(removed.authorization).toMatch(/^Bearer /);
  });

  it('sends an upload as the form itself', async () => {
    const form = new FormData();
    const upload = await exchange(() => api.media.upload({ params: { id: 5 }, form }));
    expect(upload).toMatchObject({ url: '/api/v1/content/blocks/5/media', method: 'POST', body: form });
  });

  it('throws ApiError with status, detail and code, and a 401 clears the stored token', async () => {
    store.set(SESSION_STORAGE_KEY, tokenFor({ sub: '1', exp: Date.now() / 1000 + 600 }));
    const error = await exchange(
      () =>
        api.users.list().then(
          () => expect.unreachable('the call should fail'),
          (failure: unknown) => failure,
        ),
      Response.json({ detail: 'Session expired or invalid', code: 'unauthenticated' }, { status: 401 }),
    );
    expect(error.result).toBeInstanceOf(ApiError);
    expect(error.result).toMatchObject({
      status: 401,
      detail: 'Session expired or invalid',
      code: 'unauthenticated',
    });
    expect(store.has(SESSION_STORAGE_KEY)).toBe(false);
  });

  it('refuses a call without a path parameter the route needs', async () => {
    vi.stubGlobal('fetch', vi.fn());
    // @ts-expect-error -- the contract requires params.id
    await expect(api.blocks.remove({ params: {} })).rejects.toThrow('/content/blocks/:id: no value for :id');
  });
});

/** An unsigned token with these claims: the browser only decodes it. */
function tokenFor(claims: Record<string, unknown>): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256' })}.${encode(claims)}.signature`;
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from './api-client';

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

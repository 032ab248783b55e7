import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserStorage } from '../../tests/support/browser-storage.ts';
import { ApiError, apiRequest } from './api-request.ts';
import {
  LOGOUT_PATH,
  SESSION_STORAGE_KEY,
  decodeSessionToken,
  readSessionToken,
  storeSessionToken,
} from './session.ts';
import { CONTRACTS } from '../../core/contracts/index.ts';
import { routePath } from '../../core/contracts/route.ts';

function token(claims: Record<string, unknown>): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256' })}.${encode(claims)}.sig`;
}

const NOW = 1_800_000_000;

describe('decodeSessionToken', () => {
  it('maps the claims to the session user', () => {
    const user = decodeSessionToken(
      token({
        sub: '42',
        dot: 1234567,
        user_id: 7,
        is_company_admin: true,
        email: 'a@example.com',
        exp: NOW + 10,
      }),
      NOW,
    );
    expect(user).toEqual({
      companyId: 42,
      dotNumber: 1234567,
      userId: 7,
      email: 'a@example.com',
      isAdmin: true,
    });
  });

  it('treats is_admin and is_company_admin alike and defaults to not admin', () => {
    expect(decodeSessionToken(token({ sub: '1', is_admin: true, exp: NOW + 1 }), NOW)?.isAdmin).toBe(true);
    expect(decodeSessionToken(token({ sub: '1', exp: NOW + 1 }), NOW)?.isAdmin).toBe(false);
  });

  it('reads a number the token lacks or garbles as 0, an id nothing has', () => {
    expect(decodeSessionToken(token({ sub: 'x', dot: '', exp: NOW + 1 }), NOW)).toEqual({
      companyId: 0,
      dotNumber: 0,
      userId: 0,
      email: '',
      isAdmin: false,
    });
  });

  it('rejects an expired token (exp earlier than now in seconds)', () => {
    expect(decodeSessionToken(token({ sub: '1', exp: NOW - 1 }), NOW)).toBeNull();
    expect(decodeSessionToken(token({ sub: '1', exp: NOW }), NOW)).not.toBeNull();
  });

  it.each([
    ['not a JWT', 'abc'],
    ['bad base64 JSON', 'a.%%%.c'],
    ['a JSON string payload', `a.${Buffer.from('"x"').toString('base64url')}.c`],
    ['no exp', token({ sub: '1' })],
    ['no sub', token({ exp: NOW + 10 })],
  ])('rejects %s', (_label, value) => {
    expect(decodeSessionToken(value, NOW)).toBeNull();
  });
});

describe('stored session and the API client', () => {
  let store = new Map<string, string>();
  const valid = token({ sub: '5', dot: '99', exp: Math.floor(Date.now() / 1000) + 600 });

  beforeEach(() => {
    store = stubBrowserStorage();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('removes an undecodable stored token on read', () => {
    store.set(SESSION_STORAGE_KEY, 'garbage');
    expect(readSessionToken()).toBeNull();
    expect(store.has(SESSION_STORAGE_KEY)).toBe(false);
  });

  it('sends the bearer token and returns the JSON body', async () => {
    storeSessionToken(valid);
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/api/v1/thing')).resolves.toEqual({ ok: true });
    const init = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(init[1].headers).get('Authorization')).toBe(`Bearer ${valid}`);
  });

  it('clears the stored token on a 401 and raises the server detail', async () => {
    storeSessionToken(valid);
    vi.stubGlobal(
      'fetch',
      async () => new Response(JSON.stringify({ detail: 'Token expired' }), { status: 401 }),
    );
    const failure = apiRequest('/api/v1/thing');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 401, detail: 'Token expired' });
    expect(store.has(SESSION_STORAGE_KEY)).toBe(false);
  });

  it('keeps the token on other errors', async () => {
    storeSessionToken(valid);
    vi.stubGlobal('fetch', async () => new Response('plain failure', { status: 500 }));
    await expect(apiRequest('/api/v1/thing')).rejects.toMatchObject({ status: 500, detail: 'plain failure' });
    expect(store.get(SESSION_STORAGE_KEY)).toBe(valid);
  });
});

describe('logout', () => {
  it('calls the logout route the contract declares', () => {
    expect(LOGOUT_PATH).toBe(routePath(CONTRACTS.auth.logout));
  });
});

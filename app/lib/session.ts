/**
 * The browser session (spec: public-side section 4 "Session"). The access token lives in localStorage
 * under a product-specific key; it is decoded (not verified: the server verifies it on every call) to
 * know who is logged in. An expired or undecodable token is removed and the visitor is anonymous.
 */
export const SESSION_STORAGE_KEY = 'carrierpage.access_token';

import type { SessionUser } from '../../core/contracts/auth.ts';

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** A numeric claim as a positive integer, 0 when the token lacks it or it is not one. */
function idClaim(value: unknown): number {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}

/**
 * Decodes a JWT's claims into the session user (the server's shape, core/contracts/auth.ts), or null
 * when it is malformed or expired. The company is the sub claim; is_company_admin is an older name of
 * is_admin.
 */
export function decodeSessionToken(token: string, nowSeconds = Date.now() / 1000): SessionUser | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  let claims: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(decodeBase64Url(parts[1]));
    if (typeof parsed !== 'object' || parsed === null) return null;
    claims = parsed as Record<string, unknown>;
  } catch {
    return null;
  }
  if (typeof claims.exp !== 'number' || claims.exp < nowSeconds) return null;
  if (claims.sub === undefined || claims.sub === null) return null;
  return {
    companyId: idClaim(claims.sub),
    dotNumber: idClaim(claims.dot),
    userId: idClaim(claims.user_id),
    email: typeof claims.email === 'string' ? claims.email : '',
    isAdmin: claims.is_admin === true || claims.is_company_admin === true,
  };
}

type Listener = () => void;
const listeners = new Set<Listener>();

function notify(): void {
  for (const listener of listeners) listener();
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled by the browser's privacy settings
  }
}

/** The stored token when it is still valid; an invalid one is removed on the way. */
export function readSessionToken(): string | null {
  const store = storage();
  const token = store?.getItem(SESSION_STORAGE_KEY) ?? null;
  if (token === null) return null;
  if (decodeSessionToken(token) === null) {
    store?.removeItem(SESSION_STORAGE_KEY);
    return null;
  }
  return token;
}

/** The user of the stored session, for code outside React (a route's clientLoader); null when anonymous. */
export function currentSessionUser(): SessionUser | null {
  const token = readSessionToken();
  return token ? decodeSessionToken(token) : null;
}

export function storeSessionToken(token: string): void {
  storage()?.setItem(SESSION_STORAGE_KEY, token);
  notify();
}

export function clearSessionToken(): void {
  storage()?.removeItem(SESSION_STORAGE_KEY);
  notify();
}

export function subscribeToSession(listener: Listener): () => void {
  listeners.add(listener);
  // Another tab logging in or out changes the same storage key.
  const onStorage = (event: StorageEvent) => {
    if (event.key === SESSION_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * POST /api/v1/auth/logout (core/contracts/auth.ts, `logout`; session.test.ts checks they agree). Named
 * here rather than read from the contract so that logging out does not load the contracts and zod
 * into every page: the public pages' header island logs out too.
 */
export const LOGOUT_PATH = '/api/v1/auth/logout';

/**
 * Ends a session on the server, so the token is refused from then on even if a copy of it survives.
 * The browser has already forgotten the token; a failed call (offline, server down) changes nothing
 * there, so it is not reported.
 */
async function endServerSession(token: string): Promise<void> {
  try {
    await fetch(LOGOUT_PATH, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      keepalive: true,
    });
  } catch {
    // Nothing to do: the local logout stands.
  }
}

/**
 * Logs out: the token is forgotten here at once, whatever the server answers; the server is told to
 * refuse it. Settles when the server has answered (or could not be reached), so a page that loads
 * another document next can wait for it.
 */
export async function logout(): Promise<void> {
  const current = readSessionToken();
  clearSessionToken();
  if (current) await endServerSession(current);
}

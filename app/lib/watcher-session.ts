/**
 * A watcher's session in the browser (issue 54): a bearer token of its own under its own key, beside
 * an owner's (app/lib/session.ts), so one person can be signed in as both. Decoded, not verified (the
 * server verifies it on every call), to know the address and whether it expired.
 */
export const WATCHER_STORAGE_KEY = 'carrierpage.watcher_token';

export interface WatcherUser {
  email: string;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The watcher of a token, or null when it is malformed, expired or not a watcher's. */
export function decodeWatcherToken(token: string, nowSeconds = Date.now() / 1000): WatcherUser | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0)))) as {
      role?: unknown;
      exp?: unknown;
      email?: unknown;
    };
    if (claims.role !== 'watcher' || typeof claims.exp !== 'number' || claims.exp < nowSeconds) return null;
    return { email: typeof claims.email === 'string' ? claims.email : '' };
  } catch {
    return null;
  }
}

export function readWatcherToken(): string | null {
  const store = storage();
  const token = store?.getItem(WATCHER_STORAGE_KEY) ?? null;
  if (token !== null && decodeWatcherToken(token) === null) {
    store?.removeItem(WATCHER_STORAGE_KEY);
    return null;
  }
  return token;
}

export function storeWatcherToken(token: string): void {
  storage()?.setItem(WATCHER_STORAGE_KEY, token);
}

export function clearWatcherToken(): void {
  storage()?.removeItem(WATCHER_STORAGE_KEY);
}

/** The watcher's credential as the API client sends it; a 401 forgets it. */
export const WATCHER_SESSION = { read: readWatcherToken, clear: clearWatcherToken };

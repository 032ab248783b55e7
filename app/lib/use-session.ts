import { useCallback, useMemo, useSyncExternalStore } from 'react';
import {
  decodeSessionToken,
  logout,
  readSessionToken,
  storeSessionToken,
  subscribeToSession,
} from './session.ts';
import type { SessionUser } from '../../core/contracts/auth.ts';

export interface Session {
  user: SessionUser | null;
  token: string | null;
  login: (token: string) => void;
  logout: () => Promise<void>;
}

/**
 * The current session. The server always renders the anonymous view (the token is only in the
 * browser); after hydration the stored token is read and the view updates.
 */
export function useSession(): Session {
  const token = useSyncExternalStore(subscribeToSession, readSessionToken, () => null);
  const user = useMemo(() => (token ? decodeSessionToken(token) : null), [token]);
  const login = useCallback((newToken: string) => storeSessionToken(newToken), []);
  return { user, token, login, logout };
}

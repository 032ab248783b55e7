import { randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { SESSION_DAYS } from '../auth/session-token.ts';

/**
 * A watcher's session token: signed with the owners' session secret but of its own role, so an
 * owner's token never opens a watcher's routes nor the reverse (an owner token names a company and a
 * user; this one names the account as `watcher:<id>`, which no company id parses as).
 */
export interface WatcherClaims {
  accountId: number;
  email: string;
  sessionVersion: number;
}

export const WATCHER_ROLE = 'watcher';
const SUBJECT = /^watcher:(\d{1,12})$/;

export function createWatcherSessionTokens(secret: string, clock: () => Date) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims: WatcherClaims): Promise<string> {
      const issuedAt = Math.floor(clock().getTime() / 1000);
      return new SignJWT({ role: WATCHER_ROLE, email: claims.email, session_version: claims.sessionVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(`watcher:${claims.accountId}`)
        .setJti(randomBytes(16).toString('base64url'))
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + SESSION_DAYS * 86_400)
        .sign(key);
    },

    /** The claims of a valid watcher token with its id (what logout revokes); null for any other token. */
    async verify(token: string): Promise<(WatcherClaims & { jti: string }) | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: clock() });
        const subject = SUBJECT.exec(typeof payload.sub === 'string' ? payload.sub : '');
        if (payload.role !== WATCHER_ROLE || !subject || typeof payload.jti !== 'string') return null;
        if (!Number.isInteger(payload.session_version)) return null;
        return {
          accountId: Number(subject[1]),
          email: String(payload.email ?? ''),
          sessionVersion: payload.session_version as number,
          jti: payload.jti,
        };
      } catch {
        return null;
      }
    },
  };
}

export type WatcherSessionTokens = ReturnType<typeof createWatcherSessionTokens>;

import { randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/** Sessions last a week unless they end sooner on the server (server/domains/auth/sessions.ts). */
export const SESSION_DAYS = 7;

export interface SessionClaims {
  sub: string;
  dot: string;
  user_id: number;
  is_admin: boolean;
  email: string;
  /** The user's session_version at signing; a change of e-mail, role or status raises it. */
  session_version: number;
}

/** A verified token's claims, with its id (what logout revokes) and expiry in seconds. */
export interface VerifiedSessionClaims extends SessionClaims {
  jti: string;
  exp: number;
}

export function createSessionTokens(secret: string, clock: () => Date) {
  const key = new TextEncoder().encode(secret);
  return {
    /** Signs a session token with a random id of its own (`jti`), so one token can be revoked. */
    async sign(claims: SessionClaims): Promise<string> {
      const issuedAt = Math.floor(clock().getTime() / 1000);
      return new SignJWT({
        dot: claims.dot,
        user_id: claims.user_id,
        is_admin: claims.is_admin,
        email: claims.email,
        session_version: claims.session_version,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setJti(randomBytes(16).toString('base64url'))
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + SESSION_DAYS * 86_400)
        .sign(key);
    },

    /**
     * The claims of a valid token, or null for a forged, malformed or expired one, and for a token
     * signed before sessions could be revoked (no id or session version): its holder logs in again.
     */
    async verify(token: string): Promise<VerifiedSessionClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: clock() });
        if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return null;
        if (typeof payload.jti !== 'string' || payload.jti === '') return null;
        if (!Number.isInteger(payload.session_version)) return null;
        return {
          sub: payload.sub,
          dot: String(payload.dot ?? ''),
          user_id: Number(payload.user_id),
          is_admin: payload.is_admin === true,
          email: String(payload.email ?? ''),
          session_version: payload.session_version as number,
          jti: payload.jti,
          exp: payload.exp,
        };
      } catch {
        return null;
      }
    },
  };
}

export type SessionTokens = ReturnType<typeof createSessionTokens>;

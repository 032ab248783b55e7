import { jwtVerify, SignJWT } from 'jose';

/** Sessions last a week; a deactivated user loses access at once because every request checks them. */
export const SESSION_DAYS = 7;

export interface SessionClaims {
  sub: string;
  dot: string;
  user_id: number;
  is_admin: boolean;
  email: string;
}

export function createSessionTokens(secret: string, clock: () => Date) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims: SessionClaims): Promise<string> {
      const issuedAt = Math.floor(clock().getTime() / 1000);
      return new SignJWT({
        dot: claims.dot,
        user_id: claims.user_id,
        is_admin: claims.is_admin,
        email: claims.email,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + SESSION_DAYS * 86_400)
        .sign(key);
    },

    /** The claims of a valid token, or null for a forged, malformed or expired one. */
    async verify(token: string): Promise<(SessionClaims & { exp: number }) | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: clock() });
        if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return null;
        return {
          sub: payload.sub,
          dot: String(payload.dot ?? ''),
          user_id: Number(payload.user_id),
          is_admin: payload.is_admin === true,
          email: String(payload.email ?? ''),
          exp: payload.exp,
        };
      } catch {
        return null;
      }
    },
  };
}

export type SessionTokens = ReturnType<typeof createSessionTokens>;

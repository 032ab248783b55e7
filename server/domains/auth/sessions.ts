import type { Db } from '../../db/database.ts';
import type { SessionTokens } from './session-token.ts';

/**
 * Session tokens that end on the server. A token is accepted only while its user is active, still
 * has the session version the token carries (raised by every change of e-mail, role or status, see
 * users/service.ts) and the token has not been logged out. Logged-out token ids are kept until the
 * token would have expired anyway, then pruned.
 */
export function createSessions(db: Db, tokens: SessionTokens, clock: () => Date) {
  return {
    sign: tokens.sign,
    verify: tokens.verify,

    /** The active user a token belongs to, checked in one query; null for any token not (or no longer) valid. */
    async authenticate(token: string) {
      const claims = await tokens.verify(token);
      const companyId = claims ? Number.parseInt(claims.sub, 10) : NaN;
      if (!claims || !Number.isInteger(companyId) || !Number.isInteger(claims.user_id)) return null;
      const user = await db
        .selectFrom('users')
        .innerJoin('companies', 'companies.id', 'users.company_id')
        .select(['users.id', 'users.email', 'users.is_admin', 'companies.dot_number'])
        .where('users.id', '=', claims.user_id)
        .where('users.company_id', '=', companyId)
        .where('users.is_active', '=', 1)
        .where('users.session_version', '=', claims.session_version)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('revoked_sessions').select('jti').where('jti', '=', claims.jti))),
        )
        .executeTakeFirst();
      return user ? { ...user, companyId } : null;
    },

    /**
     * Logs a token out: its id is kept as revoked until its own expiry. A forged, expired or already
     * revoked token needs nothing; the answer is the same, so logout always succeeds.
     */
    async revoke(token: string): Promise<void> {
      const claims = await tokens.verify(token);
      const now = clock().toISOString();
      if (claims) {
        await db
          .insertInto('revoked_sessions')
          .values({ jti: claims.jti, expires_at: new Date(claims.exp * 1000).toISOString() })
          .onConflict((conflict) => conflict.column('jti').doNothing())
          .execute();
      }
      // Ids of expired tokens protect nothing any more: the signature check refuses those tokens.
      await db.deleteFrom('revoked_sessions').where('expires_at', '<', now).execute();
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;

import type { Db } from '../../server/db/database.ts';
import { createSessionTokens } from '../../server/domains/auth/session-token.ts';

/**
 * Makes a company claimed with one admin owner and returns that owner's session token, as a claim
 * followed by a login would: what the benchmarks that edit profiles need for each owner.
 */
export function ownerSessions(db: Db, jwtSecret: string) {
  const sessions = createSessionTokens(jwtSecret, () => new Date());
  return async function claimAsOwner(company: { id: number; dot_number: number }, email: string) {
    const now = new Date().toISOString();
    await db.updateTable('companies').set({ claimed: 1 }).where('id', '=', company.id).execute();
    const user = await db
      .insertInto('users')
      .values({ company_id: company.id, email, is_admin: 1, is_active: 1, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return sessions.sign({
      sub: String(company.id),
      dot: String(company.dot_number),
      user_id: user.id,
      is_admin: true,
      email,
      session_version: 0,
    });
  };
}

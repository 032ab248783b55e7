import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { LoginTokensTable } from '../../db/schema.ts';

/** Magic links expire after 15 minutes (docs/decisions/013-magic-links-and-outbox.md). */
export const LOGIN_TOKEN_MINUTES = 15;

export type LoginTokenKind = LoginTokensTable['kind'];

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Random, single-use tokens stored only as their hash, so a database leak reveals no usable link. */
export function createLoginTokens(db: Db, clock: () => Date) {
  return {
    async issue(values: { kind: LoginTokenKind; companyId: number; userId: number | null; email: string }) {
      const token = randomBytes(32).toString('base64url');
      const now = clock();
      const row = await db
        .insertInto('login_tokens')
        .values({
          token_hash: hashToken(token),
          kind: values.kind,
          company_id: values.companyId,
          user_id: values.userId,
          email: values.email,
          expires_at: new Date(now.getTime() + LOGIN_TOKEN_MINUTES * 60_000).toISOString(),
          used_at: null,
          created_at: now.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { token, id: row.id };
    },

    /** Removes a token whose e-mail could not be sent, so no usable link exists without its message. */
    async revoke(id: number) {
      await db.deleteFrom('login_tokens').where('id', '=', id).execute();
    },

    /** Marks a valid, unused, unexpired token as used and returns it; null for anything else. */
    async consume(kind: LoginTokenKind, token: string) {
      const now = clock().toISOString();
      return db
        .updateTable('login_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', hashToken(token))
        .where('kind', '=', kind)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returningAll()
        .executeTakeFirst();
    },

    /** How many links (of one kind, if given) went to an address lately (the per-address limits). */
    async countSince(email: string, since: Date, kind?: LoginTokenKind) {
      let query = db
        .selectFrom('login_tokens')
        .where('email', '=', email)
        .where('created_at', '>=', since.toISOString());
      if (kind) query = query.where('kind', '=', kind);
      const row = await query
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type LoginTokens = ReturnType<typeof createLoginTokens>;

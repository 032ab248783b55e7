import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { LoginTokensTable } from '../../db/schema.ts';

/**
 * Magic links expire 15 minutes after they are sent (docs/decisions/013-magic-links-and-outbox.md,
 * 038-mail-queue-and-metrics.md): the lifetime counts from sending, not from queueing.
 */
export const LOGIN_TOKEN_MINUTES = 15;

export type LoginTokenKind = LoginTokensTable['kind'];

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const newToken = () => randomBytes(32).toString('base64url');

/** Random, single-use tokens stored only as their hash, so a database leak reveals no usable link. */
export function createLoginTokens(db: Db, clock: () => Date) {
  return {
    /**
     * Records a link whose message is queued, on `on` (the transaction that queues the message). It
     * cannot be used yet: its hash is that of a secret nobody keeps and it expires as it is made.
     * `activate` gives it its real secret and lifetime when the message is sent.
     */
    async issue(
      values: { kind: LoginTokenKind; companyId: number; userId: number | null; email: string },
      on: Db = db,
    ) {
      const now = clock().toISOString();
      const row = await on
        .insertInto('login_tokens')
        .values({
          token_hash: hashToken(newToken()),
          kind: values.kind,
          company_id: values.companyId,
          user_id: values.userId,
          email: values.email,
          expires_at: now,
          used_at: null,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * Gives a recorded link a new secret, valid for LOGIN_TOKEN_MINUTES from now, and returns it; null
     * if the link was used or removed. The mail worker calls it on each attempt to send the link, so
     * only the secret of the message that went out last works.
     */
    async activate(id: number): Promise<string | null> {
      const token = newToken();
      const now = clock();
      const row = await db
        .updateTable('login_tokens')
        .set({
          token_hash: hashToken(token),
          expires_at: new Date(now.getTime() + LOGIN_TOKEN_MINUTES * 60_000).toISOString(),
        })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return row ? token : null;
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

    /**
     * Deletes a user's links that were not used (queued ones too: their message is then dropped), so
     * none of them outlives a change of the user's address, role or status.
     */
    async discardUnused(userId: number, on: Db = db) {
      await on
        .deleteFrom('login_tokens')
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute();
    },

    /** How many links (of one kind, if given) went to an address lately (the per-address limits). */
    async countSince(email: string, since: Date, kind?: LoginTokenKind, on: Db = db) {
      let query = on
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

import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Dialect } from '../../db/migrate.ts';
import { DomainError } from '../../../core/errors.ts';
import { createDefaultBlocks } from '../blocks/default-blocks.ts';
import { fmcsaAddress } from '../mail/email-addresses.ts';
import { actionMessage } from '../mail/messages.ts';
import type { MailQueue } from '../mail/queue.ts';
import type { UsersService } from '../users/service.ts';
import type { Sessions } from './sessions.ts';
import { LOGIN_TOKEN_MINUTES, type LoginTokenKind, type LoginTokens } from './tokens.ts';

/** At most this many links to one address per window (besides the per-client rate limit). */
export const LINKS_PER_ADDRESS = 5;
const LINK_WINDOW_MS = 15 * 60_000;

/**
 * At most this many claim e-mails to one FMCSA address in 24 hours, however many clients ask and
 * whichever carriers they name: counted in the database, so it holds across instances (decision 020).
 */
export const CLAIM_MAILS_PER_ADDRESS = 3;
const CLAIM_WINDOW_MS = 24 * 60 * 60_000;
export const CLAIM_LIMIT_DETAIL = `This carrier's e-mail address has already received ${CLAIM_MAILS_PER_ADDRESS} claim e-mails in the last 24 hours. Please try again tomorrow.`;

/** 'd****@example.com': enough to recognise the address, not enough to harvest it. */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at <= 0) return '****';
  return `${email[0]}****${email.slice(at)}`;
}

const VERIFY_PATHS: Record<LoginTokenKind, string> = {
  claim: 'verify-claim',
  login: 'verify-login',
  user_login: 'verify-user-login',
};

/**
 * The first key of the PostgreSQL advisory locks that serialise link requests per address (the second
 * is a hash of the address): any fixed number this app owns.
 */
const LINK_LOCK_NAMESPACE = 7_319_038;

interface AuthDependencies {
  db: Db;
  dialect: Dialect;
  tokens: LoginTokens;
  sessions: Sessions;
  users: UsersService;
  mail: MailQueue;
  appUrl: string;
  clock: () => Date;
}

export function createAuthService({
  db,
  dialect,
  tokens,
  sessions,
  users,
  mail,
  appUrl,
  clock,
}: AuthDependencies) {
  /** Why the link just recorded for this address is one too many (the per-address limits), or null. */
  async function limitRefusal(trx: Db, kind: LoginTokenKind, email: string): Promise<string | null> {
    const now = clock().getTime();
    if (
      kind === 'claim' &&
      (await tokens.countSince(email, new Date(now - CLAIM_WINDOW_MS), 'claim', trx)) >
        CLAIM_MAILS_PER_ADDRESS
    ) {
      return CLAIM_LIMIT_DETAIL;
    }
    if (
      (await tokens.countSince(email, new Date(now - LINK_WINDOW_MS), undefined, trx)) > LINKS_PER_ADDRESS
    ) {
      return 'Too many links were sent to this address. Please try again in 15 minutes.';
    }
    return null;
  }

  /**
   * Records a link and queues its e-mail in one transaction (the worker sends it and makes the link's
   * secret then: mail/queue.ts). The link is recorded before the limits are counted, with itself
   * included, and a refusal rolls both back. On PostgreSQL a lock per address makes requests for one
   * address (from any instance) take turns, so each counts the others' links: refused too often
   * perhaps, never sent too often. On SQLite the one connection runs one transaction at a time.
   */
  async function queueLink(
    kind: LoginTokenKind,
    target: { companyId: number; userId: number | null; email: string },
    text: { subject: string; intro: string; action: string },
  ) {
    await db.transaction().execute(async (trx) => {
      if (dialect === 'postgres') {
        await sql`select pg_advisory_xact_lock(${LINK_LOCK_NAMESPACE}::int, hashtext(${target.email}))`.execute(
          trx,
        );
      }
      const tokenId = await tokens.issue({ kind, ...target }, trx);
      const refusal = await limitRefusal(trx, kind, target.email);
      if (refusal) throw new DomainError('rate_limited', refusal);
      await mail.enqueue(trx, {
        kind,
        draft: actionMessage({ to: target.email, ...text, expiresInMinutes: LOGIN_TOKEN_MINUTES }),
        link: `${appUrl}/${VERIFY_PATHS[kind]}/`,
        loginTokenId: tokenId,
      });
    });
  }

  /** A session for an active user; null when the user is gone, deactivated or no longer at `sentTo`. */
  async function sessionFor(companyId: number, userId: number, sentTo?: string) {
    const row = await users.activeUser(companyId, userId);
    if (!row || (sentTo !== undefined && row.email !== sentTo)) return null;
    return {
      access_token: await sessions.sign({
        sub: String(companyId),
        dot: String(row.dot_number),
        user_id: row.id,
        is_admin: row.is_admin === 1,
        email: row.email,
        session_version: row.session_version,
      }),
    };
  }

  return {
    /** Sends the claim link to the e-mail on the carrier's FMCSA record, and only there (queued: see queueLink). */
    async claimProfile(dotNumber: number) {
      const company = await db
        .selectFrom('companies')
        .select(['id', 'claimed', 'email', 'name'])
        .where('dot_number', '=', dotNumber)
        .executeTakeFirst();
      if (!company) throw new DomainError('not_found', 'Carrier not found');
      if (company.claimed === 1) throw new DomainError('already_claimed', 'Profile already claimed');
      // The record stays as FMCSA published it; only a field holding one plain address is used.
      const email = fmcsaAddress(company.email);
      if (!email) throw new DomainError('no_contact_email', 'No email associated with this carrier');
      await queueLink(
        'claim',
        { companyId: company.id, userId: null, email },
        {
          subject: `Claim ${company.name} on CarrierPage`,
          intro: `Someone asked to claim the CarrierPage profile of ${company.name} (USDOT ${dotNumber}), using the e-mail address on its FMCSA record.`,
          action: 'Claim the profile',
        },
      );
      await mail.deliverPromptly();
      return { detail: 'Verification email sent', email: maskEmail(email) };
    },

    /** A claim link: the company becomes claimed and its first admin is the FMCSA e-mail address. */
    async verifyClaim(token: string) {
      const row = await tokens.consume('claim', token);
      if (!row) throw new DomainError('invalid', 'Invalid or expired verification link');
      const now = clock().toISOString();
      const userId = await db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('companies')
          .set({ claimed: 1, updated_at: now })
          .where('id', '=', row.company_id)
          .where('claimed', '=', 0)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0)
          throw new DomainError('already_claimed', 'Profile already claimed');
        // The claimed profile keeps the data blocks it showed unclaimed (issue 16).
        await createDefaultBlocks(trx, row.company_id, now);
        const user = await trx
          .insertInto('users')
          .values({
            company_id: row.company_id,
            email: row.email,
            is_admin: 1,
            is_active: 1,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return user.id;
      });
      const session = await sessionFor(row.company_id, userId);
      if (!session) throw new DomainError('invalid', 'Invalid or expired verification link');
      return session;
    },

    /** Sends a login link to every active user with this address (one per company they belong to). */
    async requestLogin(email: string) {
      const address = email.trim().toLowerCase();
      const users = await db
        .selectFrom('users')
        .select(['id', 'company_id', 'is_admin'])
        .where('email', '=', address)
        .where('is_active', '=', 1)
        .execute();
      if (users.length === 0) throw new DomainError('not_found', 'No active user with this email');
      for (const user of users) {
        await queueLink(
          user.is_admin === 1 ? 'login' : 'user_login',
          { companyId: user.company_id, userId: user.id, email: address },
          {
            subject: 'Your CarrierPage login link',
            intro: 'Here is the link to log in to CarrierPage.',
            action: 'Log in',
          },
        );
      }
      await mail.deliverPromptly();
      return { detail: 'Login link sent' };
    },

    /** A login link signs in only while the user's address is still the one it was sent to. */
    async verifyLogin(kind: 'login' | 'user_login', token: string) {
      const row = await tokens.consume(kind, token);
      const session = row?.user_id ? await sessionFor(row.company_id, row.user_id, row.email) : null;
      if (!session) throw new DomainError('invalid', 'Invalid or expired verification link');
      return session;
    },

    /** Ends the session of a bearer token on the server (sessions.ts); always succeeds. */
    async logout(token: string | null) {
      if (token) await sessions.revoke(token);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

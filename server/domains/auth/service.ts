import type { Db } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { createDefaultBlocks } from '../blocks/default-blocks.ts';
import { actionMessage } from '../mail/messages.ts';
import type { MailTransport } from '../mail/transport.ts';
import type { UsersService } from '../users/service.ts';
import type { SessionTokens } from './session-token.ts';
import { LOGIN_TOKEN_MINUTES, type LoginTokenKind, type LoginTokens } from './tokens.ts';

/** At most this many links to one address per window (besides the per-client rate limit). */
export const LINKS_PER_ADDRESS = 5;
const LINK_WINDOW_MS = 15 * 60_000;

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

interface AuthDependencies {
  db: Db;
  tokens: LoginTokens;
  sessions: SessionTokens;
  users: UsersService;
  mail: MailTransport;
  appUrl: string;
  clock: () => Date;
  log: (message: string, error: unknown) => void;
}

export function createAuthService({
  db,
  tokens,
  sessions,
  users,
  mail,
  appUrl,
  clock,
  log,
}: AuthDependencies) {
  /** Issues a link and e-mails it; if the e-mail cannot go out, the link is revoked and the caller told. */
  async function sendLink(
    kind: LoginTokenKind,
    target: { companyId: number; userId: number | null; email: string },
    text: { subject: string; intro: string; action: string },
  ) {
    if (
      (await tokens.countSince(target.email, new Date(clock().getTime() - LINK_WINDOW_MS))) >=
      LINKS_PER_ADDRESS
    ) {
      throw new HttpError(429, 'Too many links were sent to this address. Please try again in 15 minutes.');
    }
    const { token, id } = await tokens.issue({ kind, ...target });
    const link = `${appUrl}/${VERIFY_PATHS[kind]}/${token}`;
    try {
      await mail.send(
        actionMessage({ to: target.email, ...text, link, expiresInMinutes: LOGIN_TOKEN_MINUTES }),
      );
    } catch (error) {
      await tokens.revoke(id);
      log('sending a login link failed', error);
      throw new HttpError(502, 'The e-mail could not be sent. Please try again later.');
    }
  }

  async function sessionFor(companyId: number, userId: number) {
    const row = await users.activeUser(companyId, userId);
    if (!row) return null;
    return {
      access_token: await sessions.sign({
        sub: String(companyId),
        dot: String(row.dot_number),
        user_id: row.id,
        is_admin: row.is_admin === 1,
        email: row.email,
      }),
    };
  }

  return {
    /** Sends the claim link to the e-mail on the carrier's FMCSA record, and only there. */
    async claimProfile(dotNumber: number) {
      const company = await db
        .selectFrom('companies')
        .select(['id', 'claimed', 'email', 'name'])
        .where('dot_number', '=', dotNumber)
        .executeTakeFirst();
      if (!company) throw new HttpError(404, 'Carrier not found');
      if (company.claimed === 1) throw new HttpError(409, 'Profile already claimed');
      const email = company.email?.trim().toLowerCase();
      if (!email) throw new HttpError(422, 'No email associated with this carrier');
      await sendLink(
        'claim',
        { companyId: company.id, userId: null, email },
        {
          subject: `Claim ${company.name} on CarrierPage`,
          intro: `Someone asked to claim the CarrierPage profile of ${company.name} (USDOT ${dotNumber}), using the e-mail address on its FMCSA record.`,
          action: 'Claim the profile',
        },
      );
      return { detail: 'Verification email sent', email: maskEmail(email) };
    },

    /** A claim link: the company becomes claimed and its first admin is the FMCSA e-mail address. */
    async verifyClaim(token: string) {
      const row = await tokens.consume('claim', token);
      if (!row) throw new HttpError(400, 'Invalid or expired verification link');
      const now = clock().toISOString();
      const userId = await db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('companies')
          .set({ claimed: 1, updated_at: now })
          .where('id', '=', row.company_id)
          .where('claimed', '=', 0)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) throw new HttpError(409, 'Profile already claimed');
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
      if (!session) throw new HttpError(400, 'Invalid or expired verification link');
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
      if (users.length === 0) throw new HttpError(404, 'No active user with this email');
      for (const user of users) {
        await sendLink(
          user.is_admin === 1 ? 'login' : 'user_login',
          { companyId: user.company_id, userId: user.id, email: address },
          {
            subject: 'Your CarrierPage login link',
            intro: 'Here is the link to log in to CarrierPage.',
            action: 'Log in',
          },
        );
      }
      return { detail: 'Login link sent' };
    },

    async verifyLogin(kind: 'login' | 'user_login', token: string) {
      const row = await tokens.consume(kind, token);
      const session = row?.user_id ? await sessionFor(row.company_id, row.user_id) : null;
      if (!session) throw new HttpError(400, 'Invalid or expired verification link');
      return session;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

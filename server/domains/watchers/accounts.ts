import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Dialect } from '../../db/migrate.ts';
import { DomainError } from '../../../core/errors.ts';
import { MAX_API_KEYS } from '../../../core/watchlists.ts';
import { LINKS_PER_ADDRESS } from '../auth/service.ts';
import { LOGIN_TOKEN_MINUTES } from '../auth/tokens.ts';
import { actionMessage } from '../mail/messages.ts';
import type { MailQueue } from '../mail/queue.ts';
import type { WatchersRepo } from './repo.ts';
import type { WatcherSessionTokens } from './session-token.ts';

const LINK_WINDOW_MS = 15 * 60_000;
/** The first key of the PostgreSQL advisory locks that serialise sign-in requests per address. */
const SIGN_IN_LOCK_NAMESPACE = 7_319_054;
/** API keys start with this, so a bearer credential says whether it is a key or a session token. */
export const API_KEY_PREFIX = 'cpk_';
/** Characters of a key kept to tell keys apart: the prefix and eight of its random characters. */
const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 8;
/** A key's last use is written at most this often: a lookup is a read, not a write each time. */
const KEY_USE_RESOLUTION_MS = 60_000;

export const SIGN_IN_SENT = 'If the address can receive mail, a sign-in link is on its way.';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const newSecret = () => randomBytes(32).toString('base64url');

/** Who is calling a watcher route, and with what: a session (the account page) or an API key. */
export interface WatcherCaller {
  accountId: number;
  email: string;
  via: 'session' | 'key';
  /** The API key's id when called with one. */
  keyId: number | null;
}

interface AccountDependencies {
  db: Db;
  dialect: Dialect;
  repo: WatchersRepo;
  tokens: WatcherSessionTokens;
  mail: MailQueue;
  appUrl: string;
  clock: () => Date;
}

/**
 * Gives a queued sign-in link its secret and lifetime as its message is sent (mail/queue.ts) and
 * returns the secret; null once the link was used or removed.
 */
export function watcherLinkActivator(repo: WatchersRepo, clock: () => Date) {
  return async (id: number): Promise<string | null> => {
    const secret = newSecret();
    const expiresAt = new Date(clock().getTime() + LOGIN_TOKEN_MINUTES * 60_000).toISOString();
    return (await repo.activateLoginToken(id, sha256(secret), expiresAt)) ? secret : null;
  };
}

/** Watcher accounts: sign-in by e-mailed link, sessions and API keys, deletion with everything held. */
export function createWatcherAccounts({
  db,
  dialect,
  repo,
  tokens,
  mail,
  appUrl,
  clock,
}: AccountDependencies) {
  const now = () => clock().toISOString();

  return {
    /**
     * Queues a sign-in link to any address: one that has no account gets one when the link is used,
     * so the answer says nothing of whether the address is known. At most LINKS_PER_ADDRESS links to
     * an address in 15 minutes, counted in the database (PostgreSQL: requests for one address take
     * turns under a lock, as the owners' links do).
     */
    async requestSignIn(email: string) {
      await db.transaction().execute(async (trx) => {
        if (dialect === 'postgres') {
          await sql`select pg_advisory_xact_lock(${SIGN_IN_LOCK_NAMESPACE}::int, hashtext(${email}))`.execute(
            trx,
          );
        }
        const tokenId = await repo.insertLoginToken(trx, {
          tokenHash: sha256(newSecret()),
          email,
          now: now(),
        });
        const since = new Date(clock().getTime() - LINK_WINDOW_MS).toISOString();
        if ((await repo.countLoginTokensSince(trx, email, since)) > LINKS_PER_ADDRESS) {
          throw new DomainError(
            'rate_limited',
            'Too many links were sent to this address. Please try again in 15 minutes.',
          );
        }
        await mail.enqueue(trx, {
          kind: 'watcher_login',
          draft: actionMessage({
            to: email,
            subject: 'Your CarrierPage sign-in link',
            intro:
              'Here is the link to sign in to CarrierPage and watch carriers. The first sign-in makes your watcher account.',
            action: 'Sign in',
            expiresInMinutes: LOGIN_TOKEN_MINUTES,
          }),
          link: `${appUrl}/watch/verify/`,
          loginTokenId: null,
          watcherLoginTokenId: tokenId,
        });
      });
      await mail.deliverPromptly();
      return { detail: SIGN_IN_SENT };
    },

    /** Spends a link: the address's account (made now on its first sign-in) gets a session. */
    async verify(token: string) {
      const link = await repo.consumeLoginToken(sha256(token), now());
      if (!link) throw new DomainError('invalid', 'Invalid or expired sign-in link');
      const account = await repo.accountOfEmail(link.email, now());
      return {
        access_token: await tokens.sign({
          accountId: account.id,
          email: account.email,
          sessionVersion: account.session_version,
        }),
      };
    },

    /** The caller of a bearer credential: an API key or a watcher session; null for anything else. */
    async authenticate(credential: string): Promise<WatcherCaller | null> {
      if (credential.startsWith(API_KEY_PREFIX)) {
        const key = await repo.accountOfKey(sha256(credential));
        if (!key) return null;
        const at = clock();
        if (!key.last_used_at || at.getTime() - Date.parse(key.last_used_at) >= KEY_USE_RESOLUTION_MS) {
          await repo.touchKey(key.key_id, at.toISOString());
        }
        return { accountId: key.id, email: key.email, via: 'key', keyId: key.key_id };
      }
      const claims = await tokens.verify(credential);
      if (!claims) return null;
      const account = await repo.accountOfSession(claims.accountId, claims.sessionVersion, claims.jti);
      return account ? { accountId: account.id, email: account.email, via: 'session', keyId: null } : null;
    },

    async account(accountId: number) {
      const account = await repo.account(accountId);
      if (!account) throw new DomainError('not_found', 'Account not found');
      const [watchlists, keys] = await Promise.all([repo.watchlists(accountId), repo.keysOf(accountId)]);
      return { ...account, watchlists, api_keys: keys };
    },

    async deleteAccount(accountId: number) {
      await repo.deleteAccount(accountId);
    },

    /** A new key, returned this once; only its hash is stored. */
    async createKey(accountId: number, name: string) {
      if ((await repo.countLiveKeys(accountId)) >= MAX_API_KEYS) {
        throw new DomainError(
          'conflict',
          `An account holds at most ${MAX_API_KEYS} API keys. Revoke one before making another.`,
        );
      }
      const key = `${API_KEY_PREFIX}${newSecret()}`;
      const row = await repo.insertKey({
        accountId,
        name,
        keyHash: sha256(key),
        prefix: key.slice(0, SHOWN_PREFIX_LENGTH),
        now: now(),
      });
      return { ...row, key };
    },

    async revokeKey(accountId: number, id: number) {
      if (!(await repo.revokeKey(accountId, id, now())))
        throw new DomainError('not_found', 'API key not found');
    },
  };
}

export type WatcherAccounts = ReturnType<typeof createWatcherAccounts>;

import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Dialect } from '../../db/migrate.ts';
import { createQueueWorker } from '../../queue-worker.ts';
import { renderLinkMessage, type LinkMessageDraft } from './messages.ts';
import { createMailQueueRepo, type MailKind } from './repo.ts';
import type { MailMessage, MailTransport } from './transport.ts';

// The durable mail queue (docs/decisions/038-mail-queue-and-metrics.md). A message is written in the
// transaction of the record it belongs to, so it exists exactly when that record does; the worker below
// sends it, retries with exponential backoff, and gives up after a bounded number of attempts.

/** How often the worker looks for due messages besides being woken by each new one. */
const POLL_MS = 5000;
/** Messages claimed per round; the worker sends them one after the other. */
const BATCH = 10;
/**
 * How long a claimed message belongs to its worker. Longer than an attempt can last (the SMTP
 * transport's timeouts add up to 50 seconds), so only a worker that died mid-send loses its message.
 */
const LEASE_MS = 2 * 60_000;
/** The longest wait between two attempts, whatever the backoff reached. */
const RETRY_MAX_MS = 60 * 60_000;
/** How long a request that queued a message waits for the worker's first attempt before it answers. */
const PROMPT_WAIT_MS = 3000;
/** Sent messages kept for support questions. */
const KEEP_SENT_MS = 7 * 24 * 60 * 60_000;
/**
 * Sent messages past KEEP_SENT_MS are removed at most this often: a removal is a write, and on SQLite
 * a write waits for whatever holds the write lock (an import) with the server's one thread.
 */
const PURGE_EVERY_MS = 10 * 60_000;

export interface MailRetryPolicy {
  /** Attempts after which a message is marked failed. */
  maxAttempts: number;
  /** The wait after the first failed attempt; it doubles with each further one (up to an hour). */
  retryBaseMs: number;
}

/** What a caller queues: the message without its link, and what the link is made from at sending. */
export interface QueuedMail {
  kind: MailKind;
  draft: LinkMessageDraft;
  /** The link; for a login token, the link without the token (the token is appended at sending). */
  link: string;
  loginTokenId: number | null;
  /** A watcher's sign-in link (server/domains/watchers), made at sending like an owner's login link. */
  watcherLoginTokenId?: number;
}

interface MailQueueDependencies {
  db: Db;
  dialect: Dialect;
  transport: MailTransport;
  /**
   * Gives a queued login token its secret and its expiry (from now) and returns the secret; null when
   * the token can no longer be used. Called just before the message goes out, on every attempt.
   */
  activateLoginToken: (id: number) => Promise<string | null>;
  /** The same for a watcher's sign-in link. */
  activateWatcherLoginToken: (id: number) => Promise<string | null>;
  policy: MailRetryPolicy;
  clock: () => Date;
  logger: FastifyBaseLogger;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

export function createMailQueue({
  db,
  dialect,
  transport,
  activateLoginToken,
  activateWatcherLoginToken,
  policy,
  clock,
  logger,
}: MailQueueDependencies) {
  const repo = createMailQueueRepo(db, dialect);
  const totals = { sent: 0, attemptsFailed: 0, failed: 0 };
  let purgedAt = Number.NEGATIVE_INFINITY;

  const at = (ms: number) => new Date(clock().getTime() + ms).toISOString();

  /** The wait after the `attempts`-th failed attempt: base, 2 x base, 4 x base ... at most an hour. */
  const backoffMs = (attempts: number) =>
    Math.min(policy.retryBaseMs * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);

  type Claimed = Awaited<ReturnType<typeof repo.claimDue>>[number];

  async function linkOf(message: Claimed): Promise<string> {
    const token =
      message.login_token_id !== null
        ? await activateLoginToken(message.login_token_id)
        : message.watcher_login_token_id !== null
          ? await activateWatcherLoginToken(message.watcher_login_token_id)
          : undefined;
    if (token === undefined) return message.link;
    if (token === null) throw new Error('the login link was used or removed before it was sent');
    return `${message.link}${token}`;
  }

  /** The message as it goes out: a link message gets its link now; a whole one is sent as queued. */
  async function messageOf(message: Claimed): Promise<MailMessage> {
    const headers = message.headers ? (JSON.parse(message.headers) as Record<string, string>) : undefined;
    const content = JSON.parse(message.content) as
      Pick<LinkMessageDraft, 'intro' | 'action' | 'notes'> | Pick<MailMessage, 'text' | 'html'>;
    if ('text' in content) {
      const { text, html } = content;
      return { to: message.to_address, subject: message.subject, text, html, link: message.link, headers };
    }
    const draft = { to: message.to_address, subject: message.subject, ...content };
    return { ...renderLinkMessage(draft, await linkOf(message)), headers };
  }

  async function attempt(message: Claimed) {
    const fields = { mail_id: message.id, kind: message.kind, attempt: message.attempts };
    try {
      await transport.send(await messageOf(message));
    } catch (error) {
      totals.attemptsFailed += 1;
      const reason = errorText(error);
      if (message.attempts >= policy.maxAttempts) {
        totals.failed += 1;
        await repo.markFailed(message.id, reason);
        logger.error({ ...fields, err: error }, 'mail: failed for good, no more attempts');
      } else {
        const retryInMs = backoffMs(message.attempts);
        await repo.markRetry(message.id, at(retryInMs), reason);
        logger.warn({ ...fields, retryInMs, err: error }, 'mail: attempt failed, will retry');
      }
      return;
    }
    totals.sent += 1;
    await repo.markSent(message.id, clock().toISOString());
  }

  const worker = createQueueWorker({
    name: 'mail',
    pollMs: POLL_MS,
    logger,
    claimDue: () => repo.claimDue(clock().toISOString(), at(LEASE_MS), BATCH),
    release: (ids) => repo.release(ids),
    attempt,
    async afterRound() {
      if (clock().getTime() - purgedAt < PURGE_EVERY_MS) return;
      purgedAt = clock().getTime();
      await repo.purgeSentBefore(at(-KEEP_SENT_MS));
    },
  });

  return {
    /** Queues a message on `on`, the transaction that writes the record the message belongs to. */
    async enqueue(on: Db, mail: QueuedMail) {
      const { to, subject, ...content } = mail.draft;
      await repo.insert(on, {
        kind: mail.kind,
        to_address: to,
        subject,
        content: JSON.stringify(content),
        link: mail.link,
        login_token_id: mail.loginTokenId,
        watcher_login_token_id: mail.watcherLoginTokenId ?? null,
        now: clock().toISOString(),
      });
    },

    /**
     * Wakes the worker after a transaction that queued mail committed and waits a little for its
     * attempt, so the message usually leaves before the request answers; the answer is the same either
     * way (the message stays queued when SMTP is down).
     */
    async deliverPromptly() {
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([
        worker.wake(),
        new Promise<void>((resolve) => {
          timeout = setTimeout(resolve, PROMPT_WAIT_MS);
        }),
      ]);
      clearTimeout(timeout);
    },

    /** Sends what is due now and resolves when done (the poll and tests call it). */
    deliverDue: worker.wake,
    start: worker.start,
    stop: worker.stop,

    /** Messages waiting and given up on (from the database), and this process's counts since start. */
    async stats() {
      return { ...(await repo.counts()), ...totals };
    },
  };
}

export type MailQueue = ReturnType<typeof createMailQueue>;

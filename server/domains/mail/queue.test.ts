import type { FastifyBaseLogger } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { carrier, seedCarriers } from '../../../tests/support/factories.ts';
import { linkIn, startSmtpServer } from '../../../tests/support/smtp-server.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { testDialect } from '../../../tests/support/test-database.ts';
import { openDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { actionMessage } from './messages.ts';
import { createMailQueue } from './queue.ts';
import type { MailMessage, MailTransport } from './transport.ts';

const APP_URL = 'https://carrierpage.example';
const MINUTE = 60_000;

describe(`the mail queue on ${testDialect}`, () => {
  let app: TestApp | undefined;
  let now = new Date('2026-11-22T12:00:00Z');
  const clock = () => now;
  const later = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  const claim = (dot: number) =>
    app!.fastify.inject({ method: 'POST', url: `/api/v1/auth/claim-profile/${dot}`, payload: {} });
  const queued = () =>
    app!.database.db
      .selectFrom('mail_queue')
      .select(['kind', 'status', 'attempts', 'last_error'])
      .orderBy('id')
      .execute();

  it('answers success while SMTP is down and sends the message when it is back, with the link valid from sending', async () => {
    const smtp = await startSmtpServer();
    const { port, received } = smtp;
    await smtp.close();
    app = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, APP_URL }, { clock });
    await seedCarriers(app.database.db, testDialect, [
      carrier({ dot_number: 701, legal_name: 'QUEUED LLC', email: 'dispatch@queued.example.com' }),
    ]);

    const response = await claim(701);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: 'Verification email sent', email: 'd****@queued.example.com' });
    expect(await queued()).toEqual([
      { kind: 'claim', status: 'queued', attempts: 1, last_error: expect.stringContaining('ECONNREFUSED') },
    ]);

    // SMTP comes back 20 minutes later, longer than a link lives: the retry sends it, valid from then.
    const restarted = await startSmtpServer(port, received);
    try {
      later(20 * MINUTE);
      await app.services.mailQueue.deliverDue();
      expect(received).toHaveLength(1);
      expect(received[0]?.subject).toBe('Claim QUEUED LLC on CarrierPage');
      expect(received[0]?.text).toContain('expires in 15 minutes');
      expect(await queued()).toEqual([{ kind: 'claim', status: 'sent', attempts: 2, last_error: null }]);
      later(14 * MINUTE);
      const token = linkIn(received[0], 'verify-claim');
      const verified = await app.fastify.inject({ url: `/api/v1/auth/verify-claim/${token}` });
      expect(verified.statusCode).toBe(200);
    } finally {
      await restarted.close();
    }
  });

  it('keeps a queued link unusable until it is sent', async () => {
    app = await createTestApp({ APP_URL }, { clock });
    await seedCarriers(app.database.db, testDialect, [
      carrier({ dot_number: 702, legal_name: 'EXPIRY LLC', email: 'ops@expiry.example.com' }),
    ]);
    // Queued by the service in its transaction, not yet tried: the row's hash is of nobody's secret,
    // and it expires as it is made.
    await app.services.mailQueue.stop();
    expect((await claim(702)).statusCode).toBe(200);
    const token = await app.database.db
      .selectFrom('login_tokens')
      .select(['expires_at', 'created_at'])
      .executeTakeFirstOrThrow();
    expect(token.expires_at).toBe(token.created_at);
    expect(await queued()).toMatchObject([{ status: 'queued', attempts: 0 }]);
  });

  it('makes a new secret at each attempt, so only the link that went out last works', async () => {
    app = await createTestApp({ APP_URL }, { clock });
    await seedCarriers(app.database.db, testDialect, [
      carrier({ dot_number: 706, legal_name: 'RETRY LLC', email: 'ops@retry.example.com' }),
    ]);
    const sent: MailMessage[] = [];
    app.services.mail.send = async (message) => {
      sent.push(message);
      throw new Error('451 try again later');
    };
    expect((await claim(706)).statusCode).toBe(200);
    app.services.mail.send = async (message) => {
      sent.push(message);
    };
    later(MINUTE);
    await app.services.mailQueue.deliverDue();
    const tokenOf = (message: MailMessage | undefined) => message!.link.split('/').pop()!;
    const verify = (token: string) => app!.fastify.inject({ url: `/api/v1/auth/verify-claim/${token}` });
    expect(sent).toHaveLength(2);
    expect((await verify(tokenOf(sent[0]))).statusCode).toBe(400);
    expect((await verify(tokenOf(sent[1]))).statusCode).toBe(200);
  });

  it('marks a message failed after MAIL_MAX_ATTEMPTS tries, with a structured log line for each', async () => {
    const lines: string[] = [];
    app = await createTestApp(
      { APP_URL, MAIL_MAX_ATTEMPTS: '3', MAIL_RETRY_BASE_MS: '1000', LOG_LEVEL: 'warn' },
      { clock, logStream: { write: (line) => lines.push(line) } },
    );
    await seedCarriers(app.database.db, testDialect, [
      carrier({ dot_number: 703, legal_name: 'NEVER LLC', email: 'ops@never.example.com' }),
    ]);
    app.services.mail.send = async () => {
      throw new Error('550 mailbox unavailable');
    };
    expect((await claim(703)).statusCode).toBe(200);
    // Backoff 1 s, then 2 s: each retry is due only after its wait.
    later(999);
    await app.services.mailQueue.deliverDue();
    expect(await queued()).toMatchObject([{ status: 'queued', attempts: 1 }]);
    later(1);
    await app.services.mailQueue.deliverDue();
    expect(await queued()).toMatchObject([{ status: 'queued', attempts: 2 }]);
    later(2000);
    await app.services.mailQueue.deliverDue();
    expect(await queued()).toEqual([
      { kind: 'claim', status: 'failed', attempts: 3, last_error: '550 mailbox unavailable' },
    ]);
    later(60 * MINUTE);
    await app.services.mailQueue.deliverDue();
    expect(await queued()).toMatchObject([{ status: 'failed', attempts: 3 }]);

    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const mailLines = logged.filter((line) => String(line.msg).startsWith('mail:'));
    expect(mailLines.map((line) => [line.level, line.msg, line.kind, line.attempt])).toEqual([
      [40, 'mail: attempt failed, will retry', 'claim', 1],
      [40, 'mail: attempt failed, will retry', 'claim', 2],
      [50, 'mail: failed for good, no more attempts', 'claim', 3],
    ]);
    expect(mailLines[2]).toMatchObject({ err: { message: '550 mailbox unavailable' } });
    expect(await app.services.mailQueue.stats()).toMatchObject({ waiting: 0, failed: 1 });
  });

  it('sends each message once with two workers on one database', async () => {
    app = await createTestApp({ APP_URL }, { clock });
    const { db, config } = app.database;
    // On PostgreSQL the second worker has its own pool, as another instance would.
    const otherDb = config.dialect === 'postgres' ? openDatabase(config) : db;
    const sends = new Map<string, number>();
    const transport: MailTransport = {
      kind: 'outbox',
      async send(message) {
        // A slow server, so that both workers are busy at once.
        await new Promise((resolve) => setTimeout(resolve, 5));
        sends.set(message.to, (sends.get(message.to) ?? 0) + 1);
      },
    };
    const worker = (on: typeof db) =>
      createMailQueue({
        db: on,
        dialect: config.dialect,
        transport,
        activateLoginToken: async () => null,
        activateWatcherLoginToken: async () => null,
        policy: { maxAttempts: 3, retryBaseMs: 1000 },
        clock,
        logger: { warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger,
      });
    const [first, second] = [worker(db), worker(otherDb)];
    try {
      for (let index = 0; index < 40; index += 1) {
        await first.enqueue(db, {
          kind: 'rating_request',
          draft: actionMessage({
            to: `r${index}@example.com`,
            subject: 'S',
            intro: 'I',
            action: 'A',
            expiresInMinutes: 15,
          }),
          link: `${APP_URL}/review/${index}`,
          loginTokenId: null,
        });
      }
      await Promise.all([first.deliverDue(), second.deliverDue()]);
      expect(sends.size).toBe(40);
      expect([...sends.values()].every((count) => count === 1)).toBe(true);
      expect(await first.stats()).toMatchObject({ waiting: 0, failed: 0 });
    } finally {
      if (otherDb !== db) await otherDb.destroy();
    }
  });

  it('removes a sent message once it is a week old, looking at most every ten minutes', async () => {
    app = await createTestApp({ APP_URL }, { clock });
    const queue = app.services.mailQueue;
    await queue.enqueue(app.database.db, {
      kind: 'rating_request',
      draft: actionMessage({
        to: 'kept@example.com',
        subject: 'S',
        intro: 'I',
        action: 'A',
        expiresInMinutes: 15,
      }),
      link: `${APP_URL}/review/kept`,
      loginTokenId: null,
    });
    await queue.deliverDue();
    expect(await queued()).toEqual([
      { kind: 'rating_request', status: 'sent', attempts: 1, last_error: null },
    ]);

    // Five minutes short of a week: the round looks and finds nothing old enough.
    later(7 * 24 * 60 * MINUTE - 5 * MINUTE);
    await queue.deliverDue();
    expect(await queued()).toHaveLength(1);
    // A week old now, but the last look was six minutes ago: it waits for the next one.
    later(6 * MINUTE);
    await queue.deliverDue();
    expect(await queued()).toHaveLength(1);
    later(5 * MINUTE);
    await queue.deliverDue();
    expect(await queued()).toEqual([]);
  });

  it.runIf(testDialect === 'sqlite')(
    'needs no write lock for a round with nothing to send or remove, so an import holding it stalls nothing',
    async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-mail-lock-'));
      const filename = path.join(dir, 'app.db');
      const db = openDatabase({ dialect: 'sqlite', filename });
      const importer = new Database(filename);
      try {
        await migrateToLatest(db, 'sqlite');
        const warnings: unknown[] = [];
        const queue = createMailQueue({
          db,
          dialect: 'sqlite',
          transport: { kind: 'outbox', send: async () => undefined },
          activateLoginToken: async () => null,
          activateWatcherLoginToken: async () => null,
          policy: { maxAttempts: 3, retryBaseMs: 1000 },
          clock,
          logger: {
            warn: (...args: unknown[]) => warnings.push(args),
            error: () => undefined,
          } as unknown as FastifyBaseLogger,
        });
        // Another process writing (an import rebuilding the search index) holds the write lock.
        importer.exec('BEGIN IMMEDIATE');
        await queue.deliverDue();
        // Had the round asked for the lock, it would have waited the busy timeout and logged a failed read.
        expect(warnings).toEqual([]);
        importer.exec('COMMIT');
      } finally {
        importer.close();
        await db.destroy();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it('finishes the message in flight when the server closes, and sends nothing afterwards', async () => {
    app = await createTestApp({ APP_URL }, { clock });
    const { db } = app.database;
    await seedCarriers(db, testDialect, [
      carrier({ dot_number: 704, legal_name: 'ONE LLC', email: 'one@close.example.com' }),
      carrier({ dot_number: 705, legal_name: 'TWO LLC', email: 'two@close.example.com' }),
    ]);
    let release!: () => void;
    const inFlight = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sent: string[] = [];
    app.services.mail.send = async (message) => {
      await inFlight;
      sent.push(message.to);
    };
    // Two claims queue two messages; the worker is held in the first one's send.
    const claims = [claim(704), claim(705)];
    while (sent.length === 0 && (await queued()).filter((row) => row.status === 'sending').length < 1) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // What closing the server does first (app.ts, preClose): stop the worker.
    const stopping = app.services.mailQueue.stop();
    release();
    await stopping;
    // Either claim's message may be the one the worker took first; exactly one went out.
    expect(sent).toHaveLength(1);
    expect(['one@close.example.com', 'two@close.example.com']).toContain(sent[0]);
    const first = sent[0];
    await Promise.all(claims);
    await app.fastify.close();
    // The second message went back to the queue for the next start.
    expect((await queued()).map((row) => row.status).sort()).toEqual(['queued', 'sent']);
    await app.services.mailQueue.deliverDue();
    expect(sent).toEqual([first]);
    await app.database.destroy();
    app = undefined;
  });
});

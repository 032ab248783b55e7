import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { isSingleAddress } from './email-addresses.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the message carries; outside production the outbox prints it to the log. */
  link: string;
  /** Extra headers: List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on alert e-mails. */
  headers?: Record<string, string>;
}

export interface MailTransport {
  kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

/**
 * Every message goes to exactly one plain address (no list, no display name), whatever its caller
 * checked: a recipient string like 'a@x.example, b@y.example' would otherwise reach both.
 */
function assertSingleAddress(to: string): void {
  if (!isSingleAddress(to)) throw new Error('mail refused: the recipient is not one plain address');
}

/** SMTP through nodemailer when SMTP_URL is set. */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  // Bounded waits (nodemailer's defaults reach minutes): an attempt on a silent server fails within
  // 50 seconds and the mail queue retries it later, well inside its claim on the message.
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    async send(message) {
      assertSingleAddress(message.to);
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
      });
    },
  };
}

/**
 * Without SMTP: every message is stored in the outbox table. Its link is printed to the log only when
 * `logLinks` says so (outside production, for a local developer): in production no link, which is a
 * credential, ever reaches the log.
 */
export function outboxTransport(
  db: Db,
  logger: FastifyBaseLogger,
  options: { logLinks: boolean },
): MailTransport {
  return {
    kind: 'outbox',
    async send(message) {
      assertSingleAddress(message.to);
      await db
        .insertInto('outbox_messages')
        .values({
          to_address: message.to,
          subject: message.subject,
          text_body: message.text,
          html_body: message.html,
          headers: message.headers ? JSON.stringify(message.headers) : null,
          created_at: new Date().toISOString(),
        })
        .execute();
      if (options.logLinks) {
        logger.info(
          { subject: message.subject, link: message.link },
          'outbox: message stored (SMTP_URL is not set)',
        );
      } else {
        logger.info({ subject: message.subject }, 'outbox: message stored (SMTP_URL is not set)');
      }
    },
  };
}

import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the message carries; the outbox prints it to the log so the embedded default works end to end. */
  link: string;
}

export interface MailTransport {
  kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

/** SMTP through nodemailer when SMTP_URL is set. */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
  };
}

/** Without SMTP: every message is stored in the outbox table and its link printed to the log. */
export function outboxTransport(db: Db, logger: FastifyBaseLogger): MailTransport {
  return {
    kind: 'outbox',
    async send(message) {
      await db
        .insertInto('outbox_messages')
        .values({
          to_address: message.to,
          subject: message.subject,
          text_body: message.text,
          html_body: message.html,
          created_at: new Date().toISOString(),
        })
        .execute();
      logger.info(
        { subject: message.subject, link: message.link },
        'outbox: message stored (SMTP_URL is not set)',
      );
    },
  };
}

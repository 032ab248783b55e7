import { PRODUCT_NAME } from '../../../app/lib/site.ts';
import type { MailMessage } from './transport.ts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A message with one action link: plain text and HTML, with the product name, the action and the expiry. */
export function actionMessage(options: {
  to: string;
  subject: string;
  intro: string;
  action: string;
  link: string;
  expiresInMinutes: number;
}): MailMessage {
  const { to, intro, action, link, expiresInMinutes } = options;
  // A line break in a header would start a new header: names from FMCSA records never get that far.
  const subject = options.subject.replace(/[\r\n]+/g, ' ');
  const expiry = `This link works once and expires in ${expiresInMinutes} minutes.`;
  const ignore = `If you did not ask for this, you can ignore this e-mail.`;
  const text = `${intro}\n\n${action}:\n${link}\n\n${expiry}\n${ignore}\n\n${PRODUCT_NAME}\n`;
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
    `<p>${escapeHtml(expiry)}<br>${escapeHtml(ignore)}</p>`,
    `<p>${escapeHtml(PRODUCT_NAME)}</p>`,
  ].join('\n');
  return { to, subject, text, html, link };
}

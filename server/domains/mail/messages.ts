import { PRODUCT_NAME } from '../../../core/site.ts';
import type { MailMessage } from './transport.ts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Plain text and HTML of a message with one link: an introduction, the link, then short notes. */
function linkMessage(options: {
  to: string;
  subject: string;
  intro: string;
  action: string;
  link: string;
  notes: string[];
}): MailMessage {
  const { to, intro, action, link, notes } = options;
  // A line break in a header would start a new header: names from FMCSA records never get that far.
  const subject = options.subject.replace(/[\r\n]+/g, ' ');
  const text = `${intro}\n\n${action}:\n${link}\n\n${notes.join('\n')}\n\n${PRODUCT_NAME}\n`;
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
    `<p>${notes.map(escapeHtml).join('<br>')}</p>`,
    `<p>${escapeHtml(PRODUCT_NAME)}</p>`,
  ].join('\n');
  return { to, subject, text, html, link };
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
  const { expiresInMinutes, ...message } = options;
  return linkMessage({
    ...message,
    notes: [
      `This link works once and expires in ${expiresInMinutes} minutes.`,
      'If you did not ask for this, you can ignore this e-mail.',
    ],
  });
}

/** A carrier's request to rate one load; company names and load numbers are escaped like any text. */
export function ratingRequestMessage(options: {
  to: string;
  companyName: string;
  dotNumber: number;
  loadNumber: string;
  link: string;
}): MailMessage {
  const { to, companyName, dotNumber, loadNumber, link } = options;
  return linkMessage({
    to,
    subject: `How did ${companyName} do on load ${loadNumber}?`,
    intro: `${companyName} (USDOT ${dotNumber}) asks you to rate how they handled load ${loadNumber}: on-time performance, communication and service quality. It takes a minute, and your rating appears on their public ${PRODUCT_NAME} profile.`,
    action: 'Rate this load',
    link,
    notes: [
      'The link works once and needs no account.',
      'If you did not work with this carrier, you can ignore this e-mail.',
    ],
  });
}

import { PRODUCT_NAME } from '../../../core/site.ts';
import type { MailMessage } from './transport.ts';

/**
 * A message with one link, before its link exists: what the mail queue keeps. The link is added at
 * sending (queue.ts), because a login link's secret is made then.
 */
export interface LinkMessageDraft {
  to: string;
  subject: string;
  intro: string;
  action: string;
  notes: string[];
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Plain text and HTML of a message with one link: an introduction, the link, then short notes. */
export function renderLinkMessage(draft: LinkMessageDraft, link: string): MailMessage {
  const { to, intro, action, notes } = draft;
  // A line break in a header would start a new header: names from FMCSA records never get that far.
  const subject = draft.subject.replace(/[\r\n]+/g, ' ');
  const text = `${intro}\n\n${action}:\n${link}\n\n${notes.join('\n')}\n\n${PRODUCT_NAME}\n`;
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
    `<p>${notes.map(escapeHtml).join('<br>')}</p>`,
    `<p>${escapeHtml(PRODUCT_NAME)}</p>`,
  ].join('\n');
  return { to, subject, text, html, link };
}

/** A message with one action link: the action and the link's lifetime, which counts from sending. */
export function actionMessage(options: {
  to: string;
  subject: string;
  intro: string;
  action: string;
  expiresInMinutes: number;
}): LinkMessageDraft {
  const { expiresInMinutes, ...message } = options;
  return {
    ...message,
    notes: [
      `This link works once and expires in ${expiresInMinutes} minutes.`,
      'If you did not ask for this, you can ignore this e-mail.',
    ],
  };
}

/**
 * A carrier's request to rate one load; company names and load numbers are escaped like any text.
 * The Subject holds nothing the carrier typed (the company name is the FMCSA record's): the load
 * number is in the body only, where it reads as a reference.
 */
export function ratingRequestMessage(options: {
  to: string;
  companyName: string;
  dotNumber: number;
  loadNumber: string;
}): LinkMessageDraft {
  const { to, companyName, dotNumber, loadNumber } = options;
  return {
    to,
    subject: `How did ${companyName} do on your load?`,
    intro: `${companyName} (USDOT ${dotNumber}) asks you to rate how they handled load ${loadNumber}: on-time performance, communication and service quality. It takes a minute, and your rating appears on their public ${PRODUCT_NAME} profile.`,
    action: 'Rate this load',
    notes: [
      'The link works once and needs no account.',
      'If you did not work with this carrier, you can ignore this e-mail.',
    ],
  };
}

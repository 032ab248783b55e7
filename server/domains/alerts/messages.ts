import { carrierProfileUrl } from '../../../core/alerts.ts';
import { PRODUCT_NAME } from '../../../core/site.ts';
import { escapeHtml } from '../mail/messages.ts';
import type { MailMessage } from '../mail/transport.ts';

/** Which alert e-mails an unsubscribe link turns off. */
export type AlertEmailKind = 'severe' | 'digest';

/** One carrier's changes in an e-mail. */
export interface CarrierChanges {
  dotNumber: number;
  name: string;
  lines: string[];
}

/** The one-click unsubscribe address (RFC 8058): a POST to it unsubscribes, a GET shows a page. */
export function unsubscribeUrl(appUrl: string, token: string, kind: AlertEmailKind): string {
  return `${appUrl.replace(/\/$/, '')}/alerts/unsubscribe/${encodeURIComponent(token)}?email=${kind}`;
}

const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ');

function carrierLabel(carrier: CarrierChanges): string {
  return `${carrier.name} (USDOT ${carrier.dotNumber})`;
}

function renderCarriers(carriers: readonly CarrierChanges[], appUrl: string) {
  const text = carriers
    .map((carrier) =>
      [
        carrierLabel(carrier),
        ...carrier.lines.map((line) => `  - ${line}`),
        `  ${carrierProfileUrl(appUrl, carrier.dotNumber)}`,
      ].join('\n'),
    )
    .join('\n\n');
  const html = carriers
    .map(
      (carrier) =>
        `<h2><a href="${escapeHtml(carrierProfileUrl(appUrl, carrier.dotNumber))}">${escapeHtml(carrierLabel(carrier))}</a></h2>\n<ul>${carrier.lines
          .map((line) => `<li>${escapeHtml(line)}</li>`)
          .join('')}</ul>`,
    )
    .join('\n');
  return { text, html };
}

/**
 * A watcher's e-mail: the severe changes of one computation, or the day's digest. It carries the
 * one-click unsubscribe headers and a visible unsubscribe link, and links every carrier's profile.
 */
export function alertEmail(options: {
  to: string;
  kind: AlertEmailKind;
  carriers: readonly CarrierChanges[];
  appUrl: string;
  unsubscribeToken: string;
}): MailMessage {
  const { to, kind, carriers, appUrl } = options;
  const first = carriers[0];
  const count = carriers.length === 1 ? '1 carrier' : `${carriers.length} carriers`;
  const subject =
    kind === 'severe'
      ? carriers.length === 1 && first
        ? `Alert: ${carrierLabel(first)}`
        : `Alert: ${count} you watch`
      : `Your daily digest: changes to ${count} you watch`;
  const intro =
    kind === 'severe'
      ? 'A carrier you watch may no longer be allowed to haul:'
      : 'What changed yesterday on the FMCSA records of carriers you watch:';
  const unsubscribe = unsubscribeUrl(appUrl, options.unsubscribeToken, kind);
  const stopWhat = kind === 'severe' ? 'alert e-mails' : 'daily digests';
  const body = renderCarriers(carriers, appUrl);
  const text = [
    intro,
    body.text,
    `You get this e-mail because you watch these carriers on ${PRODUCT_NAME}.`,
    `Unsubscribe from ${stopWhat}: ${unsubscribe}`,
    PRODUCT_NAME,
  ].join('\n\n');
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    body.html,
    `<p>You get this e-mail because you watch these carriers on ${escapeHtml(PRODUCT_NAME)}. <a href="${escapeHtml(unsubscribe)}">Unsubscribe from ${stopWhat}</a></p>`,
  ].join('\n');
  return {
    to,
    subject: oneLine(subject),
    text: `${text}\n`,
    html,
    link: first ? carrierProfileUrl(appUrl, first.dotNumber) : appUrl,
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/**
 * To the admins of a claimed carrier: what changed on their FMCSA record, and what to do if they did
 * not make the change. The FMCSA e-mail's events carry no address, so none can appear here.
 */
export function ownerNoticeEmail(options: {
  to: string;
  carrier: CarrierChanges;
  contactChanged: boolean;
  appUrl: string;
}): MailMessage {
  const { to, carrier, contactChanged, appUrl } = options;
  const profile = carrierProfileUrl(appUrl, carrier.dotNumber);
  const settings = `${appUrl.replace(/\/$/, '')}/settings`;
  const advice = [
    'If you or your company did not make this change:',
    '- Call FMCSA at 1-800-832-5660 and ask them to check your registration; a changed contact on your record is often the first step of someone taking over your USDOT number.',
    `- Check that the login e-mail of your ${PRODUCT_NAME} account is still yours: ${settings}`,
    '- Do not give out your FMCSA PIN or Login.gov details.',
  ];
  const intro = `The FMCSA record of ${carrierLabel(carrier)} changed:`;
  const lines = carrier.lines.map((line) => `- ${line}`).join('\n');
  const lead = contactChanged
    ? 'The registered contact details changed. '
    : 'The authority or insurance on the record changed. ';
  const text = [
    intro,
    lines,
    `${lead}If you made the change, there is nothing to do.`,
    advice.join('\n'),
    `Your profile: ${profile}`,
    `You get this e-mail because you manage ${carrier.name} on ${PRODUCT_NAME}.`,
    PRODUCT_NAME,
  ].join('\n\n');
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    `<ul>${carrier.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
    `<p>${escapeHtml(lead)}If you made the change, there is nothing to do.</p>`,
    `<p>${escapeHtml(advice[0] ?? '')}</p>`,
    `<ul>${advice
      .slice(1)
      .map((line) => `<li>${escapeHtml(line.slice(2))}</li>`)
      .join('')}</ul>`,
    `<p><a href="${escapeHtml(profile)}">Your profile</a></p>`,
    `<p>You get this e-mail because you manage ${escapeHtml(carrier.name)} on ${escapeHtml(PRODUCT_NAME)}.</p>`,
  ].join('\n');
  return {
    to,
    subject: oneLine(`Your FMCSA record changed: ${carrierLabel(carrier)}`),
    text: `${text}\n`,
    html,
    link: profile,
  };
}

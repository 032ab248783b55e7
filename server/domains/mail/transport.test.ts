import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../../../tests/support/smtp-server.ts';
import { smtpTransport } from './transport.ts';

describe('the SMTP transport', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => smtp.close());

  it("sends a message's extra headers: the one-click unsubscribe of alert e-mails (RFC 8058)", async () => {
    const transport = smtpTransport(
      `smtp://127.0.0.1:${smtp.port}`,
      'CarrierPage <no-reply@carrierpage.example>',
    );
    await transport.send({
      to: 'watcher@broker.example',
      subject: 'Alert: ACME (USDOT 1)',
      text: 'text',
      html: '<p>html</p>',
      link: 'https://carrierpage.example/profile/1',
      headers: {
        'List-Unsubscribe': '<https://carrierpage.example/alerts/unsubscribe/abc?email=severe>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    const lines = smtp.received[0]?.headerLines.map((header) => header.line.replace(/\r?\n\s+/g, ' '));
    expect(lines).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(lines).toContain(
      'List-Unsubscribe: <https://carrierpage.example/alerts/unsubscribe/abc?email=severe>',
    );
  });
});

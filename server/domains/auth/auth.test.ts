import type { AddressInfo } from 'node:net';
import { decodeJwt } from 'jose';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { carrier, seedCarriers } from '../../../tests/support/factories.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { testDialect } from '../../../tests/support/test-database.ts';

/** A real SMTP server on loopback; every message it accepts is parsed and kept. */
async function startSmtpServer() {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe(`claim and magic-link login on ${testDialect}`, () => {
  let app: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let now = new Date('2026-11-22T12:00:00Z');

  const post = (url: string, payload?: object) => app.fastify.inject({ method: 'POST', url, payload });
  const get = (url: string) => app.fastify.inject({ method: 'GET', url });
  const linkIn = (mail: ParsedMail | undefined, kind: string) => {
    const match = new RegExp(`https://carrierpage\\.example/${kind}/([A-Za-z0-9_-]+)`).exec(mail?.text ?? '');
    return match?.[1] ?? '';
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await createTestApp(
      { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, APP_URL: 'https://carrierpage.example' },
      { clock: () => now },
    );
    await seedCarriers(app.database.db, testDialect, [
      carrier({ dot_number: 501, legal_name: 'CLAIM ME LLC', email: 'Dispatch@ClaimMe.example.com' }),
      carrier({ dot_number: 502, legal_name: 'NO EMAIL LLC', email: null }),
      carrier({ dot_number: 503, legal_name: 'SECOND LLC', email: 'owner@second.example.com' }),
      carrier({
        dot_number: 504,
        legal_name: 'EVIL <b>BOLD</b>\r\nBcc: victim@example.com',
        email: 'evil@example.com',
      }),
    ]);
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.received.length = 0;
  });

  it('sends a single-use claim link to the FMCSA e-mail and names it only masked', async () => {
    const response = await post('/api/v1/auth/claim-profile/501');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      detail: 'Verification email sent',
      email: 'd****@claimme.example.com',
    });
    const mail = smtp.received[0];
    expect(mail?.to && 'text' in mail.to ? mail.to.text : '').toBe('dispatch@claimme.example.com');
    expect(mail?.subject).toBe('Claim CLAIM ME LLC on CarrierPage');
    expect(mail?.text).toContain('expires in 15 minutes');
    expect(mail?.html).toContain('https://carrierpage.example/verify-claim/');
    const token = linkIn(mail, 'verify-claim');

    const verified = await get(`/api/v1/auth/verify-claim/${token}`);
    expect(verified.statusCode).toBe(200);
    const claims = decodeJwt(verified.json().access_token);
    expect(claims).toMatchObject({
      sub: expect.any(String),
      dot: '501',
      is_admin: true,
      email: 'dispatch@claimme.example.com',
    });
    expect(claims.exp).toBe(Math.floor(now.getTime() / 1000) + 7 * 86_400);
    const company = await app.database.db
      .selectFrom('companies')
      .select(['id', 'claimed'])
      .where('dot_number', '=', 501)
      .executeTakeFirstOrThrow();
    expect(company.claimed).toBe(1);
    expect(claims.sub).toBe(String(company.id));

    // Used once, never again; and the profile cannot be claimed twice.
    const reused = await get(`/api/v1/auth/verify-claim/${token}`);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ detail: 'Invalid or expired verification link' });
    const again = await post('/api/v1/auth/claim-profile/501');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'Profile already claimed' });
  });

  it('answers the spec details for unknown, e-mail-less and malformed carriers', async () => {
    expect((await post('/api/v1/auth/claim-profile/999999')).json()).toEqual({ detail: 'Carrier not found' });
    const noEmail = await post('/api/v1/auth/claim-profile/502');
    expect(noEmail.statusCode).toBe(422);
    expect(noEmail.json()).toEqual({ detail: 'No email associated with this carrier' });
    expect((await post('/api/v1/auth/claim-profile/abc')).statusCode).toBe(400);
    expect(smtp.received).toHaveLength(0);
  });

  it('keeps names from FMCSA records out of mail headers and HTML', async () => {
    expect((await post('/api/v1/auth/claim-profile/504')).statusCode).toBe(200);
    const mail = smtp.received[0];
    expect(mail?.subject).toBe('Claim EVIL <b>BOLD</b> Bcc: victim@example.com on CarrierPage');
    expect(mail?.bcc).toBeUndefined();
    expect(mail?.html).toContain('EVIL &#60;b&#62;BOLD&#60;/b&#62;');
    expect(mail?.html).not.toContain('<b>BOLD</b>');
  });

  it('refuses an expired link', async () => {
    await post('/api/v1/auth/claim-profile/503');
    const token = linkIn(smtp.received[0], 'verify-claim');
    now = new Date(now.getTime() + 16 * 60_000);
    const expired = await get(`/api/v1/auth/verify-claim/${token}`);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ detail: 'Invalid or expired verification link' });
    expect((await get('/api/v1/auth/verify-claim/not*a*token')).statusCode).toBe(400);
  });

  it('logs an existing user in by e-mailed link', async () => {
    const response = await post('/api/v1/auth/user-login', { email: ' DISPATCH@claimme.example.com ' });
    expect(response.statusCode).toBe(200);
    const token = linkIn(smtp.received[0], 'verify-login');
    expect(token).not.toBe('');
    const verified = await get(`/api/v1/auth/verify-login/${token}`);
    expect(verified.statusCode).toBe(200);
    expect(decodeJwt(verified.json().access_token)).toMatchObject({ dot: '501', is_admin: true });
    // A login link is not a user-login link.
    expect((await get(`/api/v1/auth/verify-user-login/${token}`)).statusCode).toBe(400);
  });

  it('answers 404 for an unknown or inactive user and 400 for a bad address', async () => {
    const unknown = await post('/api/v1/auth/user-login', { email: 'nobody@example.com' });
    expect(unknown.statusCode).toBe(404);
    await app.database.db
      .updateTable('users')
      .set({ is_active: 0 })
      .where('email', '=', 'dispatch@claimme.example.com')
      .execute();
    expect(
      (await post('/api/v1/auth/user-login', { email: 'dispatch@claimme.example.com' })).statusCode,
    ).toBe(404);
    await app.database.db
      .updateTable('users')
      .set({ is_active: 1 })
      .where('email', '=', 'dispatch@claimme.example.com')
      .execute();
    const bad = await post('/api/v1/auth/user-login', { email: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ detail: 'email: Please enter a valid email address' });
    expect((await post('/api/v1/auth/user-login')).statusCode).toBe(400);
  });

  it('limits links per address', async () => {
    now = new Date(now.getTime() + 60 * 60_000);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push(
        (await post('/api/v1/auth/user-login', { email: 'dispatch@claimme.example.com' })).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe(`a failed send on ${testDialect}`, () => {
  it('reports the failure and leaves no usable link', async () => {
    const app = await createTestApp({}, {});
    await seedCarriers(app.database.db, testDialect, [
      carrier({ dot_number: 601, legal_name: 'X', email: 'x@example.com' }),
    ]);
    // Replace the transport with one that always fails, as an unreachable SMTP server would.
    app.services.mail.send = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    const response = await app.fastify.inject({ method: 'POST', url: '/api/v1/auth/claim-profile/601' });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ detail: 'The e-mail could not be sent. Please try again later.' });
    expect(await app.database.db.selectFrom('login_tokens').selectAll().execute()).toEqual([]);
    await app.close();
  });
});

import type { FastifyBaseLogger } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { carrier, seedCarriers } from '../../../tests/support/factories.ts';
import { linkIn, startSmtpServer } from '../../../tests/support/smtp-server.ts';
import { addCompanyUser, signInOwner } from '../../../tests/support/sessions.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { testDialect } from '../../../tests/support/test-database.ts';
import { CROSS_SITE_DETAIL } from '../../http/cross-site.ts';
import { outboxTransport, smtpTransport } from '../mail/transport.ts';
import { CLAIM_LIMIT_DETAIL, CLAIM_MAILS_PER_ADDRESS } from './service.ts';

/** FMCSA e-mail fields that hold no single plain address, by DOT number. */
const UNUSABLE_FMCSA_EMAILS: Record<number, string> = {
  520: 'victim@example.com, attacker@evil.example',
  521: 'victim@example.com;attacker@evil.example',
  522: 'victim@example.com attacker@evil.example',
  523: 'Victim <victim@example.com>',
  524: '"victim@example.com"@evil.example',
  525: 'victim@example.com\r\nBcc: attacker@evil.example',
  526: 'N/A',
  527: 'victim@localhost',
};

describe(`claim and magic-link login on ${testDialect}`, () => {
  let app: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let now = new Date('2026-11-22T12:00:00Z');

  /** A POST as the browser client sends it: always a JSON body ({} when the call has none). */
  const post = (url: string, payload: object = {}, remoteAddress?: string) =>
    app.fastify.inject({ method: 'POST', url, payload, remoteAddress });
  const get = (url: string) => app.fastify.inject({ method: 'GET', url });

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
      ...Object.entries(UNUSABLE_FMCSA_EMAILS).map(([dot, email]) =>
        carrier({ dot_number: Number(dot), legal_name: `UNUSABLE ${dot} LLC`, email }),
      ),
      // Two carriers with one address between them, as FMCSA may publish it.
      carrier({ dot_number: 530, legal_name: 'FLEET ONE LLC', email: 'Fleet@Shared.example.com' }),
      carrier({ dot_number: 531, legal_name: 'FLEET TWO LLC', email: ' fleet@shared.example.com ' }),
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
    expect(response.json()).toMatchObject({
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
    expect(reused.json()).toMatchObject({ detail: 'Invalid or expired verification link' });
    const again = await post('/api/v1/auth/claim-profile/501');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'Profile already claimed', code: 'already_claimed' });
  });

  it('answers the spec details for unknown, e-mail-less and malformed carriers', async () => {
    expect((await post('/api/v1/auth/claim-profile/999999')).json()).toEqual({
      detail: 'Carrier not found',
      code: 'not_found',
    });
    const noEmail = await post('/api/v1/auth/claim-profile/502');
    expect(noEmail.statusCode).toBe(422);
    expect(noEmail.json()).toEqual({
      detail: 'No email associated with this carrier',
      code: 'no_contact_email',
    });
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
    expect(expired.json()).toMatchObject({ detail: 'Invalid or expired verification link' });
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

  it('signs in by a login link only while the user is at the address it went to; user changes delete unused links', async () => {
    const company = await app.database.db
      .selectFrom('companies')
      .select(['id', 'dot_number'])
      .where('dot_number', '=', 503)
      .executeTakeFirstOrThrow();
    const adminToken = await signInOwner(app, company, 'boss@second.example.com');
    /** A staff user asks for a link; the link's token, and the user's id. */
    const staffWithLink = async (email: string) => {
      const { user_id } = await addCompanyUser(app, company, email, { isAdmin: false });
      // From a client of its own: the per-client limit of link requests is another test's.
      expect((await post('/api/v1/auth/user-login', { email }, '192.0.2.51')).statusCode).toBe(200);
      return { userId: user_id, token: linkIn(smtp.received.at(-1), 'verify-user-login') };
    };
    const unusedLinks = async (userId: number) =>
      app.database.db
        .selectFrom('login_tokens')
        .select('id')
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute();
    const expectRefused = async (token: string) => {
      const response = await get(`/api/v1/auth/verify-user-login/${token}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'Invalid or expired verification link', code: 'invalid' });
    };

    // The address changed without the users API (an import, a direct fix): the link checks it itself.
    const moved = await staffWithLink('leaver@second.example.com');
    await app.database.db
      .updateTable('users')
      .set({ email: 'successor@second.example.com' })
      .where('id', '=', moved.userId)
      .execute();
    await expectRefused(moved.token);

    // An admin's change of address, role or status deletes the links the user has not used.
    const changes = [
      ['renamed@second.example.com', { email: 'renamed-new@second.example.com' }],
      ['promoted@second.example.com', { is_admin: true }],
      ['suspended@second.example.com', { is_active: false }],
    ] as const;
    for (const [email, change] of changes) {
      const staff = await staffWithLink(email);
      expect(await unusedLinks(staff.userId)).toHaveLength(1);
      const updated = await app.fastify.inject({
        method: 'PUT',
        url: `/api/v1/users/${staff.userId}`,
        headers: { authorization: `Bearer ${adminToken}` },
        payload: change,
      });
      expect(updated.statusCode).toBe(200);
      expect(await unusedLinks(staff.userId)).toEqual([]);
      await expectRefused(staff.token);
    }

    // A change that changes nothing keeps the link, which still signs in.
    const kept = await staffWithLink('steady@second.example.com');
    const same = await app.fastify.inject({
      method: 'PUT',
      url: `/api/v1/users/${kept.userId}`,
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { email: 'steady@second.example.com', is_admin: false },
    });
    expect(same.statusCode).toBe(200);
    expect((await get(`/api/v1/auth/verify-user-login/${kept.token}`)).statusCode).toBe(200);
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
    expect(bad.json()).toMatchObject({ detail: 'email: Please enter a valid email address' });
    expect((await post('/api/v1/auth/user-login', {})).statusCode).toBe(400);
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
  const tokensTo = async (email: string) =>
    app.database.db.selectFrom('login_tokens').select('kind').where('email', '=', email).execute();

  it('uses an FMCSA e-mail field only when it holds one plain address, and keeps the record as published', async () => {
    for (const [dot, published] of Object.entries(UNUSABLE_FMCSA_EMAILS)) {
      const response = await post(`/api/v1/auth/claim-profile/${dot}`, {}, '198.51.100.8');
      expect(response.statusCode, published).toBe(422);
      expect(response.json(), published).toMatchObject({ detail: 'No email associated with this carrier' });
      const company = await app.database.db
        .selectFrom('companies')
        .select(['id', 'email'])
        .where('dot_number', '=', Number(dot))
        .executeTakeFirstOrThrow();
      expect(company.email).toBe(published);
      const tokens = await app.database.db
        .selectFrom('login_tokens')
        .select('id')
        .where('company_id', '=', company.id)
        .execute();
      expect(tokens).toEqual([]);
    }
    expect(smtp.received).toHaveLength(0);
  });

  it('never hands the mail transport anything but one plain address', async () => {
    const message = { subject: 'S', text: 'T', html: '<p>T</p>', link: 'https://carrierpage.example/x' };
    const smtpMail = smtpTransport(
      `smtp://127.0.0.1:${smtp.port}`,
      'CarrierPage <no-reply@carrierpage.example>',
    );
    const logged: unknown[] = [];
    const logger = { info: (...args: unknown[]) => logged.push(args) } as unknown as FastifyBaseLogger;
    const outboxMail = outboxTransport(app.database.db, logger, { logLinks: true });
    for (const to of Object.values(UNUSABLE_FMCSA_EMAILS)) {
      await expect(smtpMail.send({ ...message, to }), to).rejects.toThrow('not one plain address');
      await expect(outboxMail.send({ ...message, to }), to).rejects.toThrow('not one plain address');
    }
    expect(smtp.received).toHaveLength(0);
    expect(await app.database.db.selectFrom('outbox_messages').select('id').execute()).toEqual([]);
    expect(logged).toEqual([]);
  });

  it('refuses a claim or login request that another site could send, and sends nothing', async () => {
    const attempts = [
      // A body-less POST (fetch with mode: 'no-cors', or a form without fields).
      {},
      { 'content-type': 'text/plain' },
      { 'content-type': 'application/x-www-form-urlencoded' },
      { 'content-type': 'multipart/form-data; boundary=x' },
      // Basic credentials a browser would attach on its own to another site's form post.
      { 'content-type': 'text/plain', authorization: 'Basic dXNlcjpwYXNz' },
    ];
    for (const headers of attempts) {
      for (const [url, payload] of [
        ['/api/v1/auth/claim-profile/503', undefined],
        ['/api/v1/auth/user-login', '{"email":"dispatch@claimme.example.com"}'],
      ] as const) {
        const response = await app.fastify.inject({
          method: 'POST',
          url,
          headers: { ...headers, origin: 'https://evil.example' },
          payload: headers['content-type'] ? payload : undefined,
          remoteAddress: '198.51.100.9',
        });
        expect(response.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(415);
        expect(response.json()).toMatchObject({ detail: CROSS_SITE_DETAIL });
        expect(response.headers['access-control-allow-origin']).toBeUndefined();
      }
    }
    expect(smtp.received).toHaveLength(0);
  });

  it(`sends at most ${CLAIM_MAILS_PER_ADDRESS} claim e-mails a day to one FMCSA address, however many clients ask`, async () => {
    now = new Date(now.getTime() + 60 * 60_000);
    const claimFrom = (dot: number, client: number) =>
      post(`/api/v1/auth/claim-profile/${dot}`, {}, `198.51.100.${client}`);
    // Three clients, two carriers sharing the address: three e-mails.
    expect((await claimFrom(530, 11)).statusCode).toBe(200);
    expect((await claimFrom(531, 12)).statusCode).toBe(200);
    now = new Date(now.getTime() + 20 * 60_000);
    expect((await claimFrom(530, 13)).statusCode).toBe(200);
    // Any further client, for either carrier, is refused for 24 hours from the first e-mail.
    for (const [dot, client] of [
      [530, 14],
      [531, 15],
      [531, 16],
    ] as const) {
      const refused = await claimFrom(dot, client);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ detail: CLAIM_LIMIT_DETAIL });
    }
    expect(smtp.received).toHaveLength(3);
    expect(smtp.received.map((mail) => (mail.to && 'text' in mail.to ? mail.to.text : ''))).toEqual([
      'fleet@shared.example.com',
      'fleet@shared.example.com',
      'fleet@shared.example.com',
    ]);
    // Refused requests leave no link behind and do not count.
    expect(await tokensTo('fleet@shared.example.com')).toHaveLength(3);

    // A day after the first two, their two places are free again; the third's is not.
    now = new Date(now.getTime() + 24 * 60 * 60_000 - 20 * 60_000 + 1000);
    expect((await claimFrom(531, 17)).statusCode).toBe(200);
    expect((await claimFrom(530, 18)).statusCode).toBe(200);
    expect((await claimFrom(531, 19)).statusCode).toBe(429);
    expect(smtp.received).toHaveLength(5);
  });
});

import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrier, seedCarriers } from '../../../tests/support/factories.ts';
import { addCompanyUser } from '../../../tests/support/sessions.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { testDialect } from '../../../tests/support/test-database.ts';

const SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

describe(`sessions that end on the server (${testDialect})`, () => {
  let app: TestApp;
  let now = new Date('2026-11-22T12:00:00Z');
  const company = { id: 0, dot_number: 8101 };
  const ids = { admin: 0 };
  let adminToken = '';

  let clients = 0;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
    app.fastify.inject({
      method,
      url,
      payload,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      // A client address per request keeps these tests clear of the per-client link limit.
      remoteAddress: `192.0.2.${(clients += 1) % 250}`,
    });
  /** A session-only endpoint any user of the company may call. */
  const capacityStatus = async (token: string) => (await call('GET', '/api/v1/capacity', token)).statusCode;
  const logout = (token?: string) => call('POST', '/api/v1/auth/logout', token);

  /** Logs a user in the way the browser does: a link by e-mail (the outbox here), then its verification. */
  async function logIn(email: string): Promise<string> {
    expect((await call('POST', '/api/v1/auth/user-login', undefined, { email })).statusCode).toBe(200);
    const message = await app.database.db
      .selectFrom('outbox_messages')
      .select('text_body')
      .where('to_address', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const [, kind, link] = /\/(verify-(?:user-)?login)\/([A-Za-z0-9_-]+)/.exec(message.text_body) ?? [];
    const verified = await call('GET', `/api/v1/auth/${kind}/${link}`);
    expect(verified.statusCode).toBe(200);
    return verified.json().access_token as string;
  }

  async function addUser(email: string, isAdmin = false) {
    const claims = await addCompanyUser(app, company, email, { isAdmin });
    return { id: claims.user_id, token: await app.services.sessions.sign(claims) };
  }

  beforeAll(async () => {
    app = await createTestApp({}, { clock: () => now });
    await seedCarriers(app.database.db, testDialect, [
      carrier({ dot_number: 8101, legal_name: 'SESSION CO' }),
    ]);
    company.id = (
      await app.database.db
        .selectFrom('companies')
        .select('id')
        .where('dot_number', '=', 8101)
        .executeTakeFirstOrThrow()
    ).id;
    const admin = await addUser('admin@session.example.com', true);
    ids.admin = admin.id;
    adminToken = admin.token;
  });
  afterAll(async () => {
    await app.close();
  });

  it('refuses a token after its logout, and only that token', async () => {
    const user = await addUser('logout@session.example.com');
    const first = await logIn('logout@session.example.com');
    const second = await logIn('logout@session.example.com');
    expect(await capacityStatus(first)).toBe(200);

    const response = await logout(first);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await capacityStatus(first)).toBe(401);
    expect((await call('GET', '/api/v1/capacity', first)).json()).toMatchObject({
      detail: 'Session expired or invalid',
    });
    // Another session of the same user (another browser) goes on.
    expect(await capacityStatus(second)).toBe(200);
    expect(await capacityStatus(user.token)).toBe(200);
    // Logging out again, or without a valid token, is the same success.
    expect((await logout(first)).statusCode).toBe(204);
    expect((await logout('garbage')).statusCode).toBe(204);
    // Without any token it is refused like every request another site could send (no harm either way).
    expect((await logout()).statusCode).toBe(415);
    // A fresh login works.
    expect(await capacityStatus(await logIn('logout@session.example.com'))).toBe(200);
  });

  it.each([
    ['e-mail', { email: 'renamed@session.example.com' }],
    ['role', { is_admin: true }],
    ['status', { is_active: false }],
  ])('refuses tokens issued before an admin changed the user’s %s', async (_change, changes) => {
    const email = `changed-${Object.keys(changes)[0]}@session.example.com`;
    const user = await addUser(email);
    const loggedIn = await logIn(email);
    expect(await capacityStatus(user.token)).toBe(200);
    expect(await capacityStatus(loggedIn)).toBe(200);

    const updated = await call('PUT', `/api/v1/users/${user.id}`, adminToken, changes);
    expect(updated.statusCode).toBe(200);
    expect(await capacityStatus(user.token)).toBe(401);
    expect(await capacityStatus(loggedIn)).toBe(401);
    // The admin who made the change keeps their session.
    expect(await capacityStatus(adminToken)).toBe(200);
  });

  it('keeps tokens refused after a deactivated user is reactivated; a fresh login works', async () => {
    const email = 'reactivated@session.example.com';
    const user = await addUser(email);
    const loggedIn = await logIn(email);
    await call('PUT', `/api/v1/users/${user.id}`, adminToken, { is_active: false });
    await call('PUT', `/api/v1/users/${user.id}`, adminToken, { is_active: true });
    expect(await capacityStatus(user.token)).toBe(401);
    expect(await capacityStatus(loggedIn)).toBe(401);
    expect(await capacityStatus(await logIn(email))).toBe(200);
  });

  it('keeps sessions when an update changes nothing', async () => {
    const email = 'unchanged@session.example.com';
    const user = await addUser(email);
    const updated = await call('PUT', `/api/v1/users/${user.id}`, adminToken, {
      email,
      is_admin: false,
      is_active: true,
    });
    expect(updated.statusCode).toBe(200);
    expect(await capacityStatus(user.token)).toBe(200);
  });

  it('refuses tokens of a deleted user', async () => {
    const user = await addUser('deleted@session.example.com');
    expect(await capacityStatus(user.token)).toBe(200);
    expect(
      (
        await app.fastify.inject({
          method: 'DELETE',
          url: `/api/v1/users/${user.id}`,
          headers: { authorization: `Bearer ${adminToken}` },
        })
      ).statusCode,
    ).toBe(204);
    expect(await capacityStatus(user.token)).toBe(401);
  });

  it('refuses tokens signed before sessions could be revoked (no id or session version)', async () => {
    const issuedAt = Math.floor(now.getTime() / 1000);
    const legacy = (extra: Record<string, unknown>) =>
      new SignJWT({
        dot: '8101',
        user_id: ids.admin,
        is_admin: true,
        email: 'admin@session.example.com',
        ...extra,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(company.id))
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + 3600)
        .sign(new TextEncoder().encode(SECRET));
    expect(await capacityStatus(await legacy({}))).toBe(401);
    expect(await capacityStatus(await legacy({ session_version: 0 }))).toBe(401);
    expect(await capacityStatus(await legacy({ jti: 'abc' }))).toBe(401);
    // The same claims with both are accepted: the refusal is about the missing claims alone.
    expect(await capacityStatus(await legacy({ jti: 'abc', session_version: 0 }))).toBe(200);
  });

  it('forgets logged-out tokens once they would have expired anyway', async () => {
    const user = await addUser('pruned@session.example.com');
    await logout(user.token);
    const revoked = () => app.database.db.selectFrom('revoked_sessions').select('jti').execute();
    expect((await revoked()).length).toBeGreaterThan(0);
    // Eight days on, every token logged out above has expired; the next logout prunes their ids.
    now = new Date(now.getTime() + 8 * 86_400_000);
    const fresh = await addUser('after@session.example.com');
    await logout(fresh.token);
    expect(await revoked()).toHaveLength(1);
    expect(await capacityStatus(user.token)).toBe(401);
  });
});

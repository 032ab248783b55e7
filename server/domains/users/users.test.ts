import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrier, seedCarriers } from '../../../tests/support/factories.ts';
import { addCompanyUser } from '../../../tests/support/sessions.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { testDialect } from '../../../tests/support/test-database.ts';

describe(`users API on ${testDialect}`, () => {
  let app: TestApp;
  const ids = { companyA: 0, companyB: 0, adminA: 0, secondAdminA: 0, staffA: 0, adminB: 0 };
  const tokens = { adminA: '', secondAdminA: '', staffA: '', adminB: '' };

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
    app.fastify.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });

  beforeAll(async () => {
    app = await createTestApp();
    await seedCarriers(app.database.db, testDialect, [
      carrier({ dot_number: 7001, legal_name: 'A CO' }),
      carrier({ dot_number: 7002, legal_name: 'B CO' }),
    ]);
    const companies = await app.database.db
      .selectFrom('companies')
      .select(['id', 'dot_number'])
      .orderBy('dot_number')
      .execute();
    const [companyA, companyB] = companies as [(typeof companies)[number], (typeof companies)[number]];
    ids.companyA = companyA.id;
    ids.companyB = companyB.id;
    const users = [
      ['adminA', companyA, 'admin@a.example.com', true],
      ['secondAdminA', companyA, 'second@a.example.com', true],
      ['staffA', companyA, 'staff@a.example.com', false],
      ['adminB', companyB, 'admin@b.example.com', true],
    ] as const;
    for (const [key, company, email, isAdmin] of users) {
      const claims = await addCompanyUser(app, company, email, { isAdmin });
      ids[key] = claims.user_id;
      tokens[key] = await app.services.sessions.sign(claims);
    }
  });
  afterAll(async () => {
    await app.close();
  });

  it('refuses forged, truncated, foreign-secret and unsigned tokens', async () => {
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const payload = {
      sub: String(ids.companyA),
      dot: '7001',
      user_id: ids.adminA,
      is_admin: true,
      exp: 4_000_000_000,
    };
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode(payload)}.`;
    const { SignJWT } = await import('jose');
    const foreign = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-that-is-long-enough-for-hs256'));
    for (const token of [unsigned, foreign, tokens.adminA.slice(0, 40), 'garbage']) {
      const response = await call('GET', '/api/v1/users', token);
      expect(response.statusCode).toBe(401);
    }
  });

  it('needs a valid session and an admin', async () => {
    expect((await call('GET', '/api/v1/users')).statusCode).toBe(401);
    const forged = await call('GET', '/api/v1/users', `${tokens.adminA.slice(0, -4)}AAAA`);
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ detail: 'Session expired or invalid' });
    const staff = await call('GET', '/api/v1/users', tokens.staffA);
    expect(staff.statusCode).toBe(403);
    expect(staff.json()).toMatchObject({ detail: 'Only company admins can manage users' });
  });

  it('lists only the users of the caller’s company', async () => {
    const response = await call('GET', '/api/v1/users', tokens.adminA);
    expect(response.statusCode).toBe(200);
    expect(response.json().map((user: { email: string }) => user.email)).toEqual([
      'admin@a.example.com',
      'second@a.example.com',
      'staff@a.example.com',
    ]);
    expect(response.json()[2]).toEqual({
      id: ids.staffA,
      email: 'staff@a.example.com',
      is_admin: false,
      is_active: true,
      company_id: ids.companyA,
    });
  });

  it('creates users in the own company only, once per address', async () => {
    const created = await call('POST', '/api/v1/users', tokens.adminA, {
      email: ' New@A.example.com ',
      company_id: ids.companyA,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ email: 'new@a.example.com', is_admin: false, is_active: true });
    const duplicate = await call('POST', '/api/v1/users', tokens.adminA, {
      email: 'new@a.example.com',
      company_id: ids.companyA,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ detail: 'A user with this email already exists' });
    const foreign = await call('POST', '/api/v1/users', tokens.adminA, {
      email: 'x@b.example.com',
      company_id: ids.companyB,
    });
    expect(foreign.statusCode).toBe(403);
    expect(
      (await call('POST', '/api/v1/users', tokens.adminA, { email: 'bad', company_id: ids.companyA }))
        .statusCode,
    ).toBe(400);
    const wrongType = await call('POST', '/api/v1/users', tokens.adminA, {
      email: 'y@a.example.com',
      company_id: ids.companyA,
      is_admin: 'yes',
    });
    expect(wrongType.statusCode).toBe(400);
  });

  it('updates users of the own company, never the caller’s own row or another company’s', async () => {
    const updated = await call('PUT', `/api/v1/users/${ids.staffA}`, tokens.adminA, {
      is_admin: true,
      email: 'staff2@a.example.com',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ email: 'staff2@a.example.com', is_admin: true, is_active: true });
    expect(
      (await call('PUT', `/api/v1/users/${ids.adminA}`, tokens.adminA, { is_admin: false })).statusCode,
    ).toBe(403);
    const foreign = await call('PUT', `/api/v1/users/${ids.adminB}`, tokens.adminA, { is_active: false });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ detail: 'User not found' });
    expect((await call('PUT', '/api/v1/users/abc', tokens.adminA, { is_admin: true })).statusCode).toBe(400);
    expect(
      (await call('PUT', `/api/v1/users/${ids.staffA}`, tokens.adminA, { role: 'owner' })).statusCode,
    ).toBe(400);
  });

  it('refuses the token of a deactivated user at once', async () => {
    expect((await call('GET', '/api/v1/users', tokens.secondAdminA)).statusCode).toBe(200);
    await call('PUT', `/api/v1/users/${ids.secondAdminA}`, tokens.adminA, { is_active: false });
    const refused = await call('GET', '/api/v1/users', tokens.secondAdminA);
    expect(refused.statusCode).toBe(401);
  });

  it('keeps an active admin: the only admin cannot demote, deactivate or delete themselves', async () => {
    for (const change of [{ is_admin: false }, { is_active: false }]) {
      const response = await call('PUT', `/api/v1/users/${ids.adminB}`, tokens.adminB, change);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ detail: 'You cannot change your own user' });
    }
    const removal = await call('DELETE', `/api/v1/users/${ids.adminB}`, tokens.adminB);
    expect(removal.json()).toMatchObject({ detail: 'You cannot delete your own user' });
  });

  it('deletes users of the own company, not the caller', async () => {
    expect((await call('DELETE', `/api/v1/users/${ids.adminA}`, tokens.adminA)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/v1/users/${ids.adminB}`, tokens.adminA)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/v1/users/${ids.secondAdminA}`, tokens.adminA)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/v1/users/${ids.secondAdminA}`, tokens.adminA)).statusCode).toBe(404);
    // A deleted user's token is refused too.
    expect((await call('GET', '/api/v1/users', tokens.secondAdminA)).statusCode).toBe(401);
  });
});

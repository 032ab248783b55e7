import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPACITY_FULL_DETAIL, MAX_CAPACITY_ENTRIES } from '../../../core/capacity.ts';
import { carrier, seedCarriers } from '../../../tests/support/factories.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { signInOwner } from '../../../tests/support/sessions.ts';
import { testDialect } from '../../../tests/support/test-database.ts';

describe(`capacity board API on ${testDialect}`, () => {
  let app: TestApp;
  const tokens = { a: '', b: '', c: '' };
  let companyC = 0;
  const today = new Date('2026-11-22T12:00:00Z');

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string | null,
    payload?: object,
  ) =>
    app.fastify.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const entry = { date: '2026-12-01', trailer: 'Reefer', origin: 'Dallas, TX', destination: 'Chicago, IL' };

  beforeAll(async () => {
    app = await createTestApp({}, { clock: () => today });
    await seedCarriers(app.database.db, testDialect, [
      carrier({ dot_number: 9001, legal_name: 'A CO' }),
      carrier({ dot_number: 9002, legal_name: 'B CO' }),
      carrier({ dot_number: 9003, legal_name: 'C CO' }),
    ]);
    const companies = await app.database.db
      .selectFrom('companies')
      .select(['id', 'dot_number'])
      .orderBy('dot_number')
      .execute();
    // Standard users: managing the capacity board is not an admin's privilege.
    tokens.a = await signInOwner(app, companies[0]!, 'a@example.com', { isAdmin: false });
    tokens.b = await signInOwner(app, companies[1]!, 'b@example.com', { isAdmin: false });
    tokens.c = await signInOwner(app, companies[2]!, 'c@example.com', { isAdmin: false });
    companyC = companies[2]!.id;
  });
  afterAll(async () => {
    await app.close();
  });

  it('runs the whole cycle for the owner', async () => {
    const created = await call('POST', '/api/v1/capacity', tokens.a, entry);
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    const anytime = await call('POST', '/api/v1/capacity', tokens.a, {
      ...entry,
      date: '9999-12-31',
      destination: undefined,
    });
    expect(anytime.json()).toMatchObject({ date: '9999-12-31', destination: '' });
    const updated = await call('PUT', `/api/v1/capacity/${id}`, tokens.a, { ...entry, trailer: 'Dry Van' });
    expect(updated.json()).toMatchObject({ id, trailer: 'Dry Van' });
    const list = await call('GET', '/api/v1/capacity', tokens.a);
    expect(list.json().map((item: { trailer: string }) => item.trailer)).toEqual(['Dry Van', 'Reefer']);
    expect((await call('DELETE', `/api/v1/capacity/${id}`, tokens.a)).statusCode).toBe(204);
    expect((await call('GET', '/api/v1/capacity', tokens.a)).json()).toHaveLength(1);
  });

  it('keeps companies apart', async () => {
    const { id } = (await call('POST', '/api/v1/capacity', tokens.a, entry)).json();
    expect((await call('GET', '/api/v1/capacity', tokens.b)).json()).toEqual([]);
    expect((await call('PUT', `/api/v1/capacity/${id}`, tokens.b, entry)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/v1/capacity/${id}`, tokens.b)).statusCode).toBe(404);
    expect((await call('GET', '/api/v1/capacity', null)).statusCode).toBe(401);
  });

  it(`keeps a board to ${MAX_CAPACITY_ENTRIES} entries, however many adds run at once`, async () => {
    const entriesOfC = async () =>
      app.database.db
        .selectFrom('capacity_entries')
        .select('id')
        .where('company_id', '=', companyC)
        .execute();
    const stamp = today.toISOString();
    await app.database.db
      .insertInto('capacity_entries')
      .values(
        Array.from({ length: MAX_CAPACITY_ENTRIES - 10 }, () => ({
          company_id: companyC,
          ...entry,
          created_at: stamp,
          updated_at: stamp,
        })),
      )
      .execute();
    const adds = await Promise.all(
      Array.from({ length: 30 }, () => call('POST', '/api/v1/capacity', tokens.c, entry)),
    );
    const statuses = adds.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([...Array(10).fill(201), ...Array(20).fill(409)]);
    expect(adds.find((response) => response.statusCode === 409)?.json()).toEqual({
      detail: CAPACITY_FULL_DETAIL,
      code: 'conflict',
    });
    expect(await entriesOfC()).toHaveLength(MAX_CAPACITY_ENTRIES);

    // A full board still takes changes, and deleting an entry makes room for one more.
    const [first] = await entriesOfC();
    const changed = await call('PUT', `/api/v1/capacity/${first!.id}`, tokens.c, {
      ...entry,
      trailer: 'Van',
    });
    expect(changed.statusCode).toBe(200);
    expect((await call('DELETE', `/api/v1/capacity/${first!.id}`, tokens.c)).statusCode).toBe(204);
    expect((await call('POST', '/api/v1/capacity', tokens.c, entry)).statusCode).toBe(201);
    expect((await call('POST', '/api/v1/capacity', tokens.c, entry)).statusCode).toBe(409);
  });

  it.each([
    [{ ...entry, date: '2026-11-21' }, 'date: the date cannot be in the past'],
    [{ ...entry, date: '2026-02-30' }, 'date: must be a real date'],
    [{ ...entry, date: '12/01/2026' }, 'date: must be a date as YYYY-MM-DD'],
    [{ ...entry, trailer: '  ' }, 'trailer: is required'],
    [{ date: entry.date, trailer: 'Van' }, 'origin: Invalid input: expected string, received undefined'],
    [{ ...entry, price: 5 }, 'Unrecognized key: "price"'],
    [{ ...entry, origin: 'Dallas\u202E, TX' }, 'origin: cannot contain control or format characters'],
    [{ ...entry, destination: 'Chicago\u200B' }, 'destination: cannot contain control or format characters'],
    [{ ...entry, trailer: 'Van\u0007' }, 'trailer: cannot contain control or format characters'],
  ])('refuses %j with 400', async (body, detail) => {
    const response = await call('POST', '/api/v1/capacity', tokens.a, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ detail });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrier, seedCarriers } from '../../../tests/support/factories.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { signInOwner } from '../../../tests/support/sessions.ts';
import { testDialect } from '../../../tests/support/test-database.ts';

describe(`content blocks API on ${testDialect}`, () => {
  let app: TestApp;
  const ids = { companyA: 0, companyB: 0 };
  const tokens = { a: '', b: '' };

  const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, token: string | null, payload?: object) =>
    app.fastify.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const create = (token: string, companyId: number, block: object) =>
    call('POST', '/api/v1/content/blocks', token, { company_id: companyId, ...block });

  beforeAll(async () => {
    app = await createTestApp();
    await seedCarriers(app.database.db, testDialect, [
      carrier({ dot_number: 8001, legal_name: 'A CO' }),
      carrier({ dot_number: 8002, legal_name: 'B CO' }),
    ]);
    const companies = await app.database.db
      .selectFrom('companies')
      .select(['id'])
      .orderBy('dot_number')
      .execute();
    ids.companyA = companies[0]!.id;
    ids.companyB = companies[1]!.id;
    tokens.a = await signInOwner(app, { id: ids.companyA, dot_number: 8001 }, 'a@example.com');
    tokens.b = await signInOwner(app, { id: ids.companyB, dot_number: 8002 }, 'b@example.com');
  });
  afterAll(async () => {
    await app.close();
  });

  it('creates blocks with the default titles, widths and picture rules', async () => {
    const about = await create(tokens.a, ids.companyA, { block_type: 'about_us' });
    expect(about.statusCode).toBe(201);
    expect(about.json()).toMatchObject({
      block_type: 'about_us',
      block_title: 'About Our Company',
      block_content: '',
      block_position: 0,
      block_width: 'full',
      is_visible: true,
      hide_title: false,
      start_new_row: false,
    });
    const picture = (
      await create(tokens.a, ids.companyA, { block_type: 'profile_picture', hide_title: false })
    ).json();
    expect(picture).toMatchObject({
      block_title: 'Profile Picture',
      block_width: 'one-third',
      hide_title: true,
      block_position: 1,
    });
  });

  it('allows one block per type except custom', async () => {
    const again = await create(tokens.a, ids.companyA, { block_type: 'about_us' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: 'This profile already has a about_us block' });
    expect((await create(tokens.a, ids.companyA, { block_type: 'custom' })).statusCode).toBe(201);
    expect((await create(tokens.a, ids.companyA, { block_type: 'custom' })).statusCode).toBe(201);
  });

  it('sanitises custom HTML on save', async () => {
    const block = (
      await create(tokens.a, ids.companyA, {
        block_type: 'custom',
        block_content: '<p onclick="x()">Hi</p><script>alert(1)</script>',
      })
    ).json();
    expect(block.block_content).toBe('<p>Hi</p>');
  });

  it.each([
    [{ block_type: 'weather' }, 'block_type'],
    [{ block_type: 'about_us', block_width: 'quarter' }, 'block_width'],
    [{ block_type: 'about_us', hide_title: 'yes' }, 'hide_title'],
    [{ block_type: 'about_us', surprise: 1 }, 'Unrecognized key'],
    // Format characters (a bidi override, a zero-width space) read otherwise than they are.
    [
      { block_type: 'custom', block_title: 'Our \u202Eyrots' },
      'block_title: cannot contain control or format characters',
    ],
    [
      { block_type: 'custom', block_title: 'Zero\u200Bwidth' },
      'block_title: cannot contain control or format characters',
    ],
  ])('refuses %j with 400', async (body, mention) => {
    const response = await create(tokens.a, ids.companyA, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain(mention);
  });

  it('needs a session and the own company', async () => {
    expect(
      (
        await call('POST', '/api/v1/content/blocks', null, {
          company_id: ids.companyA,
          block_type: 'ratings',
        })
      ).statusCode,
    ).toBe(401);
    const foreign = await create(tokens.b, ids.companyA, { block_type: 'ratings' });
    expect(foreign.statusCode).toBe(403);
  });

  it('updates only the fields sent, and only the own blocks', async () => {
    const block = (
      await create(tokens.a, ids.companyA, { block_type: 'capacity', block_content: 'keep me' })
    ).json();
    const updated = await call('PUT', `/api/v1/content/blocks/${block.id}`, tokens.a, {
      block_width: 'half',
      start_new_row: true,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      block_width: 'half',
      start_new_row: true,
      block_content: 'keep me',
      block_title: 'Capacity Board',
    });
    const foreign = await call('PUT', `/api/v1/content/blocks/${block.id}`, tokens.b, { is_visible: false });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await call('PUT', '/api/v1/content/blocks/abc', tokens.a, { is_visible: false })).statusCode,
    ).toBe(400);
    expect(
      (await call('PUT', `/api/v1/content/blocks/${block.id}`, tokens.a, { block_width: 'wide' })).statusCode,
    ).toBe(400);
  });

  it('reorders exactly the company’s blocks', async () => {
    const own = await app.database.db
      .selectFrom('content_blocks')
      .select('id')
      .where('company_id', '=', ids.companyA)
      .orderBy('id')
      .execute();
    const reversed = own.map((block, index) => ({ id: block.id, position: own.length - 1 - index }));
    const ok = await call('PUT', '/api/v1/content/blocks/reorder', tokens.a, { blocks: reversed });
    expect(ok.statusCode).toBe(200);
    const missing = await call('PUT', '/api/v1/content/blocks/reorder', tokens.a, {
      blocks: reversed.slice(1),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ detail: "The order must list exactly this profile's blocks" });
    const duplicated = await call('PUT', '/api/v1/content/blocks/reorder', tokens.a, {
      blocks: [...reversed, reversed[0]],
    });
    expect(duplicated.json()).toMatchObject({ detail: 'Each block may appear only once' });
    const foreign = await call('PUT', '/api/v1/content/blocks/reorder', tokens.b, { blocks: reversed });
    expect(foreign.statusCode).toBe(400);
    const fractional = await call('PUT', '/api/v1/content/blocks/reorder', tokens.a, {
      blocks: [{ id: own[0]!.id, position: 1.5 }],
    });
    expect(fractional.statusCode).toBe(400);
  });

  it('deletes a block and renumbers the rest from 0', async () => {
    const before = await app.database.db
      .selectFrom('content_blocks')
      .select(['id', 'block_position'])
      .where('company_id', '=', ids.companyA)
      .orderBy('block_position')
      .execute();
    expect((await call('DELETE', `/api/v1/content/blocks/${before[0]!.id}`, tokens.b)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/v1/content/blocks/${before[0]!.id}`, tokens.a)).statusCode).toBe(204);
    const after = await app.database.db
      .selectFrom('content_blocks')
      .select(['id', 'block_position'])
      .where('company_id', '=', ids.companyA)
      .orderBy('block_position')
      .execute();
    expect(after.map((block) => block.block_position)).toEqual(after.map((_block, index) => index));
    expect(after.map((block) => block.id)).toEqual(before.slice(1).map((block) => block.id));
  });
});

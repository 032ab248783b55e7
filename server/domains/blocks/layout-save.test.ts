import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrier, seedCarriers } from '../../../tests/support/factories.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { signInOwner } from '../../../tests/support/sessions.ts';
import { testDialect } from '../../../tests/support/test-database.ts';

/** What the grid layout editor sends when it saves (owner-side section 4), and what the server refuses. */
describe(`saving a grid layout on ${testDialect}`, () => {
  let app: TestApp;
  const tokens = { a: '', b: '' };
  const blockIds = { a: [] as number[], b: [] as number[] };

  const put = (url: string, token: string, payload: unknown) =>
    app.fastify.inject({
      method: 'PUT',
      url,
      payload: payload as object,
      headers: { authorization: `Bearer ${token}` },
    });
  const reorder = (token: string, blocks: unknown) =>
    put('/api/v1/content/blocks/reorder', token, { blocks });
  const positions = async () =>
    (await app.fastify.inject({ url: '/api/v1/companies/profile/9201' }))
      .json()
      .blocks.map((block: { id: number; block_position: number }) => [block.id, block.block_position]);

  beforeAll(async () => {
    app = await createTestApp();
    await seedCarriers(app.database.db, testDialect, [
      carrier({ dot_number: 9201, legal_name: 'GRID CO' }),
      carrier({ dot_number: 9202, legal_name: 'NEIGHBOUR CO' }),
    ]);
    for (const [key, dot] of [
      ['a', 9201],
      ['b', 9202],
    ] as const) {
      const company = await app.database.db
        .selectFrom('companies')
        .select(['id', 'dot_number'])
        .where('dot_number', '=', dot)
        .executeTakeFirstOrThrow();
      tokens[key] = await signInOwner(app, company, `${key}@example.com`);
      for (const block_type of ['about_us', 'ratings', 'header_picture']) {
        const created = await app.fastify.inject({
          method: 'POST',
          url: '/api/v1/content/blocks',
          payload: { company_id: company.id, block_type },
          headers: { authorization: `Bearer ${tokens[key]}` },
        });
        blockIds[key].push(created.json().id);
      }
    }
  });
  afterAll(async () => {
    await app.close();
  });

  it('applies the reorder of every block, then one partial update per changed block', async () => {
    const [about, ratings, header] = blockIds.a as [number, number, number];
    const order = [
      { id: header, position: 0 },
      { id: ratings, position: 1 },
      { id: about, position: 2 },
    ];
    expect((await reorder(tokens.a, order)).statusCode).toBe(200);
    const update = await put(`/api/v1/content/blocks/${about}`, tokens.a, {
      block_width: 'one-third',
      start_new_row: true,
    });
    expect(update.statusCode).toBe(200);
    expect(await positions()).toEqual([
      [header, 0],
      [ratings, 1],
      [about, 2],
    ]);
    const saved = (await app.fastify.inject({ url: '/api/v1/companies/profile/9201' })).json().blocks;
    expect(saved[2]).toMatchObject({
      block_width: 'one-third',
      start_new_row: true,
      block_title: 'About Our Company',
    });
  });

  it.each([
    [
      'a duplicated id',
      (ids: number[]) => [...ids.map((id, i) => ({ id, position: i })), { id: ids[0], position: 9 }],
    ],
    ['a missing id', (ids: number[]) => ids.slice(1).map((id, i) => ({ id, position: i }))],
    ['a fractional position', (ids: number[]) => ids.map((id, i) => ({ id, position: i + 0.5 }))],
    ['a position sent as text', (ids: number[]) => ids.map((id, i) => ({ id, position: String(i) }))],
    ['a negative position', (ids: number[]) => ids.map((id, i) => ({ id, position: i - 1 }))],
    ['an id sent as text', (ids: number[]) => ids.map((id, i) => ({ id: String(id), position: i }))],
  ])('refuses a reorder with %s (400) and changes nothing', async (_case, build) => {
    const before = await positions();
    const response = await reorder(tokens.a, build(blockIds.a));
    expect(response.statusCode).toBe(400);
    expect(typeof response.json().detail).toBe('string');
    expect(await positions()).toEqual(before);
  });

  it('refuses a reorder that lists another company’s block, even beside all of its own', async () => {
    const before = await positions();
    const own = blockIds.a.map((id, position) => ({ id, position }));
    const withForeign = await reorder(tokens.a, [...own, { id: blockIds.b[0], position: 3 }]);
    expect(withForeign.statusCode).toBe(400);
    const swapped = await reorder(tokens.a, [...own.slice(1), { id: blockIds.b[0], position: 0 }]);
    expect(swapped.json()).toMatchObject({ detail: "The order must list exactly this profile's blocks" });
    expect(await positions()).toEqual(before);
  });

  it.each(['quarter', 'Full', '', 'three-quarters', 1])('refuses the width %j with 400', async (width) => {
    const response = await put(`/api/v1/content/blocks/${blockIds.a[0]}`, tokens.a, { block_width: width });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain('block_width');
  });

  it('refuses a row break that is not a boolean', async () => {
    const response = await put(`/api/v1/content/blocks/${blockIds.a[0]}`, tokens.a, { start_new_row: 'yes' });
    expect(response.statusCode).toBe(400);
  });
});
